import { z } from 'zod';
import { authMessages, emailSchema, personName, PASSWORD_MAX } from './auth.js';
import { publicUserSchema } from './users.js';

/**
 * What the back office and the server share about administrators' security (decision 021): the code a sensitive action
 * answers when the password must be typed again, and the messages of the second factor.
 */
export { REAUTH_REQUIRED } from '../rules/admin.js';

export const adminMessages = {
  reauthRequired: 'Pour cette action, confirmez votre mot de passe.',
  codeFormat: 'Saisissez les 6 chiffres affichés par votre application',
  codeWrong: 'Code incorrect ou expiré',
  codeReplayed: 'Ce code vient déjà de servir : attendez le suivant (30 secondes au plus).',
  codeMissing: 'Saisissez le code de votre application ou un code de secours',
  recoveryFormat: 'Un code de secours comporte 10 lettres ou chiffres (XXXXX-XXXXX)',
  recoveryWrong: 'Code de secours incorrect ou déjà utilisé',
  tooManyCodes: 'Trop de codes incorrects : reconnectez-vous avec votre mot de passe.',
  passwordWrong: 'Mot de passe incorrect',
  passwordMissing: 'Saisissez votre mot de passe',
  notEnrolled: 'La double authentification n’est pas encore configurée sur ce compte.',
  alreadyEnrolled: 'La double authentification est déjà configurée : saisissez le code de votre application.',
  noEnrolment: 'Commencez par afficher le QR code, puis saisissez le code de votre application.',
  pendingExpired: 'Votre connexion a expiré : reconnectez-vous avec votre mot de passe.',
  invitationInvalid: 'Cette invitation est invalide, a déjà servi ou a été retirée.',
  invitationExpired: 'Cette invitation a expiré : demandez-en une nouvelle à un administrateur.',
  memberEmail:
    'Cette adresse est celle d’un compte chauffeur ou transporteur : un administrateur a un compte à part. Utilisez une autre adresse.',
  alreadyAdmin: 'Cette adresse est déjà celle d’un administrateur actif.',
  invitationRace: 'Une invitation vient d’être envoyée à cette adresse.',
  invitationAccepted: 'Cette invitation a déjà été acceptée.',
  invitationRevoked: 'Cette invitation a déjà été retirée.',
  removeSelf: 'Vous ne pouvez pas retirer votre propre accès administrateur.',
  removeLast: 'Relais doit garder au moins un administrateur actif.',
  alreadyRemoved: 'Cet administrateur a déjà été retiré.',
  adminNotFound: 'Administrateur introuvable',
  invitationNotFound: 'Invitation introuvable',
} as const;

/** The reason written on a removed administrator's account (told at sign-in). */
export const ADMIN_REMOVED_REASON = 'accès administrateur retiré';

/** A second step is needed after the password: type a code, or enrol an authenticator first. */
const SECOND_FACTOR_STEPS = ['verify', 'enrol'] as const;
export type SecondFactorStep = (typeof SECOND_FACTOR_STEPS)[number];

/** The answer of a sign-in (login, first set-up, invitation): for an administrator, the step still to pass. */
export const signInAnswerSchema = publicUserSchema.extend({
  secondFactor: z.enum(SECOND_FACTOR_STEPS).optional(),
});
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** Spaces and dashes typed or pasted with the code are dropped. */
const totpCodeSchema = z
  .string({ error: adminMessages.codeFormat })
  .max(20, adminMessages.codeFormat)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, adminMessages.codeFormat));

/** Recovery codes are shown as XXXXX-XXXXX; read without case, dashes or spaces. */
const recoveryCodeSchema = z
  .string({ error: adminMessages.recoveryFormat })
  .max(40, adminMessages.recoveryFormat)
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{10}$/, adminMessages.recoveryFormat));

export const secondFactorCodeSchema = z.object({ code: totpCodeSchema });

/** Either the authenticator's code or one recovery code. */
export const secondFactorVerifySchema = z
  .object({ code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .superRefine((value, ctx) => {
    if (value.code === undefined && value.recoveryCode === undefined)
      ctx.addIssue({ code: 'custom', path: ['code'], message: adminMessages.codeMissing });
  });

/** What the second-factor screens ask first: does this browser hold a session waiting for its second factor? */
export const secondFactorStatusSchema = z.object({
  state: z.enum(['none', ...SECOND_FACTOR_STEPS]),
  email: z.string().optional(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const enrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The QR code of `uri`, as an SVG document. */
  qrSvg: z.string(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const enrolmentDoneSchema = z.object({
  user: publicUserSchema,
  recoveryCodes: z.array(z.string()),
});
export type EnrolmentDone = z.infer<typeof enrolmentDoneSchema>;

export const verifiedSchema = z.object({
  user: publicUserSchema,
  /** When a recovery code was used: how many are left. */
  recoveryCodesLeft: z.number().int().optional(),
});

export const securityOverviewSchema = z.object({
  secondFactorSince: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Until when sensitive actions need no password (null: the next one asks). */
  reauthUntil: z.string().nullable(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const reauthSchema = z.object({
  password: z
    .string({ error: adminMessages.passwordMissing })
    .min(1, adminMessages.passwordMissing)
    .max(PASSWORD_MAX, authMessages.passwordTooLong),
});

const adminPasswordSchema = z
  .string({ error: authMessages.adminPassword })
  .min(10, authMessages.adminPassword)
  .max(PASSWORD_MAX, authMessages.passwordTooLong);

const invitationTokenSchema = z
  .string({ error: adminMessages.invitationInvalid })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, adminMessages.invitationInvalid);

export const inviteAdminSchema = z.object({ email: emailSchema });
export type InviteAdminInput = z.infer<typeof inviteAdminSchema>;

export const invitationCheckSchema = z.object({ token: invitationTokenSchema });

export const acceptInvitationSchema = z.object({
  token: invitationTokenSchema,
  fullName: personName(authMessages.fullNameDriver),
  password: adminPasswordSchema,
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;
/** The form of the invitation page (the token comes from the address). */
export const acceptInvitationFormSchema = acceptInvitationSchema.omit({ token: true });
export type AcceptInvitationForm = z.infer<typeof acceptInvitationFormSchema>;

export const invitationInfoSchema = z.object({ email: z.string(), expiresAt: z.string() });

const administratorSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  secondFactor: z.boolean(),
  lastLogin: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  self: z.boolean(),
});
export type Administrator = z.infer<typeof administratorSchema>;

const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const administratorsSchema = z.object({
  administrators: z.array(administratorSchema),
  invitations: z.array(invitationSchema),
});
export type Administrators = z.infer<typeof administratorsSchema>;

export const invitationSentSchema = z.object({
  invitation: invitationSchema,
  /** False when the mail server refused it: the invitation stands, send it again. */
  mailSent: z.boolean(),
});
