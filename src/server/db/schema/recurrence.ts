import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { HOLIDAY_POLICIES } from '#core/rules/recurrence.js';
import { createdAt, id, oneOf, timestamptz, updatedAt } from './columns.js';
import { missions } from './missions.js';
import { users } from './users.js';

/**
 * Recurring missions (decision 056): the first mission as its form wrote it (the parsed input, dates in ISO), and the
 * rule that publishes a copy of it `lead_days` ahead of each of its days. Editing changes the occurrences not yet
 * published; a stopped series publishes nothing more.
 */
export const missionTemplates = pgTable(
  'mission_templates',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mission: jsonb().$type<Record<string, unknown>>().notNull(),
    title: text().notNull(),
    weekdays: integer().array().notNull(),
    firstDay: date().notNull(),
    until: date(),
    occurrenceCount: integer(),
    /** Occurrences published before `first_day` (an edit moved it): they count towards `occurrence_count`. */
    countedBefore: integer().notNull().default(0),
    leadDays: integer().notNull(),
    holidays: text().notNull(),
    stoppedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mission_templates_company_idx').on(t.companyId, t.createdAt),
    index('mission_templates_running_idx')
      .on(t.id)
      .where(sql`${t.stoppedAt} is null`),
    check('mission_templates_holidays_check', oneOf(t.holidays, HOLIDAY_POLICIES)),
    check('mission_templates_lead_days_check', sql`${t.leadDays} between 1 and 30`),
    check(
      'mission_templates_count_check',
      sql`${t.occurrenceCount} is null or ${t.occurrenceCount} between 1 and 200`,
    ),
    check(
      'mission_templates_weekdays_check',
      sql`cardinality(${t.weekdays}) between 1 and 7 and ${t.weekdays} <@ array[1,2,3,4,5,6,7]`,
    ),
  ],
);

/**
 * Each day of a series published once, whichever instance's job gets there first: the key is the day the rule
 * gives (`due`), the mission may run on another (a holiday moved it). The mission row stays the transporter's.
 */
export const missionOccurrences = pgTable(
  'mission_occurrences',
  {
    templateId: uuid()
      .notNull()
      .references(() => missionTemplates.id, { onDelete: 'cascade' }),
    due: date().notNull(),
    missionId: uuid().references(() => missions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.due] }),
    index('mission_occurrences_mission_idx').on(t.missionId),
  ],
);
