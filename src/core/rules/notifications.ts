/**
 * Alert types and notification preferences (docs/specification.md §9, decision 011): which events leave an alert, which are
 * pushed to the user's devices, which are sent by e-mail (batched, at most one mail an hour).
 */
export const ALERT_TYPES = [
  'new_mission',
  'application',
  'mission',
  'message',
  'document',
  'payment',
  'reputation',
  'support',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  new_mission: 'Nouvelles missions dans ma zone',
  application: 'Candidatures',
  mission: 'Suivi des missions',
  message: 'Messages',
  document: 'Documents',
  payment: 'Paiements et abonnement',
  reputation: 'Avis et badges',
  support: 'Mes signalements de bugs',
};

/** Alert types that concern each role (a transporter never gets "new missions in my zone"). */
export function alertTypesFor(userType: string): AlertType[] {
  return userType === 'driver' ? [...ALERT_TYPES] : ALERT_TYPES.filter((type) => type !== 'new_mission');
}

/** The zone around the driver's city in which a new mission is announced. */
export const ZONE_RADII_KM = [25, 50, 100, 200, 400] as const;
export const DEFAULT_ZONE_RADIUS_KM = 100;

export interface NotificationPreferences {
  alertTypes: AlertType[];
  pushTypes: AlertType[];
  emailTypes: AlertType[];
  zoneRadiusKm: number;
}

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  alertTypes: [...ALERT_TYPES],
  pushTypes: [...ALERT_TYPES],
  emailTypes: [...ALERT_TYPES],
  zoneRadiusKm: DEFAULT_ZONE_RADIUS_KM,
};

/** E-mails gather the alerts of a moment: none sooner than this after the previous one. */
export const EMAIL_DIGEST_MIN_INTERVAL_MS = 60 * 60 * 1000;
/** An alert waits this long before being mailed, so a burst lands in one mail (and one read in the app is not mailed). */
export const EMAIL_DIGEST_DELAY_MS = 5 * 60 * 1000;

/** What a browser notification says (docs/specification.md §9): the title and default body of each kind. */
export const NOTIFICATION_ICON = '/icons/icon-192x192.png';
export const NEW_MESSAGE_NOTIFICATION = {
  title: 'Nouveau message',
  body: 'Vous avez reçu un nouveau message',
} as const;
export const NEW_MISSION_NOTIFICATION = {
  title: 'Nouvelle mission',
  body: 'Une nouvelle mission est disponible',
} as const;

/** The title and body shown for an alert (push, or a notification while the tab is hidden). */
export function notificationFor(alert: { type: string; title: string; message: string }): {
  title: string;
  body: string;
} {
  if (alert.type === 'message')
    return { title: NEW_MESSAGE_NOTIFICATION.title, body: alert.message || NEW_MESSAGE_NOTIFICATION.body };
  if (alert.type === 'new_mission')
    return { title: NEW_MISSION_NOTIFICATION.title, body: alert.message || NEW_MISSION_NOTIFICATION.body };
  return { title: alert.title, body: alert.message };
}
