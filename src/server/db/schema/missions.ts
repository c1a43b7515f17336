import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  APPLICATION_STATUSES,
  MISSION_STATUSES,
  PAYMENT_STATUSES,
  PRICING_TYPES,
} from '#core/rules/enums.js';
import { coordinate, createdAt, id, money, oneOf, score, timestamptz, updatedAt } from './columns.js';
import { users } from './users.js';

export const missions = pgTable(
  'missions',
  {
    id: id(),
    /** The transporter who published it; its missions go with the account. */
    companyId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The assigned driver; a deleted driver leaves the mission unassigned, not gone. */
    driverId: uuid().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    description: text().notNull(),
    pickupAddress: text().notNull(),
    deliveryAddress: text().notNull(),
    pickupLat: coordinate(),
    pickupLng: coordinate(),
    deliveryLat: coordinate(),
    deliveryLng: coordinate(),
    vehicleType: text().notNull(),
    startDate: timestamptz().notNull(),
    endDate: timestamptz().notNull(),
    price: money().notNull(),
    pricingType: text().notNull().default('flat'),
    stripePaymentIntentId: text().unique(),
    depositPaid: boolean().notNull().default(false),
    depositAmount: money(),
    finalPaymentDue: money(),
    paymentStatus: text().notNull().default('pending'),
    invoiceNumber: text(),
    invoiceUrl: text(),
    cargoType: text(),
    requiredDocuments: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text().notNull().default('available'),
    urgency: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('missions_status_start_idx').on(t.status, t.startDate),
    index('missions_company_idx').on(t.companyId, t.createdAt),
    index('missions_driver_idx').on(t.driverId, t.createdAt),
    check('missions_status_check', oneOf(t.status, MISSION_STATUSES)),
    check('missions_pricing_type_check', oneOf(t.pricingType, PRICING_TYPES)),
    check('missions_payment_status_check', oneOf(t.paymentStatus, PAYMENT_STATUSES)),
    check('missions_price_check', sql`${t.price} > 0`),
    check('missions_dates_check', sql`${t.endDate} > ${t.startDate}`),
  ],
);

export const missionApplications = pgTable(
  'mission_applications',
  {
    id: id(),
    missionId: uuid()
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    driverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().notNull().default('pending'),
    message: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('mission_applications_mission_driver_key').on(t.missionId, t.driverId),
    index('mission_applications_driver_idx').on(t.driverId, t.createdAt),
    index('mission_applications_mission_status_idx').on(t.missionId, t.status),
    check('mission_applications_status_check', oneOf(t.status, APPLICATION_STATUSES)),
  ],
);

export const gpsPositions = pgTable(
  'gps_positions',
  {
    id: id(),
    missionId: uuid()
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    driverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: coordinate().notNull(),
    longitude: coordinate().notNull(),
    speed: numeric({ precision: 6, scale: 2 }),
    heading: numeric({ precision: 5, scale: 2 }),
    accuracy: numeric({ precision: 8, scale: 2 }),
    recordedAt: createdAt(),
  },
  (t) => [index('gps_positions_mission_idx').on(t.missionId, t.recordedAt)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    reviewerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revieweeId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    missionId: uuid()
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    professionalismScore: integer(),
    communicationScore: integer(),
    drivingSkillScore: integer(),
    safetyScore: integer(),
    comment: text(),
    photos: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_reviewer_mission_key').on(t.reviewerId, t.missionId),
    index('reviews_reviewee_idx').on(t.revieweeId, t.createdAt),
    check('reviews_rating_check', score(t.rating)),
    check(
      'reviews_professionalism_check',
      sql`${t.professionalismScore} is null or ${score(t.professionalismScore)}`,
    ),
    check(
      'reviews_communication_check',
      sql`${t.communicationScore} is null or ${score(t.communicationScore)}`,
    ),
    check(
      'reviews_driving_skill_check',
      sql`${t.drivingSkillScore} is null or ${score(t.drivingSkillScore)}`,
    ),
    check('reviews_safety_check', sql`${t.safetyScore} is null or ${score(t.safetyScore)}`),
    check('reviews_not_self_check', sql`${t.reviewerId} <> ${t.revieweeId}`),
  ],
);
