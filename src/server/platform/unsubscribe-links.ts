import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { platformKeys } from '../db/schema/platform.js';

/**
 * Unsubscribe links (RFC 8058 one-click, and the per-type links of a mail's footer) work without signing in:
 * the link carries the member, what it stops (an alert type, or every e-mail) and an HMAC of both under a key of
 * the platform (created by the first instance that needs it, insert-if-absent, as the VAPID keys). Nothing is
 * stored per mail; a link can only stop e-mails of the member it names, and cannot be forged for another.
 */
export interface UnsubscribeLinks {
  /** The token for this member and scope (an alert type, or `all`). */
  token(userId: string, scope: string): Promise<string>;
  /** The member and scope a token names, or null when it is not one of ours. */
  read(token: string): Promise<{ userId: string; scope: string } | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createUnsubscribeLinks(db: Db): UnsubscribeLinks {
  let key: Promise<Buffer> | undefined;
  const loadKey = () =>
    (key ??= (async () => {
      await db
        .insert(platformKeys)
        .values({ name: 'unsubscribe', value: { key: randomBytes(32).toString('base64url') } })
        .onConflictDoNothing();
      const [row] = await db.select().from(platformKeys).where(eq(platformKeys.name, 'unsubscribe'));
      return Buffer.from(row!.value.key!, 'base64url');
    })().catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
  const signature = async (userId: string, scope: string) =>
    createHmac('sha256', await loadKey())
      .update(`unsubscribe:${userId}:${scope}`)
      .digest()
      .subarray(0, 20);
  return {
    async token(userId, scope) {
      return `${userId}.${scope}.${(await signature(userId, scope)).toString('base64url')}`;
    },
    async read(token) {
      const [userId, scope, given, ...rest] = token.split('.');
      if (
        !userId ||
        !scope ||
        !given ||
        rest.length > 0 ||
        !UUID.test(userId) ||
        !/^[a-z_]{1,40}$/.test(scope)
      )
        return null;
      const expected = await signature(userId, scope);
      const actual = Buffer.from(given, 'base64url');
      return actual.length === expected.length && timingSafeEqual(actual, expected)
        ? { userId, scope }
        : null;
    },
  };
}
