/**
 * The demonstration's constants and French texts (decision 022), without zod: the /demo page, the MODE DÉMO banner
 * and the disabled controls read them, and a page's chunk must not pull the validation library in
 * (src/core/schemas/demo.ts re-exports them for the API).
 */

/** The two doors of /demo: the role the visitor tries. */
export const DEMO_ROLES = ['driver', 'transporter'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

/** Hours without activity after which a sandbox and everything in it is removed. */
export const DEMO_IDLE_HOURS = 24;

/** The French texts of the demonstration, shared by the API and the screens (docs/specification.md §8 for the reset). */
export const demoMessages = {
  resetDone: 'Les données de démonstration ont été réinitialisées avec succès',
  resetTitle: 'Données réinitialisées',
  resetFailed: 'Échec de la réinitialisation',
  notDemo: 'Réservé aux comptes de démonstration',
  noSandbox: 'Ce compte de démonstration n’a pas de données de démonstration à réinitialiser.',
  signedIn: 'Vous êtes connecté avec votre compte : déconnectez-vous pour essayer la démonstration.',
  tooManyFromAddress:
    'Trop de démonstrations ouvertes depuis cette adresse. Réessayez dans une heure ou reprenez la vôtre.',
  full: 'La démonstration est très demandée en ce moment. Réessayez dans quelques minutes.',
  notInDemo: 'Cette action n’est pas disponible en mode démo : créez un compte gratuit pour l’utiliser.',
} as const;
