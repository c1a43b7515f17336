import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { BUG_CATEGORIES, BUG_PRIORITIES, BUG_STATUSES } from '#core/rules/enums.js';
import { createdAt, id, oneOf, timestamptz, updatedAt } from './columns.js';
import { users } from './users.js';

export const adminLogs = pgTable(
  'admin_logs',
  {
    id: id(),
    /** Kept when the admin account goes: the trail outlives its author. */
    adminId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    ipAddress: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_logs_admin_idx').on(t.adminId, t.createdAt),
    index('admin_logs_target_idx').on(t.targetType, t.targetId),
  ],
);

export const siteSettings = pgTable('site_settings', {
  id: uuid().primaryKey().defaultRandom(),
  key: text().notNull().unique(),
  value: text(),
  /** Public settings are readable by anyone through GET /api/site-settings. */
  isPublic: boolean().notNull().default(false),
  updatedAt: updatedAt(),
});

export const bugReports = pgTable(
  'bug_reports',
  {
    id: id(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    description: text().notNull(),
    category: text().notNull().default('other'),
    priority: text().notNull().default('medium'),
    status: text().notNull().default('new'),
    page: text(),
    browserInfo: text(),
    screenshotUrl: text(),
    /** Where the screenshot is kept (platform/storage); screenshotUrl is the access-checked route that serves it. */
    screenshotKey: text(),
    /** Internal to the team; never shown to the reporter. */
    adminNotes: text(),
    /** The team's answer, shown to the reporter. */
    publicAnswer: text(),
    answeredAt: timestamptz(),
    resolvedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bug_reports_status_idx').on(t.status, t.createdAt),
    index('bug_reports_user_idx').on(t.userId),
    check('bug_reports_status_check', oneOf(t.status, BUG_STATUSES)),
    check('bug_reports_priority_check', oneOf(t.priority, BUG_PRIORITIES)),
    check('bug_reports_category_check', oneOf(t.category, BUG_CATEGORIES)),
  ],
);

/** An administrator's single-use recovery codes (only their SHA-256), for a lost authenticator. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_recovery_codes_hash_key').on(t.userId, t.codeHash)],
);

/**
 * Invitations to become an administrator, sent by e-mail (only the token's SHA-256 is kept). Followed once: the
 * person chooses a name and a password, then enrols a second factor.
 */
export const adminInvitations = pgTable(
  'admin_invitations',
  {
    id: id(),
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamptz().notNull(),
    acceptedAt: timestamptz(),
    revokedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    // One invitation waiting per address at a time.
    uniqueIndex('admin_invitations_waiting_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
