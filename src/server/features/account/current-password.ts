import type { RateLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema/users.js';
import { accountMessages } from '#core/schemas/account.js';
import { AppError } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { consumeRate, refundRate, tooManyAttempts } from '../../platform/rate-limit.js';

/**
 * The settings that matter (password, e-mail, deleting the account) ask for the current password: someone who
 * finds a phone left signed in cannot take the account over. Wrong guesses are limited per user.
 */
export async function checkCurrentPassword(
  db: Db,
  limits: RateLimits,
  user: User,
  password: string,
  field: 'currentPassword' | 'password',
): Promise<void> {
  const key = `current-password:${user.id}`;
  const attempt = await consumeRate(db, key, limits.currentPasswordPerUser);
  if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfter);
  if (!(await verifyPassword(password, user.password)))
    throw new AppError(400, accountMessages.wrongPassword, { [field]: accountMessages.wrongPassword });
  await refundRate(db, key);
}
