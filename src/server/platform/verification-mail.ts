import type { AppConfig } from '../config.js';
import type { User } from '../db/schema/users.js';
import { actionMail, type Mailer } from './mailer.js';

/** A verification link works for 24 hours (web/lib/return-path.ts remembers the page as long). */
export const VERIFICATION_TTL_MS = 24 * 3600 * 1000;

/**
 * The mail that confirms an existing account's address — one created before decision 039, whose address is not
 * confirmed yet: sent on the person's own request (features/auth), and when the team sends the link again from the
 * back office (features/admin-users). A sign-up's own mail is features/auth/registration.ts's.
 */
export async function sendVerificationMail(
  mailer: Mailer,
  config: AppConfig,
  user: User,
  token: string,
): Promise<void> {
  const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const { text, html } = actionMail({
    // The address is not confirmed yet: no name (platform/mailer.ts, greeting).
    greeting: 'Bonjour,',
    paragraphs: [
      'Bienvenue sur Relais. Pour activer toutes les fonctionnalités de votre compte, confirmez votre adresse email.',
      'Ce lien est valable 24 heures et ne peut servir qu’une fois.',
    ],
    actionLabel: 'Confirmer mon adresse email',
    actionUrl: link,
    footer: 'Vous n’êtes pas à l’origine de cette inscription ? Ignorez simplement ce message.',
  });
  await mailer.send({ to: user.email, subject: 'Confirmez votre adresse email — Relais', text, html, link });
}
