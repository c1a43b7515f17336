import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema/platform.js';
import { AppError } from './errors.js';

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counter in PostgreSQL: one atomic upsert, shared by every instance, so a client
 * cannot multiply its attempts by hitting several servers.
 */
export async function consumeRate(
  db: Db,
  key: string,
  rule: RateRule,
): Promise<{ allowed: boolean; retryAfter: number }> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const result = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${rateLimits.windowStart} <= now() - ${window} then now() else ${rateLimits.windowStart} end`,
        count: sql`case when ${rateLimits.windowStart} <= now() - ${window} then 1 else ${rateLimits.count} + 1 end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + ${window} - now())))::int`,
    });
  const row = result[0]!;
  return { allowed: row.count <= rule.limit, retryAfter: Math.max(1, row.retryAfter) };
}

function minutes(seconds: number): string {
  const value = Math.ceil(seconds / 60);
  return value <= 1 ? '1 minute' : `${value} minutes`;
}

/** Throws the French 429 when any of the keys is over its rule. */
export async function enforceRates(db: Db, checks: Array<{ key: string; rule: RateRule }>): Promise<void> {
  for (const { key, rule } of checks) {
    const { allowed, retryAfter } = await consumeRate(db, key, rule);
    if (!allowed) {
      throw new AppError(429, `Trop de tentatives. Réessayez dans ${minutes(retryAfter)}.`, undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }
}

export async function deleteStaleRateCounters(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
}
