import { PLACEMENT_PRECISIONS, locatedSchema } from './places.js';
import { z } from 'zod';
import { roundCoordinate } from '../rules/tracking.js';
import { DEFAULT_PAYMENT_TERMS, PAYMENT_TERMS } from '../rules/money.js';
import { BADGE_TYPES, LICENSE_TYPES, MISSION_STATUSES, PRICING_TYPES } from '../rules/enums.js';
import { ENGAGEMENT_TYPES, REQUIRED_DOCUMENTS, VEHICLE_TYPES } from '../rules/missions.js';
import { addMonths, dateSchema } from './dates.js';
import { requirementVerdictSchema } from './documents.js';
import { optionalText, requiredText, uniqueList } from './text.js';
import {
  cargoWeightSchema,
  palletCountSchema,
  waitingFranchiseSchema,
  waitingMessages,
  waitingQuarterPriceSchema,
} from './transport-terms.js';
import { freightChecks, freightFields } from './freight.js';
import { ADR_CLASSES, EQUIPMENT } from '../rules/freight.js';

/** French messages of docs/specification.md §5 for missions, copied exactly; the others follow their tone. */
const missionMessages = {
  title: 'Le titre est requis',
  titleTooLong: 'Le titre ne doit pas dépasser 120 caractères',
  description: 'La description est requise',
  descriptionTooLong: 'La description ne doit pas dépasser 5000 caractères',
  pickupAddress: "L'adresse de ramassage est requise",
  deliveryAddress: "L'adresse de livraison est requise",
  addressTooLong: "L'adresse ne doit pas dépasser 300 caractères",
  vehicleType: 'Le type de véhicule est requis',
  startDate: 'Date de début invalide',
  endDate: 'Date de fin invalide',
  startInPast: 'La date de début doit être dans le futur',
  startTooFar: 'La mission doit commencer dans les 12 prochains mois',
  endBeforeStart: 'La date de fin doit être après la date de début',
  priceFormat: 'Format de prix invalide',
  pricePositive: 'Le prix doit être supérieur à 0',
  priceTooHigh: 'Le prix ne doit pas dépasser 1 000 000 €',
  pricingType: 'Type de tarification invalide',
  coordinates: 'Coordonnées invalides',
  engagementType: "Choisissez le cadre d'engagement",
  document: 'Document requis inconnu',
  reason: 'Indiquez la raison (10 caractères au moins)',
  applicationMessage: 'Le message ne doit pas dépasser 1000 caractères',
} as const;

const text = (required: string, max: number, tooLong: string, multiline = false) =>
  requiredText(required, { max, tooLong, multiline });

/** "12", "12.5", "12,50" or 12.5 → "12.50"; anything else is refused with the §5 messages. */
export const priceSchema = z
  .union([z.string(), z.number()], { error: missionMessages.priceFormat })
  .transform((value, ctx) => {
    const written = String(value).trim().replace(',', '.');
    if (!/^\d+(\.\d{1,2})?$/.test(written)) {
      ctx.addIssue({ code: 'custom', message: missionMessages.priceFormat });
      return z.NEVER;
    }
    const amount = Number(written);
    if (!(amount > 0)) {
      ctx.addIssue({ code: 'custom', message: missionMessages.pricePositive });
      return z.NEVER;
    }
    if (amount > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: missionMessages.priceTooHigh });
      return z.NEVER;
    }
    return amount.toFixed(2);
  });

/** How far ahead a mission may be published. */
const MISSION_HORIZON_MONTHS = 12;

const coordinate = (limit: number) =>
  z
    .number({ error: missionMessages.coordinates })
    .min(-limit, missionMessages.coordinates)
    .max(limit, missionMessages.coordinates)
    .transform((value) => Math.round(value * 1e6) / 1e6)
    .nullable()
    .optional();

const city = optionalText({ max: 100, tooLong: 'La ville ne doit pas dépasser 100 caractères' });

const missionFields = {
  title: text(missionMessages.title, 120, missionMessages.titleTooLong),
  description: text(missionMessages.description, 5000, missionMessages.descriptionTooLong, true),
  pickupAddress: text(missionMessages.pickupAddress, 300, missionMessages.addressTooLong),
  deliveryAddress: text(missionMessages.deliveryAddress, 300, missionMessages.addressTooLong),
  pickupCity: city,
  deliveryCity: city,
  pickupLat: coordinate(90),
  pickupLng: coordinate(180),
  deliveryLat: coordinate(90),
  deliveryLng: coordinate(180),
  vehicleType: z.enum(VEHICLE_TYPES, { error: missionMessages.vehicleType }),
  // Bounded to the years the product can mean; the publishing window is checked below, with its own message.
  startDate: dateSchema({ invalid: missionMessages.startDate }),
  endDate: dateSchema({ invalid: missionMessages.endDate }),
  price: priceSchema,
  pricingType: z.enum(PRICING_TYPES, { error: missionMessages.pricingType }).default('flat'),
  cargoType: optionalText({ max: 100, tooLong: 'La marchandise ne doit pas dépasser 100 caractères' }),
  /** The goods' gross weight (kg) and pallets, printed on the transport order (decision 042). */
  cargoWeightKg: cargoWeightSchema,
  palletCount: palletCountSchema,
  /** Loading and delivery slots, temperature set-point, ADR class and UN number, equipment (decision 052). */
  ...freightFields,
  /** The waiting rate (decision 042): a franchise per operation, then a price per started quarter hour (HT). */
  waitingQuarterPrice: waitingQuarterPriceSchema,
  waitingFranchiseMinutes: waitingFranchiseSchema,
  requiredDocuments: uniqueList(
    z.enum(REQUIRED_DOCUMENTS, { error: missionMessages.document }),
    REQUIRED_DOCUMENTS.length,
    missionMessages.document,
  ).default([]),
  urgency: z.boolean().default(false),
  engagementType: z.enum(ENGAGEMENT_TYPES, { error: missionMessages.engagementType }).default('employment'),
  paymentTerms: z
    .enum(PAYMENT_TERMS, { error: 'Choisissez un délai de paiement' })
    .default(DEFAULT_PAYMENT_TERMS),
};

/** Publishing or editing a mission: the form and the API use this same schema. */
const dates = (value: unknown): value is { startDate: Date; endDate: Date } =>
  typeof value === 'object' &&
  value !== null &&
  (value as { startDate?: unknown }).startDate instanceof Date &&
  (value as { endDate?: unknown }).endDate instanceof Date;

/** A waiting price given, with the frame and the pricing read: whether the rate may apply is checked. */
const waitingRateTerms = (
  value: unknown,
): value is { waitingQuarterPrice: string; engagementType: string; pricingType: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { waitingQuarterPrice?: unknown }).waitingQuarterPrice === 'string' &&
  (value as { waitingQuarterPrice: string }).waitingQuarterPrice.trim() !== '';

/**
 * Publishing or editing a mission: the form and the API use this same schema. The date checks run as soon
 * as both dates read, even while another field is still wrong, so every message shows at once; so do the checks
 * that a waiting rate goes with an independent carrier paid a flat price (decision 042).
 */
export const missionInputSchema = z
  .object(missionFields)
  .refine((mission) => mission.endDate > mission.startDate, {
    path: ['endDate'],
    message: missionMessages.endBeforeStart,
    when: ({ value }) => dates(value),
  })
  .refine((mission) => mission.startDate.getTime() > Date.now(), {
    path: ['startDate'],
    message: missionMessages.startInPast,
    when: ({ value }) => dates(value),
  })
  .refine((mission) => mission.startDate <= addMonths(new Date(), MISSION_HORIZON_MONTHS), {
    path: ['startDate'],
    message: missionMessages.startTooFar,
    when: ({ value }) => dates(value),
  })
  .refine((mission) => mission.engagementType === 'independent', {
    path: ['waitingQuarterPrice'],
    message: waitingMessages.independentOnly,
    when: ({ value }) => waitingRateTerms(value),
  })
  .refine((mission) => mission.engagementType !== 'independent' || mission.pricingType === 'flat', {
    path: ['waitingQuarterPrice'],
    message: waitingMessages.flatOnly,
    when: ({ value }) => waitingRateTerms(value),
  })
  .superRefine(...freightChecks);
export type MissionInput = z.infer<typeof missionInputSchema>;
export type MissionFormValues = z.input<typeof missionInputSchema>;

export const reasonSchema = z.object({
  reason: requiredText(missionMessages.reason, {
    min: 10,
    max: 1000,
    tooLong: 'La raison ne doit pas dépasser 1000 caractères',
    multiline: true,
  }),
});

export const applySchema = z.object({
  message: optionalText({
    max: 1000,
    tooLong: missionMessages.applicationMessage,
    multiline: true,
  }).transform((value) => value ?? ''),
  /** Applying on a day the driver marked unavailable: they confirmed it (the first answer asked them). */
  confirmUnavailable: z.boolean({ error: 'Valeur invalide' }).optional(),
});

const SEARCH_SORTS = ['start', 'price', 'distance', 'newest'] as const;
const SEARCH_PAGE_SIZE_MAX = 50;
/** Deeper pages are not read by people; a narrower search is. */
const SEARCH_PAGE_MAX = 200;

const optionalNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).min(min, message).max(max, message).optional();

const includeExclude = z
  .enum(['include', 'exclude'], { error: 'Choisissez « include » ou « exclude »' })
  .optional();

/** GET /api/missions/search: every filter is optional; values come from the query string. */
export const missionSearchSchema = z.object({
  q: optionalText({ max: 100, tooLong: 'La recherche ne doit pas dépasser 100 caractères' }).transform(
    (value) => value ?? undefined,
  ),
  vehicleType: z.enum(VEHICLE_TYPES, { error: 'Type de véhicule inconnu' }).optional(),
  licenseType: z.enum(LICENSE_TYPES, { error: 'Type de permis invalide (C, CE, C1 ou C1E)' }).optional(),
  from: dateSchema({ invalid: 'Date de début invalide' }).optional(),
  to: dateSchema({ invalid: 'Date de fin invalide', endOfDay: true }).optional(),
  minPrice: optionalNumber(0, 1_000_000, 'Prix minimum invalide'),
  maxPrice: optionalNumber(0, 1_000_000, 'Prix maximum invalide'),
  urgent: z.enum(['true', 'false']).optional(),
  /**
   * The freight filters (decision 052): `include` keeps only the missions that require it, `exclude` those that do
   * not — a refrigerated unit (ATP), a tail-lift, dangerous goods (ADR), a temperature set-point.
   */
  atp: includeExclude,
  tailLift: includeExclude,
  adr: includeExclude,
  temperature: includeExclude,
  /**
   * A commune (name or postcode), placed by the server: the answer's `center` says where, lists the communes of
   * that name when several bear it and nothing says which (decision 046), and is null when none does.
   */
  city: optionalText({ max: 100, tooLong: 'La ville ne doit pas dépasser 100 caractères' }).transform(
    (value) => value ?? undefined,
  ),
  // Rounded as every coordinate Relais keeps (5e-324 is 0, not a float PostgreSQL refuses).
  lat: optionalNumber(-90, 90, 'Latitude invalide').transform((value) =>
    value === undefined ? undefined : roundCoordinate(value),
  ),
  lng: optionalNumber(-180, 180, 'Longitude invalide').transform((value) =>
    value === undefined ? undefined : roundCoordinate(value),
  ),
  radiusKm: optionalNumber(1, 1000, 'Le rayon doit être compris entre 1 et 1000 km'),
  /** 'me': around the signed-in driver's location. */
  near: z.literal('me', { error: 'Valeur invalide' }).optional(),
  sort: z.enum(SEARCH_SORTS, { error: 'Tri inconnu' }).optional(),
  page: z.coerce
    .number({ error: 'Page invalide' })
    .int('Page invalide')
    .min(1, 'Page invalide')
    .max(SEARCH_PAGE_MAX, 'Page invalide')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Taille de page invalide' })
    .int('Taille de page invalide')
    .min(1, 'Taille de page invalide')
    .max(SEARCH_PAGE_SIZE_MAX, 'Taille de page invalide')
    .default(20),
});
export type MissionSearch = z.infer<typeof missionSearchSchema>;

/** What the API says of a mission. Contact details and exact addresses are null for anonymous visitors. */
export const missionSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string().nullable(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  pickupAddress: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  pickupCity: z.string().nullable(),
  deliveryCity: z.string().nullable(),
  /** How well each point places its address (exact, commune, approx), null without a point. */
  pickupPrecision: z.enum(PLACEMENT_PRECISIONS).nullable(),
  deliveryPrecision: z.enum(PLACEMENT_PRECISIONS).nullable(),
  pickupLat: z.number().nullable(),
  pickupLng: z.number().nullable(),
  deliveryLat: z.number().nullable(),
  deliveryLng: z.number().nullable(),
  vehicleType: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  price: z.string(),
  pricingType: z.enum(PRICING_TYPES),
  cargoType: z.string().nullable(),
  /** The goods' gross weight in kilograms and the number of pallets, when the publisher gave them. */
  cargoWeightKg: z.number().nullable(),
  palletCount: z.number().nullable(),
  /** The loading and delivery slots (ISO), each both ends or null. */
  loadingStart: z.string().nullable(),
  loadingEnd: z.string().nullable(),
  deliveryStart: z.string().nullable(),
  deliveryEnd: z.string().nullable(),
  /** The temperature set-point in whole degrees Celsius (a refrigerated vehicle), or null. */
  temperatureC: z.number().nullable(),
  /** Dangerous goods: the ADR class and the 4-digit UN number, both or neither. */
  adrClass: z.enum(ADR_CLASSES).nullable(),
  unNumber: z.string().nullable(),
  /** What the vehicle must have: a refrigerated unit under ATP, a tail-lift. */
  requiredEquipment: z.array(z.enum(EQUIPMENT)),
  /** The waiting rate: price per started quarter hour (HT) and franchise per operation (minutes), or both null. */
  waitingQuarterPrice: z.string().nullable(),
  waitingFranchiseMinutes: z.number().nullable(),
  requiredDocuments: z.array(z.string()),
  status: z.enum(MISSION_STATUSES),
  urgency: z.boolean(),
  engagementType: z.enum(ENGAGEMENT_TYPES),
  paymentTerms: z.enum(PAYMENT_TERMS),
  createdAt: z.string(),
  assignedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  /** Kilometres from the searched point, when there was one. */
  distanceKm: z.number().nullable(),
  /**
   * The trip's estimated road distance (km) and driving time (minutes), from its two points: the straight line × 1.3
   * at 65 km/h (decision 050); null when a point is missing.
   */
  /** The trip's road distance and driving: a routing service's (`routing`) or the straight-line estimate's. */
  route: z
    .object({ distanceKm: z.number(), drivingMinutes: z.number(), source: z.enum(['routing', 'estimate']) })
    .nullable(),
  /** Applications received (withdrawn ones aside): pending, chosen and set aside alike. */
  applicationCount: z.number(),
  /** Of those, still waiting for the transporter's answer. */
  pendingApplicationCount: z.number(),
  /**
   * For a signed-in driver in search results: every reason they may not apply (licence, equipment, papers, ADR),
   * the same words as the mission's sheet (core/rules/eligibility.ts); empty when they qualify.
   */
  notEligibleReasons: z.array(z.string()).optional(),
});
export type Mission = z.infer<typeof missionSchema>;

export const missionPageSchema = z.object({
  items: z.array(missionSchema),
  /** Exact up to 100; when totalIsLowerBound, there are at least that many. */
  total: z.number(),
  totalIsLowerBound: z.boolean(),
  /**
   * The commune a `city` search was placed at, or the communes of that name to choose from (no point: the search
   * is then not by distance); null without a city, or when no commune has that name.
   */
  center: locatedSchema.nullable(),
  page: z.number(),
  pageSize: z.number(),
});
export type MissionPage = z.infer<typeof missionPageSchema>;

const applicantSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  licenseType: z.string().nullable(),
  yearsExperience: z.number(),
  reputationScore: z.string(),
  /** Published reviews of the driver (not removed): how many the reputation score stands on. */
  reviewCount: z.number(),
  /** The driver's badges (core/rules/badges.ts says what each means), in the order of BADGE_TYPES. */
  badges: z.array(z.enum(BADGE_TYPES)),
  documentsVerified: z.boolean(),
  completedMissions: z.number(),
  /** The driver deleted their account: the application stays in the history, without a person behind it. */
  accountClosed: z.boolean(),
  /** An Elite driver's application, shown first to the transporter. */
  featured: z.boolean(),
  /** Relais's validation of the driver (documents then interview): "non vérifié" until approved. */
  validationStatus: z.enum(['pending_validation', 'approved', 'rejected']),
});

/**
 * The driving-time rules (Regulation (EC) No 561/2006) on a driver's schedule with a mission: whether it holds, the
 * driving of the mission's week with it and its limit, and a sentence per breach for the one who reads it.
 */
const drivingCheckSchema = z.object({
  ok: z.boolean(),
  weekDrivingMinutes: z.number(),
  weekLimitMinutes: z.number(),
  sentences: z.array(z.string()),
});
export type DrivingCheck = z.infer<typeof drivingCheckSchema>;

/** The code of the 409 an acceptance gets when it would break a driving-time limit without a reason given. */
export const DRIVING_TIME_REFUSED = 'driving_time';

/** POST /api/applications/:id/accept: a reason to choose a driver past the driving-time rules, when they would be. */
export const acceptApplicationSchema = z
  .object({
    overrideReason: optionalText({
      max: 500,
      tooLong: 'La raison ne doit pas dépasser 500 caractères',
      multiline: true,
    }),
  })
  .nullish();

export const applicationSchema = z.object({
  id: z.string(),
  missionId: z.string(),
  driverId: z.string(),
  status: z.enum(['pending', 'accepted', 'rejected', 'withdrawn']),
  message: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  driver: applicantSchema.optional(),
  mission: missionSchema.optional(),
  /** Required documents the driver lacks for the mission's dates (missing, refused or expiring before the end). */
  missingDocuments: z.array(z.string()),
  /** Each document the mission requires, judged until its last day: valid, pending, missing, rejected, expiring. */
  requirements: z.array(requirementVerdictSchema),
  /**
   * For the publisher, on a pending application: why this driver cannot be chosen now (held by another mission over
   * part of this one's period, said without naming it); null when they can.
   */
  bookedElsewhere: z.string().nullable().optional(),
  /** For the publisher, on a pending application: the driving-time rules with this mission (null: not placed). */
  drivingTime: drivingCheckSchema.nullable().optional(),
});
export type Application = z.infer<typeof applicationSchema>;

const missionEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string().nullable(),
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const missionDetailSchema = z.object({
  mission: missionSchema,
  /** Visible to the publisher only. */
  applications: z.array(applicationSchema).nullable(),
  /** The signed-in driver's own application, if any. */
  myApplication: applicationSchema.nullable(),
  timeline: z.array(missionEventSchema),
  /** What the viewer may do now. */
  actions: z.array(z.string()),
  /** For the assigned driver of a mission not started yet: from when "Démarrer" is allowed (ISO). */
  startableFrom: z.string().nullable(),
  canApply: z.boolean(),
  applyBlockedReason: z.string().nullable(),
  /** What the sheet lists when the driver may not apply: every reason when it is who they are, else the one. */
  applyBlockedReasons: z.array(z.string()),
  /** For a driver: every reason they may not take the mission (licence, equipment, papers), as on the cards. */
  notEligibleReasons: z.array(z.string()),
  /** `email_not_verified` when a confirmed address is what is missing (the screen offers to resend the link). */
  applyBlockedCode: z.string().nullable(),
  applicationsLeft: z.number().nullable(),
  /** For a driver who may apply or has applied: the driving-time rules on their schedule with this mission. */
  drivingTimeForMe: drivingCheckSchema.nullable(),
  /** For a driver: required documents they lack for the mission's dates (applying is refused then). */
  missingDocumentsForMe: z.array(z.string()),
  /** For a driver: each required document judged until the mission's last day. */
  requirementsForMe: z.array(requirementVerdictSchema),
  /** For the two parties: the deposit paid online (Stripe mode; amount null until asked for). */
  deposit: z.object({ amount: z.string().nullable(), paid: z.boolean() }).nullable(),
  company: z
    .object({
      id: z.string(),
      fullName: z.string(),
      companyName: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
});
export type MissionDetail = z.infer<typeof missionDetailSchema>;
