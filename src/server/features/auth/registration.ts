import { eq, sql } from 'drizzle-orm';
import { registrationMessages, type RegisterInput } from '#core/schemas/auth.js';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { pendingRegistrations, users, type RegistrationDetails, type User } from '../../db/schema/users.js';
import { AppError } from '../../platform/errors.js';
import { actionMail, greeting, type Mail } from '../../platform/mailer.js';
import { hashPassword } from '../../platform/passwords.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { VERIFICATION_TTL_MS } from '../../platform/verification-mail.js';

/** What the form said about the person, as the account's columns (the e-mail and the password apart). */
function detailsOf(input: RegisterInput): RegistrationDetails {
  const common = { fullName: input.fullName, phone: input.phone };
  return input.userType === 'driver'
    ? {
        ...common,
        userType: 'driver',
        licenseNumber: input.licenseNumber,
        licenseType: input.licenseType,
        yearsExperience: input.yearsExperience,
        certifications: input.certifications,
      }
    : { ...common, userType: 'company', companyName: input.companyName, siretNumber: input.siretNumber };
}

/**
 * A sign-up (decision 039): the answer, and the time it takes, are the same whether the address already has an
 * account or not — the password is hashed and one statement runs either way. A new address gets its sign-up kept
 * for 24 hours and a link that creates the account; an address that has an account gets a word to its owner
 * instead, and nothing is written. Returns the mail to send (in the background).
 */
export async function requestRegistration(db: Db, config: AppConfig, input: RegisterInput): Promise<Mail> {
  const passwordHash = await hashPassword(input.password);
  const token = newToken();
  const { rows } = await db.execute<{ full_name: string; email: string; email_verified: boolean }>(sql`
    with owner as (
      select full_name, email, email_verified from users where lower(email) = ${input.email} limit 1
    ),
    kept as (
      insert into pending_registrations (email, token_hash, password_hash, details, expires_at)
      select ${input.email}, ${hashToken(token)}, ${passwordHash}, ${JSON.stringify(detailsOf(input))}::jsonb,
        now() + make_interval(secs => ${VERIFICATION_TTL_MS / 1000})
      where not exists (select 1 from owner)
    )
    select full_name, email, email_verified from owner`);
  const owner = rows[0];
  return owner ? alreadyRegisteredMail(config, owner) : activationMail(config, input.email, token);
}

/** To a new address: the link that creates the account. No name: the address is not confirmed yet. */
function activationMail(config: AppConfig, email: string, token: string): Mail {
  const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const { text, html } = actionMail({
    greeting: 'Bonjour,',
    paragraphs: [
      'Bienvenue sur Relais. Pour créer votre compte, confirmez votre adresse email avec le lien ci-dessous : vous serez connecté aussitôt.',
      'Ce lien est valable 24 heures et ne peut servir qu’une fois.',
    ],
    actionLabel: 'Confirmer mon adresse et créer mon compte',
    actionUrl: link,
    footer:
      'Vous n’êtes pas à l’origine de cette inscription ? Ignorez ce message : aucun compte ne sera créé.',
  });
  return { to: email, subject: 'Confirmez votre adresse email — Relais', text, html, link };
}

/**
 * To the owner of an address someone tried to sign up with: nothing changed, here is how to sign in. Nothing of
 * what was typed in the form is repeated (a stranger's text must not reach this inbox).
 */
function alreadyRegisteredMail(
  config: AppConfig,
  owner: { full_name: string; email: string; email_verified: boolean },
): Mail {
  const login = `${config.publicUrl}/login`;
  const { text, html } = actionMail({
    greeting: greeting({ fullName: owner.full_name, emailVerified: owner.email_verified }),
    paragraphs: [
      'Quelqu’un vient de demander à créer un compte Relais avec cette adresse email, qui a déjà un compte. Aucun nouveau compte n’a été créé et rien n’a changé sur le vôtre.',
      'Si c’était vous, connectez-vous avec votre mot de passe habituel. Vous l’avez oublié ? Choisissez-en un nouveau avec le lien « Mot de passe oublié » ci-dessous.',
    ],
    actionLabel: 'Me connecter',
    actionUrl: login,
    footer: 'Ce n’était pas vous ? Ignorez ce message : votre compte reste tel quel.',
    footerLinks: [{ label: 'Mot de passe oublié', url: `${config.publicUrl}/mot-de-passe-oublie` }],
  });
  return { to: owner.email, subject: 'Vous avez déjà un compte — Relais', text, html, link: login };
}

/**
 * Follows a sign-up's link: the sign-up is spent in the statement that reads it (single use, even twice at once),
 * and the account is created with its address confirmed. Another account that took the address meanwhile (a
 * sign-up of the same address confirmed first) keeps it. Null when the token is no sign-up's (it may be the
 * confirmation of an existing account's address: verifyEmail).
 */
export async function confirmRegistration(db: Db, token: string): Promise<User | null> {
  const outcome = await db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(pendingRegistrations)
      .where(eq(pendingRegistrations.tokenHash, hashToken(token)))
      .returning();
    if (!pending) return null;
    if (pending.expiresAt.getTime() <= Date.now()) return 'expired' as const;
    // The unique index on lower(email) settles a race with another account taking the address.
    const [user] = await tx
      .insert(users)
      .values({
        ...pending.details,
        email: pending.email,
        password: pending.passwordHash,
        subscriptionPlan: 'basic',
        emailVerified: true,
      })
      .onConflictDoNothing()
      .returning();
    return user ?? ('taken' as const);
  });
  if (outcome === 'expired') throw new AppError(410, registrationMessages.expired);
  if (outcome === 'taken') throw new AppError(409, registrationMessages.taken);
  if (outcome) {
    // The address has its account: its other sign-ups can no longer be used. After the commit: a sign-up of the
    // same address confirmed at this moment waits for this account to decide, and must not be waited for here.
    await db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, outcome.email));
  }
  return outcome;
}
