import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';
import { missions } from './missions.js';
import { users } from './users.js';

/**
 * A conversation between two users, optionally about a mission. The pair is stored ordered
 * (userOneId < userTwoId) so one pair and one mission make one conversation; each side keeps
 * its own unread count, which the API returns as `unreadCount` for the reader.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    userOneId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userTwoId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    missionId: uuid().references(() => missions.id, { onDelete: 'set null' }),
    unreadCountOne: integer().notNull().default(0),
    unreadCountTwo: integer().notNull().default(0),
    lastMessageAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair_mission_key').on(
      t.userOneId,
      t.userTwoId,
      sql`coalesce(${t.missionId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('conversations_user_two_idx').on(t.userTwoId, t.lastMessageAt),
    index('conversations_user_one_idx').on(t.userOneId, t.lastMessageAt),
    check('conversations_ordered_pair_check', sql`${t.userOneId} < ${t.userTwoId}`),
    check('conversations_unread_check', sql`${t.unreadCountOne} >= 0 and ${t.unreadCountTwo} >= 0`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    missionId: uuid().references(() => missions.id, { onDelete: 'set null' }),
    content: text().notNull(),
    /**
     * Sent between a mission's transporter and its chosen driver while the mission runs (core isMissionCoordination):
     * not counted against the Freemium daily limit, then or later.
     */
    coordination: boolean().notNull().default(false),
    read: boolean().notNull().default(false),
    readAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_receiver_unread_idx').on(t.receiverId, t.read),
    index('messages_sender_day_idx').on(t.senderId, t.createdAt),
    check('messages_content_length_check', sql`char_length(${t.content}) between 1 and 4000`),
  ],
);

export const alerts = pgTable(
  'alerts',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    link: text(),
    missionId: uuid().references(() => missions.id, { onDelete: 'set null' }),
    metadata: jsonb().$type<Record<string, unknown>>(),
    read: boolean().notNull().default(false),
    /** When the alert went out in an e-mail digest (null: not mailed). */
    emailedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index('alerts_user_idx').on(t.userId, t.read, t.createdAt),
    // GET /api/alerts, polled by every open app: the ids of a user's latest 200, newest first, from the index alone,
    // however many alerts they ever had (migration 0016, docs/decisions/025-hot-reads.md).
    index('alerts_user_recent_idx').on(t.userId, t.createdAt, t.id),
    index('alerts_to_email_idx')
      .on(t.createdAt)
      .where(sql`${t.emailedAt} is null and ${t.read} = false`),
    // One unread message alert per conversation (a burst of messages makes one alert), even under concurrent sends.
    uniqueIndex('alerts_message_burst_idx')
      .on(t.userId, sql`(${t.metadata}->>'conversationId')`)
      .where(sql`${t.type} = 'message' and ${t.read} = false`),
  ],
);

/** What each user wants to be told, and how (absent row: the defaults of core/rules/notifications.ts). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  alertTypes: text().array().notNull(),
  pushTypes: text().array().notNull(),
  emailTypes: text().array().notNull(),
  zoneRadiusKm: integer().notNull().default(100),
  /** The last e-mail digest sent: the next one waits an hour. */
  lastEmailAt: timestamptz(),
  updatedAt: updatedAt(),
});
