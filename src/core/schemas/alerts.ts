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

const alertTypeList = z.array(z.enum(ALERT_TYPES, { error: 'Type d’alerte inconnu' }), {
  error: 'Liste de types attendue',
});

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
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;

/** A browser's push subscription (PushSubscription.toJSON()), one per device. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'Adresse d’abonnement invalide' }).max(1000),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
