import { z } from 'zod';
import { MAX_POINTS_PER_BATCH, roundCoordinate } from '../rules/tracking.js';

/** Live tracking (decision 019): what the phone sends, what the two parties read. */
export const trackingMessages = {
  notDriver: 'Seul le chauffeur de la mission partage sa position',
  notStarted: 'La mission n’a pas encore démarré : la position n’est partagée que pendant la mission.',
  ended: 'La mission est terminée : la position n’est plus partagée.',
  notInProgress: 'Le suivi ne se met en pause ou ne reprend que pendant la mission.',
  viewsDriverOnly: 'Seul le chauffeur de la mission voit qui a consulté ses positions',
  transportersOnly: 'Le suivi des livraisons est réservé aux transporteurs',
  batchTooLarge: `${MAX_POINTS_PER_BATCH} points au plus par envoi`,
} as const;

/** Codes of the 409 answers, which the phone acts on: wait for the start, or stop sharing. */
export const TRACKING_NOT_STARTED = 'tracking_not_started';
export const TRACKING_ENDED = 'tracking_ended';

const coordinate = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    .transform((value) => roundCoordinate(value));

const positionInputSchema = z.object({
  clientId: z.uuid({ error: 'Identifiant de point invalide' }),
  latitude: coordinate(-90, 90, 'Latitude invalide'),
  longitude: coordinate(-180, 180, 'Longitude invalide'),
  /** km/h. */
  speed: z
    .number({ error: 'Vitesse invalide' })
    .min(0, 'Vitesse invalide')
    .max(250, 'Vitesse invalide')
    .nullish(),
  /** Degrees from north, clockwise. */
  heading: z.number({ error: 'Cap invalide' }).min(0, 'Cap invalide').max(360, 'Cap invalide').nullish(),
  /** Metres. */
  accuracy: z
    .number({ error: 'Précision invalide' })
    .min(0, 'Précision invalide')
    .max(100_000, 'Précision invalide')
    .nullish(),
  recordedAt: z.iso
    .datetime({ offset: true, error: 'Heure du point invalide' })
    .transform((value) => new Date(value)),
});

export const positionsBatchSchema = z.object({
  points: z
    .array(positionInputSchema, { error: 'Liste de points invalide' })
    .min(1, 'Aucun point à envoyer')
    .max(MAX_POINTS_PER_BATCH, trackingMessages.batchTooLarge),
});

export const positionsResultSchema = z.object({
  /** Stored now. */
  accepted: z.number(),
  /** Already stored (the same batch sent again). */
  duplicates: z.number(),
  /** Outside the mission (before its start, after its delivery, while paused, or ahead of the clock). */
  rejected: z.number(),
  paused: z.boolean(),
});
export type PositionsResult = z.infer<typeof positionsResultSchema>;

const trackingPointSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  speed: z.number().nullable(),
  heading: z.number().nullable(),
  accuracy: z.number().nullable(),
  recordedAt: z.string(),
});
export type TrackingPoint = z.infer<typeof trackingPointSchema>;

const placeSchema = z.object({ latitude: z.number(), longitude: z.number(), label: z.string() }).nullable();

const tripSummarySchema = z.object({
  distanceKm: z.number(),
  durationMinutes: z.number(),
  averageSpeedKmh: z.number().nullable(),
  pointCount: z.number(),
  firstAt: z.string().nullable(),
  lastAt: z.string().nullable(),
});

/** What the estimate says, shared by the mission's map and the transporter's list. */
const estimateFields = {
  lastPosition: trackingPointSchema.nullable(),
  lastPositionAt: z.string().nullable(),
  paused: z.boolean(),
  pausedAt: z.string().nullable(),
  averageSpeedKmh: z.number().nullable(),
  remainingKm: z.number().nullable(),
  etaAt: z.string().nullable(),
  late: z.boolean(),
};

export const missionTrackingSchema = z.object({
  missionId: z.string(),
  title: z.string(),
  status: z.string(),
  driverName: z.string().nullable(),
  companyName: z.string(),
  pickup: placeSchema,
  delivery: placeSchema,
  startDate: z.string(),
  endDate: z.string(),
  startedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The route so far, oldest first (thinned beyond a few thousand points); empty once purged. */
  positions: z.array(trackingPointSchema),
  ...estimateFields,
  /** Once positions are deleted (30 days after the end): what remains of the trip. */
  summary: tripSummarySchema.nullable(),
  purgedAt: z.string().nullable(),
  /** Whether the reader is the driver (their looks are not logged). */
  viewerIsDriver: z.boolean(),
});
export type MissionTracking = z.infer<typeof missionTrackingSchema>;

export const trackingViewSchema = z.object({
  viewerName: z.string(),
  viewerRole: z.string(),
  firstViewedAt: z.string(),
  lastViewedAt: z.string(),
  views: z.number(),
});
export type TrackingView = z.infer<typeof trackingViewSchema>;

export const activeTrackingSchema = z.object({
  missionId: z.string(),
  title: z.string(),
  driverName: z.string().nullable(),
  pickupCity: z.string().nullable(),
  deliveryCity: z.string().nullable(),
  endDate: z.string(),
  startedAt: z.string().nullable(),
  ...estimateFields,
});
export type ActiveTracking = z.infer<typeof activeTrackingSchema>;

export const trackingStateSchema = z.object({ paused: z.boolean(), pausedAt: z.string().nullable() });
