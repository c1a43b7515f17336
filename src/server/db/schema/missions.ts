import { PLACEMENT_PRECISIONS } from '#core/schemas/places.js';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
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
import { CARGO_WEIGHT_MAX_KG, PALLET_COUNT_MAX } from '#core/rules/cargo.js';
import { ENGAGEMENT_TYPES } from '#core/rules/missions.js';
import { ADR_CLASSES, TEMPERATURE_MAX_C, TEMPERATURE_MIN_C } from '#core/rules/freight.js';
import { PAYMENT_TERMS } from '#core/rules/money.js';
import { WAITING_QUARTER_PRICE_MAX_CENTS } from '#core/rules/waiting-rate.js';
import { coordinate, createdAt, id, money, oneOf, score, timestamptz, updatedAt } from './columns.js';
import { users } from './users.js';
import { EARTH_RADIUS_KM, HGV_DEFAULT_SPEED_KMH, ROAD_FACTOR } from '#core/rules/tracking.js';

/** The road distance estimated from the two points (km): the great-circle distance (haversine) × the road factor. */
const ROAD_KM_SQL = `(2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
  power(sin(radians((delivery_lat - pickup_lat)::float8) / 2), 2)
  + cos(radians(pickup_lat::float8)) * cos(radians(delivery_lat::float8))
    * power(sin(radians((delivery_lng - pickup_lng)::float8) / 2), 2)))) * ${ROAD_FACTOR})`;
/** Null unless both points are known (`least` would take a missing point's null for 1: a quarter of the Earth). */
const placedOnly = (expression: string) =>
  `case when pickup_lat is null or pickup_lng is null or delivery_lat is null or delivery_lng is null then null else ${expression} end`;

/** earthdistance's point on the Earth (a cube); read only through SQL. */
const earthPoint = customType<{ data: string }>({ dataType: () => 'cube' });

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
    /** What anonymous visitors see instead of the exact addresses. */
    pickupCity: text(),
    deliveryCity: text(),
    pickupLat: coordinate(),
    pickupLng: coordinate(),
    /** The pickup as an earthdistance point, kept by PostgreSQL, for radius searches and nearest-first order. */
    pickupPoint: earthPoint().generatedAlwaysAs(sql`ll_to_earth(pickup_lat::float8, pickup_lng::float8)`),
    /**
     * The pickup rounded as visitors see it (2 decimals, about a kilometre): their radius searches and distances
     * use this one, so that no sequence of searches tells them more than the rounded point they are shown.
     */
    pickupPointPublic: earthPoint().generatedAlwaysAs(
      sql`ll_to_earth(round(pickup_lat, 2)::float8, round(pickup_lng, 2)::float8)`,
    ),
    deliveryLat: coordinate(),
    deliveryLng: coordinate(),
    /**
     * The trip's estimated road distance (km) and driving time (minutes), from the two points (decision 050): the
     * straight line × ROAD_FACTOR at HGV_DEFAULT_SPEED_KMH, the driving rounded up to 5 minutes — core
     * `missionDriving` (driving-time-estimate.ts) written in SQL, which a test holds equal. Null without both points.
     */
    routeKm: integer().generatedAlwaysAs(sql.raw(placedOnly(`round(${ROAD_KM_SQL})::int`))),
    routeDrivingMinutes: integer().generatedAlwaysAs(
      sql.raw(placedOnly(`(ceil(${ROAD_KM_SQL} / ${HGV_DEFAULT_SPEED_KMH} * 60 / 5) * 5)::int`)),
    ),
    /**
     * The routing service's figures for the trip (decision 054), when ROUTING_URL is set and it answered: road km,
     * and the heavy goods vehicle's driving minutes (its distance at HGV_DEFAULT_SPEED_KMH or its duration, the
     * longer). Reads take them before the estimate above; `routedAt` says when they were asked (the source marker).
     * Cleared when an edit moves a point, until the service answers again.
     */
    routedKm: integer(),
    routedDrivingMinutes: integer(),
    routedAt: timestamptz(),
    /** How well each point places its address (core PLACEMENT_PRECISIONS); null when the address has no point. */
    pickupPrecision: text(),
    deliveryPrecision: text(),
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
    /** Chosen at publication (core PAYMENT_TERMS): the due date of what the mission owes. */
    paymentTerms: text().notNull().default('reception'),
    invoiceNumber: text(),
    invoiceUrl: text(),
    cargoType: text(),
    /** The goods' gross weight and pallets, for the transport order (decision 042); optional. */
    cargoWeightKg: integer(),
    palletCount: integer(),
    /**
     * The freight (decision 052), all optional: the loading and delivery slots inside the mission's period, the
     * temperature set-point (°C, with a refrigerated unit), the dangerous goods (ADR class and UN number, both or
     * neither) and the equipment the vehicle needs. Booleans rather than a list so the search's GiST indexes hold
     * them (decision 027).
     */
    loadingStart: timestamptz(),
    loadingEnd: timestamptz(),
    deliveryStart: timestamptz(),
    deliveryEnd: timestamptz(),
    temperatureC: smallint(),
    adrClass: text(),
    unNumber: text(),
    requiresAtp: boolean().notNull().default(false),
    requiresTailLift: boolean().notNull().default(false),
    /**
     * The waiting rate set at publication (decision 042): a franchise per operation, then a price per started
     * quarter hour before VAT; both null when none was set (waiting recorded for information only).
     */
    waitingFranchiseMinutes: integer(),
    waitingQuarterPrice: money(),
    requiredDocuments: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text().notNull().default('available'),
    urgency: boolean().notNull().default(false),
    /** employment (short contract, payslip) or independent (carrier invoices): see core/rules/missions.ts. */
    engagementType: text().notNull().default('employment'),
    /** Title, description and cities, lower-case without accents (core `searchable`), for text search. */
    searchText: text().notNull().default(''),
    /** The publisher's world (users.sandboxId), kept by a trigger: null for every real mission (decision 022). */
    sandboxId: uuid(),
    assignedAt: timestamptz(),
    startedAt: timestamptz(),
    deliveredAt: timestamptz(),
    completedAt: timestamptz(),
    cancelledAt: timestamptz(),
    cancellationReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('missions_status_start_idx').on(t.status, t.startDate),
    // The search's (decision 027): open missions of the real world only, nearest first, with the filters a driver
    // sets most checked inside the index (btree_gist), so a rare filter does not fetch every row of the radius.
    // Members measure from the exact pickup, visitors from the rounded one. A demo sandbox's few missions are
    // found through missions_sandbox_idx.
    // The freight filters (decision 052) too: the two equipment booleans, and the ADR class and the set-point
    // for « is null » / « is not null ».
    ...(['missions_open_idx', 'missions_open_public_idx'] as const).map((name) =>
      index(name)
        .using(
          'gist',
          name === 'missions_open_idx' ? t.pickupPoint : t.pickupPointPublic,
          t.vehicleType,
          t.urgency,
          t.startDate,
          t.requiresAtp,
          t.requiresTailLift,
          t.adrClass,
          t.temperatureC,
        )
        .where(sql`${t.status} = 'available' and ${t.sandboxId} is null`),
    ),
    index('missions_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('missions_engagement_type_check', oneOf(t.engagementType, ENGAGEMENT_TYPES)),
    index('missions_company_idx').on(t.companyId, t.createdAt),
    index('missions_sandbox_idx')
      .on(t.sandboxId, t.status)
      .where(sql`${t.sandboxId} is not null`),
    index('missions_driver_idx').on(t.driverId, t.createdAt),
    check('missions_status_check', oneOf(t.status, MISSION_STATUSES)),
    check('missions_pricing_type_check', oneOf(t.pricingType, PRICING_TYPES)),
    check('missions_payment_status_check', oneOf(t.paymentStatus, PAYMENT_STATUSES)),
    check('missions_payment_terms_check', oneOf(t.paymentTerms, PAYMENT_TERMS)),
    check('missions_price_check', sql`${t.price} > 0`),
    check('missions_pickup_precision_check', oneOf(t.pickupPrecision, PLACEMENT_PRECISIONS)),
    check('missions_delivery_precision_check', oneOf(t.deliveryPrecision, PLACEMENT_PRECISIONS)),
    check('missions_dates_check', sql`${t.endDate} > ${t.startDate}`),
    check(
      'missions_routed_check',
      sql`(${t.routedKm} is null) = (${t.routedDrivingMinutes} is null) and (${t.routedKm} is null) = (${t.routedAt} is null) and (${t.routedKm} is null or (${t.routedKm} >= 0 and ${t.routedDrivingMinutes} >= 0))`,
    ),
    check(
      'missions_cargo_weight_check',
      sql`${t.cargoWeightKg} is null or ${t.cargoWeightKg} between 1 and ${sql.raw(String(CARGO_WEIGHT_MAX_KG))}`,
    ),
    check(
      'missions_pallet_count_check',
      sql`${t.palletCount} is null or ${t.palletCount} between 1 and ${sql.raw(String(PALLET_COUNT_MAX))}`,
    ),
    // The freight (decision 052): each slot both ends or neither, in order, inside the mission's period, the
    // delivery not before the loading; a set-point within range and with a refrigerated unit; ADR both or neither.
    check(
      'missions_loading_slot_check',
      sql`(${t.loadingStart} is null) = (${t.loadingEnd} is null) and (${t.loadingStart} is null or (${t.loadingEnd} > ${t.loadingStart} and ${t.loadingStart} >= ${t.startDate} and ${t.loadingEnd} <= ${t.endDate}))`,
    ),
    check(
      'missions_delivery_slot_check',
      sql`(${t.deliveryStart} is null) = (${t.deliveryEnd} is null) and (${t.deliveryStart} is null or (${t.deliveryEnd} > ${t.deliveryStart} and ${t.deliveryStart} >= ${t.startDate} and ${t.deliveryEnd} <= ${t.endDate} and (${t.loadingStart} is null or ${t.deliveryStart} >= ${t.loadingStart})))`,
    ),
    check(
      'missions_temperature_check',
      sql`${t.temperatureC} is null or (${t.temperatureC} between ${sql.raw(String(TEMPERATURE_MIN_C))} and ${sql.raw(String(TEMPERATURE_MAX_C))} and ${t.requiresAtp})`,
    ),
    check(
      'missions_adr_check',
      sql`(${t.adrClass} is null) = (${t.unNumber} is null) and (${t.adrClass} is null or (${oneOf(t.adrClass, ADR_CLASSES)} and ${t.unNumber} ~ '^[0-9]{4}$' and ${t.unNumber} <> '0000'))`,
    ),
    // Both or neither; only for an independent carrier paid a flat price (hours and days already count the wait).
    check(
      'missions_waiting_rate_check',
      sql`(${t.waitingQuarterPrice} is null) = (${t.waitingFranchiseMinutes} is null) and (${t.waitingQuarterPrice} is null or (${t.waitingQuarterPrice} > 0 and ${t.waitingQuarterPrice} <= ${sql.raw(String(WAITING_QUARTER_PRICE_MAX_CENTS / 100))} and ${t.waitingFranchiseMinutes} between 0 and 240 and ${t.engagementType} = 'independent' and ${t.pricingType} = 'flat'))`,
    ),
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
    /** Rejected because another driver was chosen: back to pending if that driver drops the mission. */
    rejectedOnAssignment: boolean().notNull().default(false),
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

/** A mission's timeline: each step, who took it and why (cancel and drop carry a reason). */
export const missionEvents = pgTable(
  'mission_events',
  {
    id: id(),
    missionId: uuid()
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    type: text().notNull(),
    status: text(),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [index('mission_events_mission_idx').on(t.missionId, t.createdAt)],
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
    /** When the phone took the point (it may reach us later, from its offline queue). */
    recordedAt: createdAt(),
    /** The phone's id for the point: a batch sent twice stores each point once. */
    clientId: uuid().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    index('gps_positions_mission_idx').on(t.missionId, t.recordedAt),
    uniqueIndex('gps_positions_mission_client_key').on(t.missionId, t.clientId),
  ],
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
    /** When it became visible (both parties reviewed, or the 14-day window closed); null until then. */
    publishedAt: timestamptz(),
    /** Removed by an administrator after a report: no longer shown nor counted. */
    removedAt: timestamptz(),
  },
  (t) => [
    index('reviews_unpublished_idx')
      .on(t.createdAt)
      .where(sql`${t.publishedAt} is null`),
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
