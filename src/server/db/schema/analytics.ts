import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.js';
import { users } from './users.js';

export const analyticsVisits = pgTable(
  'analytics_visits',
  {
    id: id(),
    visitorId: text().notNull(),
    sessionId: text(),
    page: text().notNull(),
    userType: text(),
    converted: boolean().notNull().default(false),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_visits_created_idx').on(t.createdAt),
    index('analytics_visits_visitor_idx').on(t.visitorId),
  ],
);

export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    id: id(),
    sessionId: text().notNull().unique(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    userAgent: text(),
    ipAddress: text(),
    referrer: text(),
    landingPage: text(),
    deviceType: text(),
    country: text(),
    city: text(),
    startedAt: createdAt(),
    endedAt: timestamptz(),
    duration: integer(),
    pageViews: integer().notNull().default(0),
  },
  (t) => [
    index('analytics_sessions_started_idx').on(t.startedAt),
    index('analytics_sessions_user_idx').on(t.userId),
  ],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    sessionId: text().references(() => analyticsSessions.sessionId, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    eventType: text().notNull(),
    eventCategory: text(),
    eventLabel: text(),
    pagePath: text(),
    pageTitle: text(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_session_idx').on(t.sessionId),
    index('analytics_events_type_idx').on(t.eventType, t.createdAt),
  ],
);

/**
 * Audience without consent (CNIL exemption): page views counted per day, page and device type, with no
 * identifier, no IP, no referrer; nothing can be tied back to a person.
 */
export const analyticsAudience = pgTable(
  'analytics_audience',
  {
    day: date().notNull(),
    page: text().notNull(),
    deviceType: text().notNull(),
    views: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.page, t.deviceType] })],
);
