import { eq, sql } from 'drizzle-orm';
import { authMessages, deactivatedMessage, type LoginInput } from '#core/schemas/auth.js';
import type { Db } from '../../db/client.js';
import { users, type User } from '../../db/schema/users.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { openAccountRow } from '../../platform/sessions.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/passwords.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { sendVerificationMail, VERIFICATION_TTL_MS } from '../../platform/verification-mail.js';

/** The verification mail is shared with the back office (its « renvoyer le lien »). */
export { sendVerificationMail };

async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user;
}

/** Checks the credentials; a wrong e-mail and a wrong password get the same answer in the same time. */
export async function authenticate(db: Db, input: LoginInput): Promise<User> {
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new AppError(401, authMessages.invalidCredentials);
  }
  if (!(await verifyPassword(input.password, user.password)))
    throw new AppError(401, authMessages.invalidCredentials);
  if (!user.isActive || user.accountStatus !== 'active') {
    throw new AppError(403, deactivatedMessage(user.deactivationReason));
  }
  const [updated] = await db
    .update(users)
    .set({ lastLogin: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

/** Replaces any earlier token: only the newest link works. */
export async function issueVerificationToken(db: Db, user: User): Promise<string> {
  if (user.emailVerified) throw new AppError(400, 'Votre adresse email est déjà vérifiée');
  const token = newToken();
  const [issued] = await db
    .update(users)
    .set({ verificationToken: hashToken(token), tokenExpiry: new Date(Date.now() + VERIFICATION_TTL_MS) })
    .where(openAccountRow(user.id))
    .returning({ id: users.id });
  if (!issued) throw unauthorized();
  return token;
}

/** Single use: the token is cleared in the same statement that verifies the address. */
export async function verifyEmail(db: Db, token: string): Promise<User> {
  const tokenHash = hashToken(token);
  const [user] = await db.select().from(users).where(eq(users.verificationToken, tokenHash)).limit(1);
  if (!user) throw new AppError(400, 'Ce lien de vérification est invalide ou a déjà été utilisé.');
  if (!user.tokenExpiry || user.tokenExpiry.getTime() < Date.now()) {
    throw new AppError(
      410,
      'Ce lien de vérification a expiré. Demandez un nouvel email depuis votre espace.',
    );
  }
  const [verified] = await db
    .update(users)
    .set({ emailVerified: true, verificationToken: null, tokenExpiry: null })
    .where(eq(users.verificationToken, tokenHash))
    .returning();
  if (!verified) throw new AppError(400, 'Ce lien de vérification est invalide ou a déjà été utilisé.');
  return verified;
}
