import { z } from 'zod';
import { SUBSCRIPTION_PLANS } from '../rules/enums.js';
import { ROLES } from '../rules/roles.js';
import { dateSchema } from './dates.js';
import { cleanText, optionalText, requiredText, textMessages } from './text.js';

/**
 * The back office's « Utilisateurs » (decision 021): the search, a member's page as the team sees it (never their
 * messages), and the actions on the account, shared by the API and the screens.
 */

export const adminUsersMessages = {
  reasonRequired: 'Indiquez le motif (5 caractères au moins)',
  reasonTooLong: 'Le motif ne doit pas dépasser 500 caractères',
  userNotFound: 'Utilisateur introuvable',
  deleted: 'Ce compte a été supprimé par son titulaire : il ne peut plus être modifié.',
  self: 'Vous ne pouvez pas désactiver votre propre compte.',
  lastAdmin: 'C’est le dernier administrateur actif : invitez-en un autre avant de désactiver ce compte.',
  alreadyDeactivated: 'Ce compte est déjà désactivé.',
  alreadyActive: 'Ce compte est déjà actif.',
  removedAdmin:
    'Cet administrateur a été retiré : invitez-le à nouveau depuis « Administrateurs » (il recevra un lien et choisira un nouveau mot de passe).',
  alreadyVerified: 'L’adresse e-mail de ce compte est déjà confirmée.',
  closedAccount: 'Ce compte est désactivé : réactivez-le avant de renvoyer le lien.',
  mailFailed: 'Le lien a été créé mais l’e-mail n’a pas pu partir. Réessayez dans un instant.',
  demoAdmin: 'Un compte administrateur ne peut pas être un compte de démonstration.',
  alreadyDemo: 'Ce compte est déjà marqué comme compte de démonstration.',
  notDemo: 'Ce compte n’est pas un compte de démonstration.',
  sandboxAccount:
    'Ce compte appartient à la démonstration d’un visiteur : il disparaît avec elle et ne peut pas changer de monde.',
  invalidDay: 'Date invalide (AAAA-MM-JJ)',
  searchTooLong: 'La recherche ne doit pas dépasser 100 caractères',
} as const;

export const USER_STATUS_FILTERS = ['active', 'deactivated', 'deleted'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
export const USER_STATUS_LABELS: Record<UserStatusFilter, string> = {
  active: 'Actif',
  deactivated: 'Désactivé',
  deleted: 'Supprimé',
};

const yesNo = z.enum(['true', 'false'], { error: 'Valeur attendue : true ou false' });

/** GET /api/admin/users */
export const adminUserQuerySchema = z.object({
  q: z
    .string()
    .max(100, adminUsersMessages.searchTooLong)
    .refine((value) => cleanText(value).ok, textMessages.control)
    .transform((value) => value.trim())
    .optional(),
  role: z.enum(ROLES, { error: 'Rôle inconnu' }).optional(),
  plan: z.enum(SUBSCRIPTION_PLANS, { error: 'Formule inconnue' }).optional(),
  status: z.enum(USER_STATUS_FILTERS, { error: 'Statut inconnu' }).optional(),
  verified: yesNo.optional(),
  demo: yesNo.optional(),
  createdFrom: dateSchema({ invalid: adminUsersMessages.invalidDay }).optional(),
  createdTo: dateSchema({ invalid: adminUsersMessages.invalidDay, endOfDay: true }).optional(),
  page: z.coerce.number({ error: 'Page invalide' }).int('Page invalide').min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'Taille invalide' }).int('Taille invalide').min(1).max(100).default(25),
});

/** Where an account stands: open, closed by the team (or suspended), or deleted by its holder. */
const accountStateSchema = z.enum(['active', 'deactivated', 'deleted']);
export type AccountState = z.infer<typeof accountStateSchema>;

const adminUserRowSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  companyName: z.string().nullable(),
  siretNumber: z.string().nullable(),
  plan: z.enum(SUBSCRIPTION_PLANS),
  state: accountStateSchema,
  emailVerified: z.boolean(),
  isDemo: z.boolean(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

const missionRef = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.string(),
});

const reviewSchema = z.object({
  id: z.uuid(),
  missionId: z.uuid(),
  missionTitle: z.string(),
  /** The other person: who wrote it (received) or whom it is about (given). */
  otherName: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  removedAt: z.string().nullable(),
});

export const adminUserDetailSchema = z.object({
  profile: adminUserRowSchema.extend({
    userType: z.string(),
    isAdmin: z.boolean(),
    deactivationReason: z.string().nullable(),
    deactivatedAt: z.string().nullable(),
    deletedAt: z.string().nullable(),
    licenseNumber: z.string().nullable(),
    licenseType: z.string().nullable(),
    yearsExperience: z.number(),
    certifications: z.array(z.string()),
    vehicleTypes: z.array(z.string()),
    currentLocation: z.string().nullable(),
    documentsVerified: z.boolean(),
    billingAddress: z.string().nullable(),
    vatRegime: z.string().nullable(),
    vatNumber: z.string().nullable(),
    reputationScore: z.string(),
    /** Administrators: whether a second factor is enrolled (never the secret). */
    secondFactorEnabled: z.boolean(),
  }),
  documents: z.array(
    z.object({
      id: z.uuid(),
      type: z.string(),
      fileName: z.string(),
      status: z.string(),
      expirationDate: z.string().nullable(),
      uploadedAt: z.string(),
      rejectionReason: z.string().nullable(),
      missionId: z.uuid().nullable(),
      /** The access-checked route that serves the file to an administrator (a driver's papers), else null. */
      fileUrl: z.string().nullable(),
    }),
  ),
  missions: z.array(
    missionRef.extend({
      /** The member's part: the transporter who published it, or the driver it is assigned to. */
      as: z.enum(['company', 'driver']),
      counterpart: z.string().nullable(),
      pickupCity: z.string().nullable(),
      deliveryCity: z.string().nullable(),
      startDate: z.string(),
      price: z.string(),
      createdAt: z.string(),
    }),
  ),
  applications: z.array(
    z.object({
      id: z.uuid(),
      status: z.string(),
      createdAt: z.string(),
      mission: missionRef.extend({ companyName: z.string().nullable() }),
    }),
  ),
  reviews: z.object({
    received: z.array(reviewSchema),
    given: z.array(reviewSchema),
  }),
  sessions: z.array(
    z.object({
      id: z.uuid(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
      userAgent: z.string().nullable(),
      ipAddress: z.string().nullable(),
    }),
  ),
  subscriptions: z.array(
    z.object({
      id: z.uuid(),
      plan: z.string(),
      interval: z.string(),
      status: z.string(),
      source: z.string(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      invoiceReference: z.string().nullable(),
      amount: z.string().nullable(),
      createdAt: z.string(),
      endedAt: z.string().nullable(),
    }),
  ),
  /** What is under way (left as it is when the account is deactivated: the team decides mission by mission). */
  underway: z.object({
    missions: z.array(missionRef.extend({ as: z.enum(['company', 'driver']) })),
    pendingApplications: z.number(),
  }),
  /** The team's actions on this account, newest first (admin_logs). */
  history: z.array(
    z.object({
      id: z.uuid(),
      action: z.string(),
      adminName: z.string().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** POST /api/admin/users/:id/deactivate: the reason is told to the person when they try to sign in. */
export const deactivateUserSchema = z.object({
  reason: requiredText(adminUsersMessages.reasonRequired, {
    min: 5,
    max: 500,
    tooLong: adminUsersMessages.reasonTooLong,
    multiline: true,
  }),
});

/** POST /api/admin/users/:id/reactivate: a note for the journal, optional. */
export const reactivateUserSchema = z.object({
  reason: optionalText({ max: 500, tooLong: adminUsersMessages.reasonTooLong, multiline: true }),
});

export const deactivationResultSchema = z.object({
  message: z.string(),
  underway: adminUserDetailSchema.shape.underway,
});
