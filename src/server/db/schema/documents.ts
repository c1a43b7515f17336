import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  AVAILABILITY_STATUSES,
  BADGE_TYPES,
  DOCUMENT_STATUSES,
  DRIVER_APPLICATION_STATUSES,
} from '#core/rules/enums.js';
import { createdAt, id, oneOf, timestamptz, updatedAt } from './columns.js';
import { missions } from './missions.js';
import { users } from './users.js';

export const documents = pgTable(
  'documents',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    fileName: text().notNull(),
    /** Storage key of the private file; served only through an authorised route. */
    fileUrl: text().notNull(),
    missionId: uuid().references(() => missions.id, { onDelete: 'set null' }),
    recipientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    signedAt: timestamptz(),
    signedUrl: text(),
    expirationDate: date(),
    uploadedAt: createdAt(),
    verifiedAt: timestamptz(),
    verifiedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text().notNull().default('pending'),
    rejectionReason: text(),
    /** Number printed on the document (licence, card, certificate). */
    number: text(),
    issuedAt: date(),
    /** Licence categories, ADR specialisations, the name of an "autre" document. */
    details: jsonb().$type<{
      categories?: string[];
      adrKinds?: string[];
      label?: string;
      /** Engagement documents: the parties' names as printed, which each must type to sign. */
      parties?: { transporter: string; driver: string };
      /** Transport orders: what they printed of the carrier (made again, unsigned, once completed; decision 042). */
      carrier?: { siret: string | null; register: string | null };
    }>(),
    mimeType: text(),
    sizeBytes: integer(),
    /** SHA-256 of the stored file (for engagement documents: of the unsigned PDF the parties sign). */
    sha256: text(),
    /** Engagement documents: the transporter's written waiver of signatures, logged. */
    waivedAt: timestamptz(),
  },
  (t) => [
    index('documents_user_idx').on(t.userId, t.type),
    index('documents_mission_idx').on(t.missionId),
    // One engagement document per mission.
    uniqueIndex('documents_engagement_mission_key')
      .on(t.missionId)
      .where(sql`type = 'engagement'`),
    index('documents_status_idx').on(t.status, t.uploadedAt),
    index('documents_expiration_idx').on(t.expirationDate),
    check('documents_status_check', oneOf(t.status, DOCUMENT_STATUSES)),
  ],
);

export const badges = pgTable(
  'badges',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    earnedAt: createdAt(),
    criteria: jsonb().$type<Record<string, unknown>>(),
    /** Badges given by an administrator (eco_driver): who, and why. */
    awardedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    reason: text(),
  },
  (t) => [
    uniqueIndex('badges_user_type_key').on(t.userId, t.type),
    check('badges_type_check', oneOf(t.type, BADGE_TYPES)),
  ],
);

export const availability = pgTable(
  'availability',
  {
    id: id(),
    driverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date().notNull(),
    /** available, unavailable, or busy = partially available (from startTime to endTime, 'HH:MM', Paris time). */
    status: text().notNull(),
    notes: text(),
    startTime: text(),
    endTime: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('availability_driver_date_key').on(t.driverId, t.date),
    check('availability_status_check', oneOf(t.status, AVAILABILITY_STATUSES)),
    check(
      'availability_hours_check',
      sql`(${t.startTime} is null and ${t.endTime} is null) or (${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.endTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.startTime} < ${t.endTime})`,
    ),
    index('availability_date_status_idx').on(t.date, t.status),
  ],
);

/** A driver's calendar choices: shown to transporters searching for drivers, and the private ICS feed. */
export const driverCalendars = pgTable('driver_calendars', {
  driverId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Opt-in: found by transporters on the days marked available (or partially). */
  visibleToTransporters: boolean().notNull().default(false),
  /** SHA-256 of the feed's secret token; null when no feed (or revoked). */
  icsTokenHash: text().unique(),
  icsCreatedAt: timestamptz(),
  updatedAt: updatedAt(),
});

export const driverApplications = pgTable(
  'driver_applications',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().notNull().default('pending_validation'),
    interviewDate: timestamptz(),
    interviewNotes: text(),
    adminNotes: text(),
    rejectionReason: text(),
    validatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    validatedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index('driver_applications_status_idx').on(t.status, t.createdAt),
    uniqueIndex('driver_applications_user_key').on(t.userId),
    check('driver_applications_status_check', oneOf(t.status, DRIVER_APPLICATION_STATUSES)),
  ],
);

/** Every opening of a driver's file by someone else (a transporter, an admin): the driver sees the list. */
export const documentAccesses = pgTable(
  'document_accesses',
  {
    id: id(),
    /** Kept (without the document) when the driver deletes the document: they still see who opened it. */
    documentId: uuid().references(() => documents.id, { onDelete: 'set null' }),
    documentType: text().notNull(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    viewerRole: text().notNull(),
    ipAddress: text(),
    createdAt: createdAt(),
  },
  (t) => [index('document_accesses_owner_idx').on(t.ownerId, t.createdAt)],
);

/** Expiry reminders already sent: one row per document and stage, so each goes exactly once. */
export const documentReminders = pgTable(
  'document_reminders',
  {
    documentId: uuid()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    stage: integer().notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.stage] })],
);

/** A party's signature of an engagement document. */
export const documentSignatures = pgTable(
  'document_signatures',
  {
    id: id(),
    documentId: uuid()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    role: text().notNull(),
    typedName: text().notNull(),
    consent: text().notNull(),
    ipAddress: text(),
    /** SHA-256 of the PDF as it was shown when signing. */
    sha256: text().notNull(),
    signedAt: createdAt(),
  },
  (t) => [uniqueIndex('document_signatures_document_role_key').on(t.documentId, t.role)],
);
