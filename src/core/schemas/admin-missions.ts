import { z } from 'zod';
import { MISSION_STATUSES, type MissionStatus } from '../rules/enums.js';
import { daySchema } from './dates.js';
import { cleanText, requiredText, textMessages } from './text.js';

/**
 * The back office's missions (decision 021): the search, one mission's full file and timeline, and the cancellation
 * of a fraudulent mission by the Relais team.
 */
export const adminMissionMessages = {
  search: 'La recherche ne doit pas dépasser 100 caractères',
  status: 'Statut inconnu',
  dateField: 'Choisissez la date de publication ou la date de début',
  badDay: 'Date invalide (AAAA-MM-JJ)',
  reversed: 'La date de début de la période doit précéder sa date de fin',
  badId: 'Identifiant invalide',
  page: 'Page invalide',
  reason: 'Indiquez le motif de l’annulation (5 caractères au moins)',
  reasonTooLong: 'Le motif ne doit pas dépasser 500 caractères',
  notFound: 'Mission introuvable',
  alreadyCancelled: 'Cette mission est déjà annulée.',
  completed: 'Cette mission est terminée : elle ne peut plus être annulée.',
  paymentCaptured: (amount: string) =>
    `Un paiement par carte de ${amount} a été encaissé pour cette mission. Remboursez-le depuis le tableau de bord Stripe, puis confirmez l’annulation en cochant la case prévue.`,
} as const;

/** The statuses from which the team may cancel a mission: every one before its end. */
export const ADMIN_CANCELLABLE: readonly MissionStatus[] = [
  'available',
  'assigned',
  'in_progress',
  'delivered',
];

/** What the parties read as the reason: it names the team, then the admin's words. */
export const teamCancellationReason = (reason: string) => `Annulée par l’équipe Relais : ${reason}`;

/** "1A2B3C4D": the first 8 characters of the id, how the back office names a mission. */
export const missionReference = (id: string) => id.slice(0, 8).toUpperCase();

const m = adminMissionMessages;
const uuid = z.uuid({ error: m.badId });

export const adminMissionsQuerySchema = z
  .object({
    q: z
      .string({ error: m.search })
      .trim()
      .max(100, m.search)
      .refine((value) => cleanText(value).ok, textMessages.control)
      .optional(),
    status: z
      .union([z.literal('all'), z.enum(MISSION_STATUSES)], { error: m.status })
      .optional()
      .transform((value): MissionStatus | undefined => (value === 'all' ? undefined : value)),
    /** Which date the period reads: publication (default) or start. */
    dateField: z.enum(['created', 'start'], { error: m.dateField }).default('created'),
    from: daySchema(m.badDay).optional(),
    to: daySchema(m.badDay).optional(),
    companyId: uuid.optional(),
    driverId: uuid.optional(),
    urgent: z
      .enum(['true', 'false'], { error: 'Valeur invalide' })
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true')),
    page: z.coerce.number({ error: m.page }).int(m.page).min(1, m.page).max(1000, m.page).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: m.reversed, path: ['from'] });

const party = z.object({ id: z.string(), name: z.string() });

const adminMissionItemSchema = z.object({
  id: z.string(),
  reference: z.string(),
  title: z.string(),
  status: z.enum(MISSION_STATUSES),
  urgency: z.boolean(),
  pickupCity: z.string().nullable(),
  deliveryCity: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string(),
  price: z.string(),
  pricingType: z.string(),
  company: party,
  driver: party.nullable(),
  applicationCount: z.number().int(),
  pendingApplicationCount: z.number().int(),
  demo: z.boolean().describe('Mission d’un compte de démonstration'),
});
export type AdminMissionItem = z.infer<typeof adminMissionItemSchema>;

export const adminMissionListSchema = z.object({
  missions: z.array(adminMissionItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminMissionList = z.infer<typeof adminMissionListSchema>;

const personSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  companyName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  accountStatus: z.string(),
  isDemo: z.boolean(),
});
export type AdminMissionPerson = z.infer<typeof personSchema>;

const TIMELINE_KINDS = [
  'mission',
  'application',
  'engagement',
  'tracking',
  'delivery',
  'incident',
  'waiting',
  'payment',
  'review',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

const timelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** The step, in French ("Mission publiée", "Chauffeur retenu"…). */
  label: z.string(),
  /** Who did it, when known. */
  actor: z
    .object({ id: z.string(), name: z.string(), role: z.enum(['driver', 'transporter', 'admin']) })
    .nullable(),
  /** The reason given, or a short fact (amount, rating, place). */
  detail: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const adminMissionDetailSchema = z.object({
  mission: adminMissionItemSchema.extend({
    description: z.string(),
    pickupAddress: z.string(),
    deliveryAddress: z.string(),
    vehicleType: z.string(),
    cargoType: z.string().nullable(),
    requiredDocuments: z.array(z.string()),
    engagementType: z.string(),
    paymentTerms: z.string(),
    paymentStatus: z.string(),
    depositPaid: z.boolean(),
    depositAmount: z.string().nullable(),
    assignedAt: z.string().nullable(),
    startedAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    cancellationReason: z.string().nullable(),
  }),
  company: personSchema,
  driver: personSchema.nullable(),
  applications: z.array(
    z.object({
      id: z.string(),
      driver: z.object({ id: z.string(), fullName: z.string() }),
      status: z.string(),
      message: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /** Card payments Stripe captured for the mission (deposit, balance), not refunded by Relais. */
  capturedPayments: z.array(z.object({ kind: z.string(), amount: z.string(), at: z.string() })),
  /** The payment between the parties, opened at completion. */
  settlement: z
    .object({
      amount: z.string(),
      status: z.string(),
      dueDate: z.string(),
      method: z.string(),
    })
    .nullable(),
  timeline: z.array(timelineEntrySchema),
  cancellable: z.boolean(),
});
export type AdminMissionDetail = z.infer<typeof adminMissionDetailSchema>;

export const adminCancelMissionSchema = z.object({
  reason: requiredText(m.reason, { min: 5, max: 500, tooLong: m.reasonTooLong, multiline: true }),
  /**
   * Card payments were captured for the mission: the admin confirms they refund them on Stripe (Relais does not
   * refund by itself). Without it, such a cancellation is refused.
   */
  refundAcknowledged: z.boolean({ error: 'Valeur invalide' }).optional(),
});
export type AdminCancelMissionInput = z.input<typeof adminCancelMissionSchema>;
