import { z } from 'zod';
import { LICENSE_TYPES } from '../rules/enums.js';
import { normalizePhone } from '../rules/phone.js';
import { isValidSiret, normalizeSiret } from '../rules/siret.js';
import { requiredText, uniqueList } from './text.js';

/** French messages of docs/specification.md §5, copied exactly; the others follow their tone. */
export const authMessages = {
  email: 'Email invalide',
  password: 'Le mot de passe doit contenir au moins 6 caractères',
  passwordTooLong: 'Le mot de passe ne doit pas dépasser 128 caractères',
  fullNameDriver: 'Nom complet requis',
  fullNameCompany: 'Nom du contact requis',
  phone: 'Numéro de téléphone invalide',
  licenseNumber: 'Numéro de permis requis',
  licenseType: 'Type de permis requis',
  licenseTypeUnknown: 'Type de permis invalide (C, CE, C1 ou C1E)',
  yearsExperience: "Nombre d'années d'expérience invalide",
  companyName: "Nom de l'entreprise requis",
  siret: 'Numéro SIRET invalide',
  siretChecksum: 'Numéro SIRET invalide : la clé de contrôle ne correspond pas',
  userType: 'Type de compte invalide',
  plan: "La formule d'inscription est la formule gratuite",
  adminPassword: 'Le mot de passe administrateur doit contenir au moins 10 caractères',
  emailTaken: 'Un compte existe déjà avec cet email',
  invalidCredentials: 'Email ou mot de passe incorrect',
  accountDisabled: 'Ce compte est désactivé. Contactez le support pour le réactiver.',
} as const;

/**
 * Signing up (decision 039): one answer whether the address is new or already has an account; the account is
 * created by the link mailed to the address.
 */
export const registrationMessages = {
  sent: 'Pour terminer votre inscription, ouvrez l’e-mail que nous venons d’envoyer à cette adresse et suivez son lien.',
  created: 'Votre adresse email est confirmée et votre compte est prêt. Bienvenue sur Relais !',
  expired: 'Ce lien d’inscription a expiré. Inscrivez-vous à nouveau : un nouveau lien vous sera envoyé.',
  taken:
    'Cette adresse a déjà un compte Relais : connectez-vous, ou choisissez un nouveau mot de passe si vous l’avez oublié.',
} as const;

/** What a person whose account an administrator deactivated reads when signing in (the reason is the team's). */
export const deactivatedMessage = (reason: string | null) =>
  reason
    ? `Ce compte a été désactivé par l’équipe Relais. Motif : ${reason}. Contactez le support pour le réactiver.`
    : authMessages.accountDisabled;

const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const emailSchema = z
  .string({ error: authMessages.email })
  .trim()
  .toLowerCase()
  .max(254, authMessages.email)
  .email(authMessages.email)
  // `.invalid` can receive no mail (RFC 2606); deleted accounts are renamed there, so no one may take such a name.
  .refine((email) => !email.endsWith('.invalid'), authMessages.email);

export const passwordSchema = z
  .string({ error: authMessages.password })
  .min(PASSWORD_MIN, authMessages.password)
  .max(PASSWORD_MAX, authMessages.passwordTooLong);

/** French formats → E.164; shared by registration and the profile. */
export const phoneSchema = z
  .string({ error: authMessages.phone })
  .trim()
  .min(10, authMessages.phone)
  .max(25, authMessages.phone)
  .transform((value, ctx) => {
    const normalized = normalizePhone(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: authMessages.phone });
      return z.NEVER;
    }
    return normalized;
  });

export const personName = (message: string) => requiredText(message, { min: 2, max: 120, tooLong: message });

export const yearsExperienceSchema = z.coerce
  .number({ error: authMessages.yearsExperience })
  .int(authMessages.yearsExperience)
  .min(0, authMessages.yearsExperience)
  .max(60, authMessages.yearsExperience);

export const certificationsSchema = uniqueList(
  requiredText('Qualification invalide', {
    max: 80,
    tooLong: 'Une qualification ne dépasse pas 80 caractères',
  }),
  20,
  '20 qualifications au plus',
);

export const licenseNumberSchema = requiredText(authMessages.licenseNumber, {
  max: 40,
  tooLong: authMessages.licenseNumber,
});

/** 14 digits (spaces allowed), Luhn key or La Poste's rule. */
export const siretSchema = z
  .string({ error: authMessages.siret })
  .trim()
  .min(14, authMessages.siret)
  .max(20, authMessages.siret)
  .transform(normalizeSiret)
  .refine((value) => /^\d{14}$/.test(value), authMessages.siret)
  .refine(isValidSiret, authMessages.siretChecksum);

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: authMessages.password })
    .min(PASSWORD_MIN, authMessages.password)
    .max(PASSWORD_MAX, authMessages.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

const registrationBase = {
  email: emailSchema,
  password: passwordSchema,
  phone: phoneSchema,
  subscriptionPlan: z.literal('basic', { error: authMessages.plan }).default('basic'),
};

export const driverRegistrationSchema = z.object({
  ...registrationBase,
  userType: z.literal('driver'),
  fullName: personName(authMessages.fullNameDriver),
  licenseNumber: licenseNumberSchema,
  licenseType: z
    .string({ error: authMessages.licenseType })
    .trim()
    .min(1, authMessages.licenseType)
    .pipe(z.enum(LICENSE_TYPES, { error: authMessages.licenseTypeUnknown })),
  yearsExperience: yearsExperienceSchema.default(0),
  certifications: certificationsSchema.default([]),
});

export const companyRegistrationSchema = z.object({
  ...registrationBase,
  userType: z.literal('company'),
  fullName: personName(authMessages.fullNameCompany),
  companyName: personName(authMessages.companyName),
  siretNumber: siretSchema,
});

export const registerSchema = z.discriminatedUnion(
  'userType',
  [driverRegistrationSchema, companyRegistrationSchema],
  {
    error: authMessages.userType,
  },
);
export type RegisterInput = z.infer<typeof registerSchema>;

export const verifyEmailSchema = z.object({
  token: z
    .string({ error: 'Lien de vérification invalide' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Lien de vérification invalide'),
});

export const adminSetupSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: authMessages.adminPassword })
    .min(10, authMessages.adminPassword)
    .max(PASSWORD_MAX, authMessages.passwordTooLong),
  fullName: personName(authMessages.fullNameDriver),
});
export type AdminSetupInput = z.infer<typeof adminSetupSchema>;
