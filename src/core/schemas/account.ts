import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.js';

/** French messages of the account screens: forgotten password, settings, personal data. */
export const accountMessages = {
  forgotSent:
    'Si un compte Relais existe avec cette adresse, un e-mail vient de lui être envoyé avec un lien pour choisir un nouveau mot de passe. Le lien est valable 1 heure.',
  linkInvalid: 'Ce lien est invalide, a déjà servi ou a expiré. Demandez-en un nouveau.',
  passwordReset: 'Votre mot de passe est changé. Vos autres appareils ont été déconnectés.',
  currentPassword: 'Saisissez votre mot de passe actuel',
  wrongPassword: 'Mot de passe incorrect',
  samePassword: 'Choisissez un mot de passe différent de l’actuel',
  confirmation: 'Les deux mots de passe ne correspondent pas',
  passwordChanged: 'Mot de passe changé. Vos autres appareils ont été déconnectés.',
  sameEmail: 'C’est déjà votre adresse',
  emailChangeSent:
    'Un lien de confirmation a été envoyé à la nouvelle adresse. Votre adresse ne change qu’une fois ce lien ouvert.',
  emailChanged: 'Votre nouvelle adresse e-mail est enregistrée.',
  deleted: 'Votre compte est supprimé. Au revoir, et bonne route.',
  stillWorking:
    'Une mission est en cours avec vous : terminez-la (ou faites-la annuler) avant de supprimer votre compte.',
  adminCannotDelete: 'Un compte administrateur ne se supprime pas depuis cet écran.',
} as const;

const token = z
  .string({ error: accountMessages.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, accountMessages.linkInvalid);

/** The current password, as typed: only its presence is checked here, the server compares it. */
const currentPassword = z
  .string({ error: accountMessages.currentPassword })
  .min(1, accountMessages.currentPassword)
  .max(200, accountMessages.wrongPassword);

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ token, password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({ currentPassword, newPassword: passwordSchema })
  .refine((value) => value.currentPassword !== value.newPassword, {
    path: ['newPassword'],
    message: accountMessages.samePassword,
  });

export const changeEmailSchema = z.object({ newEmail: emailSchema, password: currentPassword });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** A link's token alone (confirming an address, checking a reset link before the form). */
export const linkTokenSchema = z.object({ token });

export const deleteAccountSchema = z.object({ password: currentPassword });

/** The forms ask for the new password twice; the API receives it once. */
const confirmed = <T extends z.ZodRawShape>(shape: T, field: 'password' | 'newPassword') =>
  z
    .object({ ...shape, confirmation: z.string({ error: accountMessages.confirmation }) })
    .refine(
      (value) =>
        (value as Record<string, unknown>)[field] === (value as Record<string, unknown>).confirmation,
      {
        path: ['confirmation'],
        message: accountMessages.confirmation,
      },
    );

export const resetPasswordFormSchema = confirmed({ password: passwordSchema }, 'password');
export const changePasswordFormSchema = confirmed(
  { currentPassword, newPassword: passwordSchema },
  'newPassword',
);
