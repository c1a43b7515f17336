import { eq, sql } from 'drizzle-orm';
import { accountMessages } from '#core/schemas/account.js';
import { authMessages } from '#core/schemas/auth.js';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users, type User } from '../../db/schema/users.js';
import { AppError, databaseErrorCode } from '../../platform/errors.js';
import { actionMail, greeting, type Mail } from '../../platform/mailer.js';
import { cancelPendingLinks, isOpenAccount } from '../../platform/sessions.js';
import { hashToken, newToken } from '../../platform/tokens.js';

/** A link to confirm a new address works once, for a day. */
const EMAIL_CHANGE_TTL_SECONDS = 24 * 3600;

const taken = () => new AppError(409, authMessages.emailTaken, { newEmail: authMessages.emailTaken });

/**
 * Asks to change the account's address (the current password was checked): a link goes to the new address,
 * a notice to the current one; nothing changes until the link is followed. A newer request replaces an older.
 * The answer is the same when the new address already belongs to an account (no way to learn who has one);
 * that address then receives a word saying so instead of a link. The mail to the new address does not carry
 * the account's name: a stranger's inbox must not receive text of the requester's choosing.
 */
export async function requestEmailChange(
  db: Db,
  config: AppConfig,
  user: User,
  newEmail: string,
): Promise<Mail[]> {
  if (newEmail === user.email.toLowerCase())
    throw new AppError(400, accountMessages.sameEmail, { newEmail: accountMessages.sameEmail });
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${newEmail}`);
  const settings = `${config.publicUrl}/parametres`;
  const notice = actionMail({
    greeting: greeting(user),
    paragraphs: [
      `Une demande a été faite pour que votre compte Relais utilise désormais l’adresse ${newEmail}.`,
      'Elle ne prendra effet que si le lien envoyé à cette adresse est ouvert.',
      'Si ce n’est pas vous, changez votre mot de passe dès maintenant : cela annule la demande et déconnecte vos autres appareils.',
    ],
    actionLabel: 'Ouvrir mes paramètres',
    actionUrl: settings,
    footer: 'Cet e-mail vous est envoyé pour la sécurité de votre compte.',
  });
  const toOld: Mail = { to: user.email, subject: 'Changement d’adresse demandé — Relais', ...notice };
  if (other) {
    const inUse = actionMail({
      greeting: 'Bonjour,',
      paragraphs: [
        'Quelqu’un a demandé à utiliser cette adresse pour un compte Relais, mais elle est déjà celle d’un compte : rien n’a changé.',
        'Si c’est vous et que vous avez oublié votre mot de passe, choisissez-en un nouveau avec le lien ci-dessous.',
      ],
      actionLabel: 'Mot de passe oublié',
      actionUrl: `${config.publicUrl}/mot-de-passe-oublie`,
      footer: 'Vous n’êtes pas à l’origine de cette demande ? Ignorez ce message.',
    });
    return [{ to: newEmail, subject: 'Adresse déjà utilisée — Relais', ...inUse }, toOld];
  }
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update account_tokens set used_at = now()
      where user_id = ${user.id} and purpose = 'email_change' and used_at is null`);
    await tx.execute(sql`
      insert into account_tokens (user_id, purpose, token_hash, new_email, expires_at)
      values (${user.id}, 'email_change', ${hashToken(token)}, ${newEmail},
        now() + make_interval(secs => ${EMAIL_CHANGE_TTL_SECONDS}))`);
  });
  const link = `${config.publicUrl}/confirmer-email?token=${encodeURIComponent(token)}`;
  const confirm = actionMail({
    greeting: 'Bonjour,',
    paragraphs: [
      'Cette adresse a été indiquée comme nouvelle adresse d’un compte Relais.',
      'Confirmez-la avec le lien ci-dessous (valable 24 heures, une seule fois) : l’adresse du compte ne change qu’à ce moment-là.',
    ],
    actionLabel: 'Confirmer ma nouvelle adresse',
    actionUrl: link,
    footer: 'Vous n’êtes pas à l’origine de cette demande ? Ignorez ce message : rien ne changera.',
  });
  return [{ to: newEmail, subject: 'Confirmez votre nouvelle adresse — Relais', ...confirm, link }, toOld];
}

/** Follows the link sent to the new address: spent in the statement that checks it, then the address changes. */
export async function confirmEmailChange(db: Db, token: string): Promise<User> {
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ user_id: string; new_email: string }>(sql`
        update account_tokens set used_at = now()
        where token_hash = ${hashToken(token)} and purpose = 'email_change'
          and used_at is null and expires_at > now()
        returning user_id, new_email`);
      const found = rows[0];
      if (!found)
        throw new AppError(400, accountMessages.linkInvalid, { token: accountMessages.linkInvalid });
      // The unique index on lower(email) settles a race with a registration of the same address.
      const [user] = await tx
        .update(users)
        .set({ email: found.new_email, emailVerified: true, verificationToken: null, tokenExpiry: null })
        .where(eq(users.id, found.user_id))
        .returning();
      if (!isOpenAccount(user))
        throw new AppError(400, accountMessages.linkInvalid, { token: accountMessages.linkInvalid });
      // A reset link sent to the old address must not open the account now at the new one.
      await cancelPendingLinks(tx, user.id);
      return user;
    });
  } catch (error) {
    if (databaseErrorCode(error) === '23505') throw taken();
    throw error;
  }
}
