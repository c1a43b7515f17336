import { boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
