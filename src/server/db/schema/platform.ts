import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.js';
import { users } from './users.js';

/** Opaque session tokens; only their SHA-256 is stored (docs/decisions/002-sessions.md). */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    userAgent: text(),
    ipAddress: text(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz().notNull().defaultNow(),
    /** Idle expiry, pushed forward on use but never past absoluteExpiresAt. */
    expiresAt: timestamptz().notNull(),
    absoluteExpiresAt: timestamptz().notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Web Push subscriptions, one per device (endpoint). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    userAgent: text(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every instance (login, register and resend limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  windowStart: timestamptz().notNull(),
  count: integer().notNull(),
});
