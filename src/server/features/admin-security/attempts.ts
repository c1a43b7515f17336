import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { consumeRate, refundRate, tooManyAttempts, type RateRule } from '../../platform/rate-limit.js';

/**
 * Wrong second-factor codes and wrong passwords typed again are counted per session and per account. A session
 * that has guessed wrong too often ends (whoever holds it signs in again with the password, itself limited); an
 * account guessed at from several sessions is refused for a while. Attempts are counted before the check (a burst
 * of concurrent guesses is counted exactly) and a good one is taken back.
 */
const ATTEMPT_LIMITS = {
  perSession: { limit: 5, windowSeconds: 15 * 60 } satisfies RateRule,
  // Per account, 10 an hour: someone who holds the password guesses slowly (3 codes in a million are valid at a
  // time), while the owner, held off, waits an hour or asks another administrator (and changes the password).
  perAccount: { limit: 10, windowSeconds: 60 * 60 } satisfies RateRule,
  // And 30 a day: a patient guesser gets about 0.3 % a month.
  perAccountDay: { limit: 30, windowSeconds: 24 * 3600 } satisfies RateRule,
};

export async function limitAttempts<T>(
  deps: Pick<FeatureDeps, 'db' | 'sessions' | 'realtime'>,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { kind: '2fa' | 'reauth'; userId: string; sessionId: string; endedMessage: string },
  attempt: () => Promise<T>,
): Promise<T> {
  const { db, sessions, realtime } = deps;
  const sessionKey = `${input.kind}:session:${input.sessionId}`;
  const accountKey = `${input.kind}:account:${input.userId}`;
  const dayKey = `${input.kind}:account-day:${input.userId}`;
  const endSession = async () => {
    await sessions.close(request, reply);
    await realtime.sessionsEnded(input.userId);
    return new AppError(429, input.endedMessage);
  };
  const bySession = await consumeRate(db, sessionKey, ATTEMPT_LIMITS.perSession);
  if (!bySession.allowed) throw await endSession();
  const byAccount = await consumeRate(db, accountKey, ATTEMPT_LIMITS.perAccount);
  if (!byAccount.allowed) {
    await refundRate(db, sessionKey);
    throw tooManyAttempts(byAccount.retryAfter);
  }
  const byDay = await consumeRate(db, dayKey, ATTEMPT_LIMITS.perAccountDay);
  if (!byDay.allowed) {
    await refundRate(db, sessionKey);
    await refundRate(db, accountKey);
    throw tooManyAttempts(byDay.retryAfter);
  }
  try {
    const result = await attempt();
    await refundRate(db, sessionKey);
    await refundRate(db, accountKey);
    await refundRate(db, dayKey);
    return result;
  } catch (error) {
    const wrong = error instanceof AppError && error.statusCode === 400;
    if (!wrong) {
      await refundRate(db, sessionKey);
      await refundRate(db, accountKey);
      await refundRate(db, dayKey);
    } else if (bySession.count >= ATTEMPT_LIMITS.perSession.limit) throw await endSession();
    throw error;
  }
}
