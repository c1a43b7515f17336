import { eq } from 'drizzle-orm';
import { adminUsersMessages } from '#core/schemas/admin-users.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { enforceRates } from '../../platform/rate-limit.js';
import { isOpenAccount } from '../../platform/sessions.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { sendVerificationMail, VERIFICATION_TTL_MS } from '../../platform/verification-mail.js';
import { lockAccount } from './deactivation.js';

/**
 * POST /api/admin/users/:id/resend-verification: a new link (the earlier one stops working) mailed to the address
 * not yet confirmed. Counted with the person's own requests (resendPerAccount, same key), so that the mailbox
 * is not flooded whoever asks.
 */
export async function resendVerification(
  { db, mailer, config }: Pick<FeatureDeps, 'db' | 'mailer' | 'config'>,
  admin: User,
  userId: string,
  ipAddress: string,
  log: { error: (details: object, message: string) => void },
): Promise<{ message: string }> {
  const { target, token } = await db.transaction(async (tx) => {
    const { target } = await lockAccount(tx, admin, userId);
    if (target.emailVerified) throw new AppError(409, adminUsersMessages.alreadyVerified);
    if (!isOpenAccount(target)) throw new AppError(409, adminUsersMessages.closedAccount);
    const token = newToken();
    await tx
      .update(users)
      .set({ verificationToken: hashToken(token), tokenExpiry: new Date(Date.now() + VERIFICATION_TTL_MS) })
      .where(eq(users.id, userId));
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'user.resend_verification',
      targetType: 'user',
      targetId: userId,
      details: { email: target.email },
      ipAddress,
    });
    return { target, token };
  });
  try {
    await sendVerificationMail(mailer, config, target, token);
  } catch (error) {
    log.error({ err: error, userId }, 'verification e-mail not sent (back office)');
    throw new AppError(502, adminUsersMessages.mailFailed);
  }
  return { message: `Un nouveau lien de confirmation a été envoyé à ${target.email}.` };
}

/** The rate check, before any work: the person's own resend counter, and one per administrator. */
export async function checkResendRate(
  { db, config }: Pick<FeatureDeps, 'db' | 'config'>,
  admin: User,
  userId: string,
): Promise<void> {
  await enforceRates(db, [
    { key: `resend:account:${userId}`, rule: config.rateLimits.resendPerAccount },
    { key: `resend:admin:${admin.id}`, rule: config.rateLimits.resendPerIp },
  ]);
}
