import { z } from 'zod';
import { ALERT_TYPES, ZONE_RADII_KM } from '../rules/notifications.js';

export const ALERT_FILTERS = ['non-lues', 'missions', 'messages', 'documents'] as const;

/** The alert types each filter of /alerts shows. */
export const ALERT_FILTER_TYPES: Record<Exclude<(typeof ALERT_FILTERS)[number], 'non-lues'>, string[]> = {
  missions: ['new_mission', 'mission', 'application'],
  messages: ['message'],
  documents: ['document'],
};

export const alertSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  missionId: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

/** Also the answer's shape, so no transform here: repeated types are dropped when saved. */
const alertTypeList = z
  .array(z.enum(ALERT_TYPES, { error: 'Type d’alerte inconnu' }), { error: 'Liste de types attendue' })
  .max(ALERT_TYPES.length * 4, 'Liste de types trop longue');

/** GET/PUT /api/alerts/preferences: which alerts, which pushed, which by e-mail, and the driver's zone. */
export const notificationPreferencesSchema = z.object({
  alertTypes: alertTypeList,
  pushTypes: alertTypeList,
  emailTypes: alertTypeList,
  zoneRadiusKm: z
    .number({ error: 'Rayon invalide' })
    .refine((radius) => (ZONE_RADII_KM as readonly number[]).includes(radius), {
      error: `Rayon à choisir parmi ${ZONE_RADII_KM.join(', ')} km`,
    }),
});

const endpointMessage = 'Adresse d’abonnement invalide';
/** A push service's address, as the browser gives it (which push services are accepted is the server's call). */
export const pushEndpointSchema = z
  .string({ error: endpointMessage })
  .max(1000, endpointMessage)
  // The URL parser lets control characters and blanks through; an address never holds them.
  .regex(/^[\x21-\x7e]+$/, endpointMessage)
  .pipe(z.url({ protocol: /^https?$/, error: endpointMessage }));
const base64url = (max: number) =>
  z
    .string({ error: 'Clé d’abonnement invalide' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Clé d’abonnement invalide')
    .max(max, 'Clé d’abonnement invalide');

/** A browser's push subscription (PushSubscription.toJSON()), one per device. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }, { error: 'Clés d’abonnement manquantes' }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
