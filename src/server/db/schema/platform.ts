import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /** Administrators: when this session passed the second factor (null: only the password so far). */
    secondFactorAt: timestamptz(),
    /** Administrators: when the password was last typed again in this session (sensitive actions ask). */
    reauthAt: timestamptz(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Single-use links sent by e-mail for a password reset or an e-mail change; only the token's SHA-256 is kept.
 * A link is spent (usedAt) in the same statement that checks it, so it works once.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    tokenHash: text().notNull().unique(),
    /** For an e-mail change: the address that becomes the account's once the link is followed. */
    newEmail: text(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    check('account_tokens_purpose_check', sql`${t.purpose} in ('password_reset', 'email_change')`),
  ],
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
    /**
     * The session that registered the device: when it ends (signed out from elsewhere, password changed), the device
     * stops receiving the account's notifications with it.
     */
    sessionId: uuid().references(() => sessions.id, { onDelete: 'cascade' }),
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

/**
 * Realtime events on their way to the sockets of every instance (decision 011): NOTIFY carries the row's id,
 * the users and, when small, the event; a large one is read here. Kept an hour so an instance whose listener
 * reconnects replays what it missed.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userIds: uuid().array().notNull(),
    event: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('realtime_events_created_idx').on(t.createdAt)],
);

/** Running server instances, seen every 30 s; the sockets of one no longer seen do not count. */
export const realtimeInstances = pgTable('realtime_instances', {
  id: uuid().primaryKey(),
  seenAt: timestamptz().notNull().defaultNow(),
});

/** Who has an open /ws socket on which instance: push goes only to users with none. */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    instanceId: uuid()
      .notNull()
      .references(() => realtimeInstances.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sockets: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.userId] }),
    index('realtime_presence_user_idx').on(t.userId),
  ],
);

/** Keys the platform generates once and every instance shares (the VAPID key pair for Web Push). */
export const platformKeys = pgTable('platform_keys', {
  name: text().primaryKey(),
  value: jsonb().$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

/**
 * Answers kept for a day under the key the phone sent with an action (header `Idempotency-Key`, decision 055): an
 * action queued offline and sent again after a lost answer is done once, and the second sending gets the first
 * answer. `status` is null while the first sending is being handled.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    status: integer(),
    body: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);
