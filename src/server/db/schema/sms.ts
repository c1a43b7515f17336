import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_QUIET_END, DEFAULT_QUIET_START, DEFAULT_SMS_DAILY_CAP, SMS_KINDS } from '#core/rules/sms.js';
import { createdAt, id, oneOf, timestamptz, updatedAt } from './columns.js';
import { users } from './users.js';

/**
 * A member's SMS choice (decision 051): opted in or not, their quiet hours (Paris, whole hours) and daily cap. The
 * number is the account's own (users.phone, E.164). `stoppedAt`: when a STOP reply turned it off.
 */
export const smsPreferences = pgTable(
  'sms_preferences',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean().notNull().default(false),
    quietStart: smallint().notNull().default(DEFAULT_QUIET_START),
    quietEnd: smallint().notNull().default(DEFAULT_QUIET_END),
    dailyCap: smallint().notNull().default(DEFAULT_SMS_DAILY_CAP),
    stoppedAt: timestamptz(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'sms_preferences_hours_check',
      sql`${t.quietStart} between 0 and 23 and ${t.quietEnd} between 0 and 23`,
    ),
    check('sms_preferences_cap_check', sql`${t.dailyCap} between 1 and 10`),
  ],
);

export const SMS_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * Every SMS claimed for a member: one per (member, what it is about), so a redelivered event never sends twice;
 * its segments are what the provider bills. The daily cap and the administrators' count per day read this table.
 * No number or text is kept: they are the member's (users.phone) and the alert's.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What it is about: the alert's id (itself derived from the event and the member). */
    dedupeKey: text().notNull(),
    kind: text().notNull(),
    status: text().notNull().default('pending'),
    segments: integer().notNull().default(1),
    providerMessageId: text(),
    error: text(),
    createdAt: createdAt(),
    sentAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('sms_messages_user_key').on(t.userId, t.dedupeKey),
    index('sms_messages_user_created_idx').on(t.userId, t.createdAt),
    index('sms_messages_created_idx').on(t.createdAt),
    check('sms_messages_kind_check', oneOf(t.kind, SMS_KINDS)),
    check('sms_messages_status_check', oneOf(t.status, SMS_STATUSES)),
  ],
);
