import { sql } from 'drizzle-orm';
import type { ResetPasswordInput } from '#core/schemas/account.js';
import { accountMessages } from '#core/schemas/account.js';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users, type User } from '../../db/schema/users.js';
import { AppError } from '../../platform/errors.js';
import { actionMail, greeting, type Mail } from '../../platform/mailer.js';
import { hashPassword } from '../../platform/passwords.js';
import { cancelPendingLinks } from '../../platform/sessions.js';
import { hashToken, newToken } from '../../platform/tokens.js';

/** A reset link works once, for an hour. */
const RESET_TTL_SECONDS = 3600;

/**
 * "Mot de passe oublié": when the address belongs to an active account, a new single-use link is made and the
 * mail to send is returned. Earlier links stay valid until they expire: anyone may ask for the address, and
 * their asking must not spend the link the owner is about to open (the first one used spends them all). One
 * statement runs whether the address is known or not, so the answer (the same neutral text) takes the same
 * time; the mail leaves afterwards, in the background.
 */
export async function requestPasswordReset(db: Db, config: AppConfig, email: string): Promise<Mail | null> {
  const token = newToken();
  const { rows } = await db.execute<{ full_name: string; email: string; email_verified: boolean }>(sql`
    with target as (
      select id, full_name, email, email_verified from users
      where lower(email) = ${email} and is_active and account_status = 'active'
    ),
    created as (
      insert into account_tokens (user_id, purpose, token_hash, expires_at)
      select id, 'password_reset', ${hashToken(token)}, now() + make_interval(secs => ${RESET_TTL_SECONDS})
      from target returning user_id
    )
    select t.full_name, t.email, t.email_verified from target t join created c on c.user_id = t.id`);
  const user = rows[0];
  if (!user) return null;
  const link = `${config.publicUrl}/reinitialiser-mot-de-passe?token=${encodeURIComponent(token)}`;
  const { text, html } = actionMail({
    greeting: greeting({ fullName: user.full_name, emailVerified: user.email_verified }),
    paragraphs: [
      'Vous avez demandé à changer le mot de passe de votre compte Relais.',
      'Ce lien est valable 1 heure et ne sert qu’une fois. Choisir un nouveau mot de passe déconnecte vos autres appareils.',
    ],
    actionLabel: 'Choisir un nouveau mot de passe',
    actionUrl: link,
    footer:
      'Vous n’êtes pas à l’origine de cette demande ? Ignorez ce message : votre mot de passe actuel reste valable.',
  });
  return { to: user.email, subject: 'Nouveau mot de passe — Relais', text, html, link };
}

/**
 * Follows a reset link: the link is spent in the statement that checks it (single use, even twice at once),
 * the password changes, every session of the account ends and every other link (reset or e-mail change) is spent. Following the link
 * also proves the address, which counts as verified from then on.
 */
export async function resetPassword(db: Db, input: ResetPasswordInput): Promise<User> {
  const password = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ user_id: string }>(sql`
      update account_tokens set used_at = now()
      where token_hash = ${hashToken(input.token)} and purpose = 'password_reset'
        and used_at is null and expires_at > now()
      returning user_id`);
    const userId = rows[0]?.user_id;
    if (!userId) throw new AppError(400, accountMessages.linkInvalid, { token: accountMessages.linkInvalid });
    const [user] = await tx
      .update(users)
      .set({ password, emailVerified: true, verificationToken: null, tokenExpiry: null })
      .where(sql`${users.id} = ${userId} and ${users.isActive} and ${users.accountStatus} = 'active'`)
      .returning();
    if (!user) throw new AppError(400, accountMessages.linkInvalid, { token: accountMessages.linkInvalid });
    await tx.execute(sql`delete from sessions where user_id = ${userId}`);
    // Every other link too: an e-mail change asked by someone else before the owner took the account back.
    await cancelPendingLinks(tx, userId);
    return user;
  });
}

/** Whether a reset link can still be used (the page says so before a new password is typed). */
export async function resetLinkIsValid(db: Db, token: string): Promise<boolean> {
  const { rows } = await db.execute<{ valid: boolean }>(sql`
    select exists (
      select 1 from account_tokens t join users u on u.id = t.user_id
      where t.token_hash = ${hashToken(token)} and t.purpose = 'password_reset' and t.used_at is null
        and t.expires_at > now() and u.is_active and u.account_status = 'active'
    ) as valid`);
  return rows[0]?.valid ?? false;
}

/** Told after any change of password, so that a change the owner did not make does not go unnoticed. */
export function passwordChangedMail(
  config: AppConfig,
  user: Pick<User, 'email' | 'fullName' | 'emailVerified'>,
): Mail {
  const link = `${config.publicUrl}/mot-de-passe-oublie`;
  const { text, html } = actionMail({
    greeting: greeting(user),
    paragraphs: [
      'Le mot de passe de votre compte Relais vient d’être changé, et vos autres appareils ont été déconnectés.',
      'Si c’est vous, il n’y a rien d’autre à faire.',
      'Si ce n’est pas vous, choisissez tout de suite un nouveau mot de passe avec le lien ci-dessous, puis écrivez au support.',
    ],
    actionLabel: 'Choisir un nouveau mot de passe',
    actionUrl: link,
    footer: 'Cet e-mail vous est envoyé pour la sécurité de votre compte.',
  });
  return { to: user.email, subject: 'Votre mot de passe a été changé — Relais', text, html };
}
