import { z } from 'zod';
import { ANALYTICS_PERIODS } from '../rules/analytics-period.js';
import { daySchema } from './dates.js';

/** GET /api/analytics and its CSV: the period (custom: from and to, Paris days). */
export const analyticsQuerySchema = z.object({
  period: z.enum(ANALYTICS_PERIODS, { error: 'Période inconnue' }).default('30d'),
  from: daySchema('Date de début invalide').optional(),
  to: daySchema('Date de fin invalide').optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** The tables of the page, one per CSV file (a strict CSV reader wants one rectangular table per file). */
const ANALYTICS_TABLES = ['indicateurs', 'evolution', 'transporteurs'] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];
export const ANALYTICS_TABLE_LABELS: Record<AnalyticsTable, string> = {
  indicateurs: 'Indicateurs de la période',
  evolution: 'Évolution semaine par semaine ou mois par mois',
  transporteurs: 'Transporteurs (chauffeurs)',
};
export const analyticsExportQuerySchema = analyticsQuerySchema.extend({
  table: z.enum(ANALYTICS_TABLES, { error: 'Tableau inconnu' }).default('indicateurs'),
});

const decimal = z.string();

const analyticsPeriodSchema = z.object({
  kind: z.enum(ANALYTICS_PERIODS),
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  bucket: z.enum(['week', 'month']),
  /** "du 25 oct. au 23 nov. 2026" */
  label: z.string(),
  previousLabel: z.string(),
});

/** Average of published reviews (null: none in the period). */
const ratingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });

const driverFiguresSchema = z.object({
  /** What the missions completed in the period owe (payment's amount, else the agreed price); null: none. */
  earnings: decimal.nullable(),
  missionsCompleted: z.number().int(),
  /** Applications sent in the period, by what became of them; rate = accepted / (accepted + rejected). */
  applications: z.object({
    sent: z.number().int(),
    accepted: z.number().int(),
    rejected: z.number().int(),
    pending: z.number().int(),
    withdrawn: z.number().int(),
    rate: z.number().nullable(),
  }),
  rating: ratingSchema,
  /** Completed missions' kilometres: measured by tracking, else estimated; null when no mission has any. */
  distance: z.object({
    km: z.number().nullable(),
    measuredKm: z.number(),
    estimatedKm: z.number(),
    measuredMissions: z.number().int(),
    estimatedMissions: z.number().int(),
    unknownMissions: z.number().int(),
  }),
});
export type DriverFigures = z.infer<typeof driverFiguresSchema>;

const transporterFiguresSchema = z.object({
  published: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  /** filled / eligible (published, minus still open before their start, minus cancelled with no application). */
  fill: z.object({ filled: z.number().int(), eligible: z.number().int(), rate: z.number().nullable() }),
  /** Hours from publication to the first application / to the assignment (null: none). */
  firstApplication: z.object({
    medianHours: z.number().nullable(),
    averageHours: z.number().nullable(),
    missions: z.number().int(),
  }),
  assignment: z.object({
    medianHours: z.number().nullable(),
    averageHours: z.number().nullable(),
    missions: z.number().int(),
  }),
  /** What the missions completed in the period owe the drivers; null: none completed. */
  spend: decimal.nullable(),
  /** The published reviews this transporter gave its drivers. */
  driverRating: ratingSchema,
  /** Delivered no later than the planned end / missions delivered in the period. */
  onTime: z.object({ onTime: z.number().int(), delivered: z.number().int(), rate: z.number().nullable() }),
});
export type TransporterFigures = z.infer<typeof transporterFiguresSchema>;

const bucketBase = { start: z.string(), label: z.string() };

const driverBucketSchema = z.object({
  ...bucketBase,
  earnings: decimal,
  completed: z.number().int(),
  averageRating: z.number().nullable(),
  reviews: z.number().int(),
});

const transporterBucketSchema = z.object({
  ...bucketBase,
  published: z.number().int(),
  completed: z.number().int(),
  spend: decimal,
});

const topTransporterSchema = z.object({
  id: z.string(),
  name: z.string(),
  missions: z.number().int(),
  earnings: decimal,
});

const driverAnalyticsSchema = z.object({
  role: z.literal('driver'),
  period: analyticsPeriodSchema,
  current: driverFiguresSchema,
  previous: driverFiguresSchema,
  series: z.array(driverBucketSchema),
  topTransporters: z.array(topTransporterSchema),
});
export type DriverAnalytics = z.infer<typeof driverAnalyticsSchema>;

const transporterAnalyticsSchema = z.object({
  role: z.literal('transporter'),
  period: analyticsPeriodSchema,
  current: transporterFiguresSchema,
  previous: transporterFiguresSchema,
  series: z.array(transporterBucketSchema),
});
export type TransporterAnalytics = z.infer<typeof transporterAnalyticsSchema>;

export const analyticsSchema = z.discriminatedUnion('role', [
  driverAnalyticsSchema,
  transporterAnalyticsSchema,
]);
export type Analytics = z.infer<typeof analyticsSchema>;
