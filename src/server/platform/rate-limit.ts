import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema/platform.js';
import { AppError } from './errors.js';

/**
 * The client an address limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 one too), and an IPv6
 * address by its /64 network — what one subscriber, phone or server gets, so walking through the addresses of a
 * single network does not multiply the attempts.
 */
export function addressKey(ip: string): string {
  const bare = ip.split('%')[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(bare)) return bare;
  const [head = '', tail = ''] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = bare.includes('::') && tail ? tail.split(':') : [];
  const groups = bare.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

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
): Promise<{ allowed: boolean; retryAfter: number; count: number }> {
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
  return { allowed: row.count <= rule.limit, retryAfter: Math.max(1, row.retryAfter), count: row.count };
}

/** The count in the key's current window (0 when none) and when that window ends, without counting anything. */
export async function peekRate(
  db: Db,
  key: string,
  rule: RateRule,
): Promise<{ count: number; retryAfter: number }> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const { rows } = await db.execute<{ count: number; retry_after: number }>(sql`
    select count, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after
    from rate_limits where key = ${key} and window_start > now() - ${window}`);
  return { count: rows[0]?.count ?? 0, retryAfter: Math.max(1, rows[0]?.retry_after ?? 1) };
}

/** Takes back one count (an attempt that turned out well must not count against its address). */
export async function refundRate(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Forgets a key altogether. */
export async function clearRate(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** "1 minute", "45 minutes"; from two hours on, in hours ("19 heures"). */
function minutes(seconds: number): string {
  const value = Math.ceil(seconds / 60);
  if (value >= 120) return `${Math.ceil(value / 60)} heures`;
  return value <= 1 ? '1 minute' : `${value} minutes`;
}

export function tooManyAttempts(retryAfter: number): AppError {
  return new AppError(429, `Trop de tentatives. Réessayez dans ${minutes(retryAfter)}.`, undefined, {
    'retry-after': String(retryAfter),
  });
}

/** Throws the French 429 when any of the keys is over its rule. */
export async function enforceRates(db: Db, checks: Array<{ key: string; rule: RateRule }>): Promise<void> {
  for (const { key, rule } of checks) {
    const { allowed, retryAfter } = await consumeRate(db, key, rule);
    if (!allowed) throw tooManyAttempts(retryAfter);
  }
}

export async function deleteStaleRateCounters(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
}
