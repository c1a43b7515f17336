import { z } from 'zod';

/**
 * The back office's home (decision 021): the day's figures beside the day before and the last 7 and 30 days (each
 * with the period before it, for the trend), the day-by-day series of the last 30 days, and what waits for the
 * team. Every "day" is a Europe/Paris day; demonstration accounts count in no figure.
 */
export const FLOW_FIGURES = [
  'newDrivers',
  'newTransporters',
  'published',
  'assigned',
  'completed',
  'cancelled',
  'applications',
  'messages',
] as const;
export type FlowFigure = (typeof FLOW_FIGURES)[number];

const count = z.number().int().min(0);

const windowSchema = z.object({
  newDrivers: count,
  newTransporters: count,
  published: count,
  assigned: count,
  completed: count,
  cancelled: count,
  applications: count,
  messages: count,
  /** Missions published in the period that have a driver now (assigned, under way or done); null: none published. */
  fillRate: z.number().min(0).max(1).nullable(),
});
export type OverviewWindow = z.infer<typeof windowSchema>;

export const adminOverviewSchema = z.object({
  /** Today, Europe/Paris (YYYY-MM-DD). */
  today: z.string(),
  windows: z.object({
    today: windowSchema,
    yesterday: windowSchema,
    last7: windowSchema.describe('Les 7 derniers jours, aujourd’hui compris'),
    previous7: windowSchema.describe('Les 7 jours d’avant'),
    last30: windowSchema.describe('Les 30 derniers jours, aujourd’hui compris'),
    previous30: windowSchema.describe('Les 30 jours d’avant'),
  }),
  daily: z
    .array(
      z.object({
        day: z.string(),
        newDrivers: count,
        newTransporters: count,
        published: count,
        assigned: count,
        completed: count,
        cancelled: count,
        applications: count,
        messages: count,
      }),
    )
    .describe('Chacun des 30 derniers jours, même vide, le plus ancien d’abord'),
  waiting: z.object({
    documents: count.describe('Documents de chauffeurs en attente de vérification'),
    oldestDocumentAt: z.string().nullable(),
    driverValidations: count.describe('Chauffeurs en attente de validation'),
    bugReports: count.describe('Signalements de bugs nouveaux ou en cours'),
    reviewReports: count.describe('Avis signalés en attente de décision'),
  }),
  live: z.object({
    openMissions: count.describe('Missions ouvertes aux candidatures'),
    underWay: count.describe('Missions attribuées ou en cours'),
    awaitingCompletion: count.describe('Missions livrées, en attente de confirmation du transporteur'),
  }),
  /** The SMS sent (decision 051): what the provider bills, day by day. */
  sms: z.object({
    offered: z.boolean().describe('Un prestataire SMS est configuré sur ce serveur'),
    daily: z
      .array(z.object({ day: z.string(), sent: count, segments: count, failed: count }))
      .describe(
        'Chacun des 30 derniers jours, le plus ancien d’abord : SMS envoyés, segments facturés, refusés',
      ),
    last30: z.object({ sent: count, segments: count }),
  }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
