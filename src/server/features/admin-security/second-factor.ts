import { roleOf } from '#core/rules/roles.js';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { adminMessages, type SecondFactorStep } from '#core/schemas/admin.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { sessions } from '../../db/schema/platform.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { ADMIN_SESSION, openAccountRow } from '../../platform/sessions.js';
import { recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes.js';
import { checkTotp, enrolmentOf, newTotpSecret } from './totp.js';

/** The step an administrator has still to pass after the password. */
export const stepOf = (user: User): SecondFactorStep => (user.totpSecret ? 'verify' : 'enrol');

/** The administrator's row, locked for the change, while the account is open and still an administrator. */
async function lockAdmin(tx: DbOrTx, userId: string): Promise<User> {
  const [user] = await tx.select().from(users).where(openAccountRow(userId)).for('update');
  if (!user || roleOf(user) !== 'admin') throw unauthorized();
  return user;
}

const wrongCode = (message: string, field = 'code') => new AppError(400, message, { [field]: message });

/**
 * The session has passed the second factor: it lives 30 minutes idle from now (12 hours at most, from its
 * opening). The password typed to open it does not count for sensitive actions: the first one asks it again
 * (decision 021: the prompt confirms the intent, and a session opened and left on a desk a minute ago gets no
 * free pass). A session that ran out of its 10 minutes meanwhile is not brought back.
 */
async function passSession(tx: DbOrTx, sessionId: string): Promise<void> {
  const idle = sql`make_interval(secs => ${ADMIN_SESSION.idleSeconds})`;
  const passed = await tx
    .update(sessions)
    .set({
      secondFactorAt: sql`now()`,
      reauthAt: null,
      lastSeenAt: sql`now()`,
      expiresAt: sql`least(now() + ${idle}, ${sessions.absoluteExpiresAt})`,
    })
    .where(
      and(eq(sessions.id, sessionId), isNull(sessions.secondFactorAt), gt(sessions.expiresAt, sql`now()`)),
    )
    .returning({ id: sessions.id });
  if (passed.length === 0) throw new AppError(401, adminMessages.pendingExpired);
  // Signed in now (the password alone did not make it a sign-in): the team's list shows it.
  await tx.execute(
    sql`update users set last_login = now() where id = (select user_id from sessions where id = ${sessionId})`,
  );
}

/**
 * Shows a new secret to enrol: from a session waiting for its second factor only while none is enrolled (else the
 * password alone would let anyone replace it); from a signed-in session (the route asks the password again) to move
 * to another phone. Each call replaces the secret waiting to be confirmed.
 */
export async function startEnrolment(db: Db, userId: string, fromPendingSession: boolean) {
  const { email, secret } = await db.transaction(async (tx) => {
    const user = await lockAdmin(tx, userId);
    if (fromPendingSession && user.totpSecret) throw new AppError(409, adminMessages.alreadyEnrolled);
    const secret = newTotpSecret();
    await tx.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
    return { email: user.email, secret };
  });
  return enrolmentOf(email, secret);
}

/**
 * The first code from the new secret confirms it: the secret becomes the account's, ten new recovery codes are
 * made (shown this once), and a waiting session has passed its second factor.
 */
export async function confirmEnrolment(
  db: Db,
  input: { userId: string; sessionId: string; fromPendingSession: boolean; code: string; ipAddress: string },
): Promise<{ user: User; recoveryCodes: string[] }> {
  return db.transaction(async (tx) => {
    const user = await lockAdmin(tx, input.userId);
    if (input.fromPendingSession && user.totpSecret) throw new AppError(409, adminMessages.alreadyEnrolled);
    if (!user.totpPendingSecret) throw new AppError(409, adminMessages.noEnrolment);
    const check = await checkTotp(user.totpPendingSecret, input.code, null);
    if (!check.ok) throw wrongCode(adminMessages.codeWrong);
    const [enrolled] = await tx
      .update(users)
      .set({
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: new Date(),
        totpLastStep: check.step,
      })
      .where(eq(users.id, user.id))
      .returning();
    const recoveryCodes = await replaceRecoveryCodes(tx, user.id);
    await logAdminAction(tx, {
      adminId: user.id,
      action: 'admin.second_factor_enrolled',
      targetType: 'user',
      targetId: user.id,
      details: { replaced: user.totpSecret !== null },
      ipAddress: input.ipAddress,
    });
    if (input.fromPendingSession) await passSession(tx, input.sessionId);
    return { user: enrolled!, recoveryCodes };
  });
}

/**
 * The second step of an administrator's sign-in: a code of the authenticator (never one whose time step was
 * already accepted: the step is written under the account's row lock, so two requests with the same code cannot
 * both pass) or one recovery code (spent).
 */
export async function verifySecondFactor(
  db: Db,
  input: { userId: string; sessionId: string; code?: string; recoveryCode?: string; ipAddress: string },
): Promise<{ user: User; recoveryCodesLeft?: number }> {
  return db.transaction(async (tx) => {
    const user = await lockAdmin(tx, input.userId);
    if (!user.totpSecret) throw new AppError(409, adminMessages.notEnrolled);
    let left: number | undefined;
    if (input.code !== undefined) {
      const check = await checkTotp(user.totpSecret, input.code, user.totpLastStep);
      if (!check.ok) throw wrongCode(check.replayed ? adminMessages.codeReplayed : adminMessages.codeWrong);
      await tx.update(users).set({ totpLastStep: check.step }).where(eq(users.id, user.id));
    } else {
      if (!(await spendRecoveryCode(tx, user.id, input.recoveryCode!)))
        throw wrongCode(adminMessages.recoveryWrong, 'recoveryCode');
      left = await recoveryCodesLeft(tx, user.id);
      await logAdminAction(tx, {
        adminId: user.id,
        action: 'admin.recovery_code_used',
        targetType: 'user',
        targetId: user.id,
        details: { left },
        ipAddress: input.ipAddress,
      });
    }
    await passSession(tx, input.sessionId);
    return { user, ...(left === undefined ? {} : { recoveryCodesLeft: left }) };
  });
}

/** Ten new recovery codes (the old ones stop working); only for an enrolled administrator. */
export async function regenerateRecoveryCodes(db: Db, userId: string, ipAddress: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const user = await lockAdmin(tx, userId);
    if (!user.totpSecret) throw new AppError(409, adminMessages.notEnrolled);
    const codes = await replaceRecoveryCodes(tx, user.id);
    await logAdminAction(tx, {
      adminId: user.id,
      action: 'admin.recovery_codes_regenerated',
      targetType: 'user',
      targetId: user.id,
      ipAddress,
    });
    return codes;
  });
}

export async function securityOverview(db: Db, user: User, reauthAt: Date | null) {
  const until = reauthAt ? reauthAt.getTime() + ADMIN_SESSION.reauthSeconds * 1000 : 0;
  return {
    secondFactorSince: user.totpEnabledAt ? user.totpEnabledAt.toISOString() : null,
    recoveryCodesLeft: await recoveryCodesLeft(db, user.id),
    reauthUntil: until > Date.now() ? new Date(until).toISOString() : null,
  };
}
