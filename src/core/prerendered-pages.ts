/** Public pages rendered at build time (scripts/prerender.ts) and served as HTML by the server. */
export const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'Relais — missions de dernière minute pour chauffeurs poids lourds',
  '/pricing': 'Plans & Tarifs — Relais',
  '/login': 'Connexion — Relais',
  '/register': 'Créer un compte — Relais',
  '/explorer': 'Explorer les missions — Relais',
  '/privacy': 'Politique de confidentialité — Relais',
  '/cgu-cgv': 'CGU / CGV — Relais',
  '/mentions-legales': 'Mentions légales — Relais',
  '/installer-pwa': 'Installer l’application — Relais',
  '/demo': 'Démo — essayez Relais en un clic',
  '/demo/login': 'Démo — essayez Relais en un clic',
};

export function prerenderedFileName(page: string): string {
  return page === '/' ? 'home.html' : `${page.slice(1).replace(/\//g, '-')}.html`;
}
