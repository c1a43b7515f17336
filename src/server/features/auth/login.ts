import type { SecondFactorStep } from '#core/schemas/admin.js';
import type { LoginInput } from '#core/schemas/auth.js';
import type { RateLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema/users.js';
import { AppError } from '../../platform/errors.js';
import {
  addressKey,
  clearRate,
  consumeRate,
  peekRate,
  refundRate,
  tooManyAttempts,
} from '../../platform/rate-limit.js';
import { authenticate } from './service.js';

/**
 * Signing in, with brute-force limits that an attacker cannot turn against the account's owner (decision 012):
 * - failures are counted per address and per (address, account): an address over either limit gets 429;
 * - failures on the account from anywhere are counted too; once they pass their limit the account is "under
 *   attack", and then only addresses with at most two recent failures may try — the owner, typing the right
 *   password from their usual phone (after a typo or two), still signs in, while every address that has guessed
 *   wrong more often gets 429;
 * - an address is its IPv6 /64 network (addressKey): walking through one network's addresses gains nothing.
 * An attempt is counted before the password is checked, so a burst of concurrent guesses is counted exactly;
 * a successful one is taken back.
 */
/** Failures an address may have had, while the account is under attack, and still try. */
const UNDER_ATTACK_GRACE = 2;

export async function logIn(db: Db, limits: RateLimits, ip: string, input: LoginInput): Promise<User> {
  const client = addressKey(ip);
  const ipKey = `login:ip:${client}`;
  const pairKey = `login:ip-account:${client}:${input.email}`;
  const accountKey = `login:account:${input.email}`;

  const byIp = await consumeRate(db, ipKey, limits.loginPerIp);
  if (!byIp.allowed) throw tooManyAttempts(byIp.retryAfter);
  const byPair = await consumeRate(db, pairKey, limits.loginPerIpAccount);
  if (!byPair.allowed) throw tooManyAttempts(byPair.retryAfter);
  const account = await peekRate(db, accountKey, limits.loginPerAccount);
  // Successes are taken back from the address's count: what is left before this attempt are its failures.
  const failedBefore = byIp.count - 1;
  if (account.count >= limits.loginPerAccount.limit && failedBefore > UNDER_ATTACK_GRACE)
    throw tooManyAttempts(account.retryAfter);

  try {
    const user = await authenticate(db, input);
    await refundRate(db, ipKey);
    await clearRate(db, pairKey);
    return user;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) {
      await consumeRate(db, accountKey, limits.loginPerAccount);
    } else {
      // The password was right (a deactivated account, say): not a guess.
      await refundRate(db, ipKey);
      await clearRate(db, pairKey);
    }
    throw error;
  }
}

/** What an administrator has still to pass after the password: a code, or first the enrolment of an authenticator. */
export const secondFactorStep = (user: User): SecondFactorStep => (user.totpSecret ? 'verify' : 'enrol');
