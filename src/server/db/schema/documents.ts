import { check, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  AVAILABILITY_STATUSES,
  BADGE_TYPES,
  DOCUMENT_STATUSES,
  DRIVER_APPLICATION_STATUSES,
} from '#core/rules/enums.js';
import { createdAt, id, oneOf, timestamptz } from './columns.js';
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
  },
  (t) => [
    index('documents_user_idx').on(t.userId, t.type),
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
    status: text().notNull(),
    notes: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('availability_driver_date_key').on(t.driverId, t.date),
    check('availability_status_check', oneOf(t.status, AVAILABILITY_STATUSES)),
  ],
);

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
    index('driver_applications_user_idx').on(t.userId),
    check('driver_applications_status_check', oneOf(t.status, DRIVER_APPLICATION_STATUSES)),
  ],
);
