import { z } from 'zod';

/** The two doors of /demo (issue 18): the role the visitor tries. */
export const DEMO_ROLES = ['driver', 'transporter'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

export const demoLoginSchema = z.object({
  role: z.enum(DEMO_ROLES, { error: 'Choisissez chauffeur ou transporteur' }),
});
export type DemoLogin = z.infer<typeof demoLoginSchema>;

/** Hours without activity after which a sandbox and everything in it is removed. */
export const DEMO_IDLE_HOURS = 24;

/** The French texts of the demonstration, shared by the API and the screens (SPEC §8 for the reset). */
export const demoMessages = {
  resetDone: 'Les données de démonstration ont été réinitialisées avec succès',
  resetTitle: 'Données réinitialisées',
  resetFailed: 'Échec de la réinitialisation',
  notDemo: 'Réservé aux comptes de démonstration',
  signedIn: 'Vous êtes connecté avec votre compte : déconnectez-vous pour essayer la démonstration.',
  tooManyFromAddress:
    'Trop de démonstrations ouvertes depuis cette adresse. Réessayez dans une heure ou reprenez la vôtre.',
  full: 'La démonstration est très demandée en ce moment. Réessayez dans quelques minutes.',
  notInDemo: 'Cette action n’est pas disponible en mode démo : créez un compte gratuit pour l’utiliser.',
} as const;
