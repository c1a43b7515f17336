import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INCIDENT_TYPES, REVIEW_REPORT_STATUSES, WAITING_PLACES } from '#core/rules/enums.js';
import { coordinate, createdAt, id, oneOf, timestamptz } from './columns.js';
import { documents } from './documents.js';
import { missions, reviews } from './missions.js';
import { users } from './users.js';

/**
 * On the road (decision 019): a mission's tracking state, who looked at the positions, the proof of delivery,
 * incidents and waiting times, and reported reviews. `gps_positions`, `reviews` and `badges` are in
 * missions.ts and documents.ts.
 */

/** One row per tracked mission: paused or not, and the trip summary kept once positions are purged. */
export const missionTracking = pgTable('mission_tracking', {
  missionId: uuid()
    .primaryKey()
    .references(() => missions.id, { onDelete: 'cascade' }),
  driverId: uuid().references(() => users.id, { onDelete: 'set null' }),
  /** Set while the driver has paused sharing; the transporter sees "suivi en pause". */
  pausedAt: timestamptz(),
  /** The last point received (what "vu il y a 2 min" reads), kept after purge. */
  lastPositionAt: timestamptz(),
  /** What remains once positions are deleted 30 days after the end: distance, duration, speeds, counts. */
  summary: jsonb().$type<Record<string, unknown>>(),
  purgedAt: timestamptz(),
  createdAt: createdAt(),
});

/**
 * Each look at a mission's positions by someone other than its driver (RGPD): consecutive looks by one person
 * within a few minutes are one row (first and last time, how many), shown to the driver.
 */
export const trackingViews = pgTable(
  'tracking_views',
  {
    id: id(),
    missionId: uuid()
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    viewerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** transporter or admin, as they were when they looked. */
    viewerRole: text().notNull(),
    firstViewedAt: createdAt(),
    lastViewedAt: createdAt(),
    views: integer().notNull().default(1),
  },
  (t) => [index('tracking_views_mission_idx').on(t.missionId, t.lastViewedAt)],
);

/** The proof of delivery the driver collects at "Marquer livré"; its PDF is a mission document. */
export const deliveryProofs = pgTable('delivery_proofs', {
  id: id(),
  missionId: uuid()
    .notNull()
    .unique()
    .references(() => missions.id, { onDelete: 'cascade' }),
  driverId: uuid().references(() => users.id, { onDelete: 'set null' }),
  recipientName: text().notNull(),
  /** Storage keys (private files): the drawn signature (PNG) and the photos of the delivery note / CMR. */
  signatureKey: text().notNull(),
  photoKeys: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  latitude: coordinate(),
  longitude: coordinate(),
  accuracy: numeric({ precision: 8, scale: 2 }),
  signedAt: timestamptz().notNull(),
  note: text(),
  /** The assembled PDF, once made. */
  documentId: uuid().references(() => documents.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const missionIncidents = pgTable(
  'mission_incidents',
  {
    id: id(),
    missionId: uuid()
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    reporterId: uuid().references(() => users.id, { onDelete: 'set null' }),
    type: text().notNull(),
    occurredAt: timestamptz().notNull(),
    latitude: coordinate(),
    longitude: coordinate(),
    note: text(),
    photoKeys: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('mission_incidents_mission_idx').on(t.missionId, t.occurredAt),
    check('mission_incidents_type_check', oneOf(t.type, INCIDENT_TYPES)),
  ],
);

/** Waiting at the pickup or the delivery, started and stopped by the driver; one open at a time per mission. */
export const waitingPeriods = pgTable(
  'waiting_periods',
  {
    id: id(),
    missionId: uuid()
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    place: text().notNull(),
    startedAt: timestamptz().notNull(),
    endedAt: timestamptz(),
    startedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('waiting_periods_mission_idx').on(t.missionId, t.startedAt),
    uniqueIndex('waiting_periods_open_key')
      .on(t.missionId)
      .where(sql`${t.endedAt} is null`),
    check('waiting_periods_place_check', oneOf(t.place, WAITING_PLACES)),
    check('waiting_periods_order_check', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
);

/** A review reported to the administrators by the member it is about (or its author). */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: id(),
    reviewId: uuid()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: uuid().references(() => users.id, { onDelete: 'set null' }),
    reason: text().notNull(),
    status: text().notNull().default('open'),
    resolvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_reports_review_reporter_key').on(t.reviewId, t.reporterId),
    index('review_reports_status_idx').on(t.status, t.createdAt),
    check('review_reports_status_check', oneOf(t.status, REVIEW_REPORT_STATUSES)),
  ],
);
