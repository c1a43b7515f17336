/**
 * Proof of delivery, incidents and waiting times of a mission (decision 019), shared by the server, the screens and
 * the tests. The proof and incidents arrive as multipart forms (files and fields); these schemas read the fields.
 */
import { z } from 'zod';
import { INCIDENT_TYPES, WAITING_PLACES } from '../rules/enums.js';
import { actionAtSchema } from './action-time.js';
import { optionalText, requiredText } from './text.js';

/** The drawn signature (a PNG from the phone's canvas): a few dozen kilobytes in practice. */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
/** Each photo of the delivery note / CMR or of an incident: the same cap as a driver's papers. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTOS = 5;
/** The whole form: signature, five photos (the screen shrinks photos before sending) and the fields. */
export const DELIVERY_FORM_MAX_BYTES = 30 * 1024 * 1024;

export const deliveryMessages = {
  notFound: 'Mission introuvable',
  driverOnly: 'Seul le chauffeur de la mission enregistre la livraison, les incidents et les attentes.',
  notInProgress: 'La mission n’est pas en cours : démarrez-la d’abord.',
  alreadyDelivered: 'La mission est déjà livrée : la preuve de livraison ne peut plus changer.',
  incidentClosed: 'La mission est terminée : on ne signale plus d’incident.',
  recipientRequired: 'Indiquez le nom de la personne qui réceptionne',
  recipientTooLong: 'Le nom ne doit pas dépasser 120 caractères',
  noteTooLong: 'La note ne doit pas dépasser 1000 caractères',
  signatureRequired: 'Faites signer le destinataire dans le cadre',
  signatureNotPng: 'La signature doit être l’image PNG du cadre de signature.',
  signatureTooLarge: 'La signature est trop lourde (1 Mo au plus).',
  signatureBlank: 'La signature est vide : faites signer le destinataire dans le cadre.',
  signatureTooSmall:
    'La signature n’est qu’un point : faites signer le destinataire dans le cadre, en entier.',
  photoTooLarge: 'Une photo dépasse 10 Mo : reprenez-la en qualité normale.',
  tooManyPhotos: `${MAX_PHOTOS} photos au plus`,
  photoNotImage: 'Ce fichier n’est pas une photo JPEG, PNG ou WebP.',
  formTooLarge: 'L’envoi est trop lourd (30 Mo au plus) : envoyez moins de photos.',
  positionInvalid: 'Position invalide',
  typeRequired: 'Choisissez le type d’incident',
  occurredAtInvalid: 'Heure invalide',
  occurredAtFuture: 'L’heure de l’incident ne peut pas être dans le futur',
  occurredAtBeforeStart: 'L’heure de l’incident ne peut pas précéder le départ de la mission',
  placeRequired: 'Indiquez où vous attendez : au chargement ou à la livraison',
  waitingOpen: 'Une attente est déjà en cours : arrêtez-la d’abord.',
  waitingNone: 'Aucune attente en cours.',
  waitingDelivered: 'La mission est livrée : l’attente ne se compte plus.',
  proofMissing:
    'Enregistrez d’abord la preuve de livraison : nom du destinataire et signature (photos du bon de livraison si vous en avez).',
  fileMissing: 'Fichier introuvable',
} as const;

/** A number sent as a form field ("48.85"), or nothing. */
const formNumber = (min: number, max: number) =>
  z
    .union([z.string(), z.number()], { error: deliveryMessages.positionInvalid })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return null;
      const number = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isFinite(number) || number < min || number > max) {
        ctx.addIssue({ code: 'custom', message: deliveryMessages.positionInvalid });
        return z.NEVER;
      }
      return number;
    });

const positionFields = {
  latitude: formNumber(-90, 90),
  longitude: formNumber(-180, 180),
  /** Metres, as the phone reports it. */
  accuracy: formNumber(0, 100_000),
};

const note = optionalText({ max: 1000, tooLong: deliveryMessages.noteTooLong, multiline: true });

/** The fields of POST /api/missions/:id/delivery-proof (files: `signature`, `photos`). */
export const proofFieldsSchema = z.object({
  recipientName: requiredText(deliveryMessages.recipientRequired, {
    max: 120,
    tooLong: deliveryMessages.recipientTooLong,
  }),
  note,
  ...positionFields,
});

/** The fields of POST /api/missions/:id/incidents (files: `photos`). */
export const incidentFieldsSchema = z.object({
  type: z.enum(INCIDENT_TYPES, { error: deliveryMessages.typeRequired }),
  /** ISO instant; now when absent. */
  occurredAt: z
    .string({ error: deliveryMessages.occurredAtInvalid })
    .max(40, deliveryMessages.occurredAtInvalid)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return null;
      const date = new Date(value);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: deliveryMessages.occurredAtInvalid });
        return z.NEVER;
      }
      return date;
    }),
  note,
  ...positionFields,
});

export const waitingStartSchema = z.object({
  place: z.enum(WAITING_PLACES, { error: deliveryMessages.placeRequired }),
  at: actionAtSchema,
});

/** Stopping a wait: when, if it was done without network (decision 055). */
export const waitingStopSchema = z.object({ at: actionAtSchema }).nullish();

const positionSchema = z
  .object({ latitude: z.number(), longitude: z.number(), accuracy: z.number().nullable() })
  .nullable();

/** Waiting minutes per place; `billed`: the mission has a waiting rate, so what lies beyond its franchise is billed (decision 042). */
export const waitingTotalsSchema = z.object({
  pickupMinutes: z.number(),
  deliveryMinutes: z.number(),
  totalMinutes: z.number(),
  periods: z.number(),
  /** An attente still running (counted up to now). */
  running: z.boolean(),
  billed: z.boolean(),
});

/** GET /api/missions/:id/delivery — what the two parties (and admins) see. */
export const missionDeliverySchema = z.object({
  missionId: z.string(),
  viewerRole: z.enum(['driver', 'transporter', 'admin']),
  status: z.string(),
  /** The driver may report incidents and start/stop waiting now; `canProve`: may send the proof. */
  canReport: z.boolean(),
  canWait: z.boolean(),
  canProve: z.boolean(),
  proof: z
    .object({
      recipientName: z.string(),
      signedAt: z.string(),
      position: positionSchema,
      note: z.string().nullable(),
      photoCount: z.number(),
      signatureUrl: z.string(),
      photos: z.array(z.object({ url: z.string(), kind: z.enum(['image', 'pdf']) })),
      /** The proof-of-delivery PDF: made once the mission is delivered; the link works from then on. */
      pdfReady: z.boolean(),
      pdfUrl: z.string().nullable(),
    })
    .nullable(),
  incidents: z.array(
    z.object({
      id: z.string(),
      type: z.enum(INCIDENT_TYPES),
      label: z.string(),
      occurredAt: z.string(),
      position: positionSchema,
      note: z.string().nullable(),
      photos: z.array(z.string()),
      reporterName: z.string().nullable(),
    }),
  ),
  waiting: z.object({
    open: z.object({ id: z.string(), place: z.enum(WAITING_PLACES), startedAt: z.string() }).nullable(),
    periods: z.array(
      z.object({
        id: z.string(),
        place: z.enum(WAITING_PLACES),
        startedAt: z.string(),
        endedAt: z.string().nullable(),
        minutes: z.number(),
      }),
    ),
    totals: waitingTotalsSchema,
  }),
});
export type MissionDelivery = z.infer<typeof missionDeliverySchema>;
