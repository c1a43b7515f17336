import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { frenchDay } from '#core/rules/documents.js';
import { NEW_MISSION_NOTIFICATION, notificationFor, type AlertType } from '#core/rules/notifications.js';
import { conversationPath } from '#core/schemas/messaging.js';
import type { Db } from '../../db/client.js';
import { alerts } from '../../db/schema/messaging.js';
import type { FeatureDeps } from '../../platform/deps.js';
import {
  isDocumentEvent,
  isPaymentEvent,
  isPlanEvent,
  isStripePaymentEvent,
  isRoadEvent,
  isSupportEvent,
  type DocumentEvent,
  type DomainEvent,
  type EventDelivery,
} from '../../platform/events.js';
import { startEventOutbox } from '../../platform/outbox.js';
import { matchingDrivers, newMissionMessage } from './matching.js';
import { paymentAlerts } from './payment-alerts.js';
import { planAlerts } from './plan-alerts.js';
import { roadAlerts } from './road-alerts.js';
import { stripeAlerts } from './stripe-alerts.js';
import { supportAlerts } from './support-alerts.js';
import { loadPreferencesOf } from './preferences.js';
import { toAlert } from './to-alert.js';

type NewAlert = typeof alerts.$inferInsert;

const missionLink = (missionId: string) => `/mission/${missionId}`;
const quote = (title: string) => `« ${title} »`;

/**
 * An alert whose text opens with a person's name says who (actorId, actorName): when that person deletes their
 * account, the name is replaced in everyone's alerts (account/deletion.ts).
 */
const namedActor = (actorId: string, actorName: string) => ({ actorId, actorName });

/** The alert rows a domain event leaves for the users concerned, in French, each with its link. */
export function alertsFor(event: DomainEvent): NewAlert[] {
  if (isDocumentEvent(event)) return documentAlerts(event);
  if (isPaymentEvent(event)) return paymentAlerts(event);
  if (isPlanEvent(event)) return planAlerts(event);
  if (isStripePaymentEvent(event)) return stripeAlerts(event);
  if (isRoadEvent(event)) return roadAlerts(event);
  if (isSupportEvent(event)) return supportAlerts(event);
  // A demo sandbox restored tells no one anything.
  if (event.type === 'sandbox.reset') return [];
  if (event.type === 'message.sent') {
    return [
      {
        userId: event.receiverId,
        type: 'message',
        title: 'Nouveau message',
        message: `${event.senderName} vous a écrit.`,
        link: conversationPath(event.senderId, event.missionId),
        missionId: event.missionId,
        metadata: {
          event: event.type,
          conversationId: event.conversationId,
          ...namedActor(event.senderId, event.senderName),
        },
      },
    ];
  }
  const base = (
    userId: string,
    type: string,
    title: string,
    message: string,
    actor?: Record<string, string>,
  ): NewAlert => ({
    userId,
    type,
    title,
    message,
    link: missionLink(event.missionId),
    missionId: event.missionId,
    metadata: { event: event.type, ...actor },
  });
  switch (event.type) {
    case 'mission.published':
      // The drivers it fits are found in the database: see newMissionAlerts.
      return [];
    case 'mission.updated':
      return event.applicantIds.map((id) =>
        base(id, 'mission', 'Mission modifiée', `Le transporteur a modifié ${quote(event.title)}.`),
      );
    case 'mission.cancelled':
      return [
        ...new Set([
          ...(event.byTeam ? [event.companyId] : []),
          ...(event.driverId ? [event.driverId] : []),
          ...event.applicantIds,
        ]),
      ].map((id) =>
        base(
          id,
          'mission',
          'Mission annulée',
          `${quote(event.title)} a été annulée par ${event.byTeam ? 'l’équipe Relais' : 'le transporteur'}. Motif : ${event.reason}`,
        ),
      );
    case 'mission.status_changed':
      if (event.status === 'in_progress')
        return [
          base(
            event.companyId,
            'mission',
            'Mission démarrée',
            `Le chauffeur a démarré ${quote(event.title)}.`,
          ),
        ];
      if (event.status === 'delivered')
        return [
          base(
            event.companyId,
            'mission',
            'Mission livrée',
            `Le chauffeur a livré ${quote(event.title)}. Confirmez la fin de mission.`,
          ),
        ];
      return [
        base(
          event.driverId,
          'mission',
          'Mission terminée',
          `Le transporteur a confirmé la fin de ${quote(event.title)}. Merci !`,
        ),
      ];
    case 'mission.dropped':
      return [
        base(
          event.companyId,
          'mission',
          'Chauffeur désisté',
          `${event.driverName} s’est désisté de ${quote(event.title)}. Motif : ${event.reason}. La mission est de nouveau ouverte.`,
          namedActor(event.driverId, event.driverName),
        ),
        ...event.reopenedApplicantIds.map((id) =>
          base(
            id,
            'application',
            'Mission de nouveau ouverte',
            `${quote(event.title)} cherche de nouveau un chauffeur : votre candidature est de nouveau en attente.`,
          ),
        ),
      ];
    case 'application.created':
      return [
        base(
          event.companyId,
          'application',
          'Nouvelle candidature',
          `${event.driverName} a postulé à ${quote(event.title)}.`,
          namedActor(event.driverId, event.driverName),
        ),
      ];
    case 'application.withdrawn':
      return [
        base(
          event.companyId,
          'application',
          'Candidature retirée',
          `${event.driverName} a retiré sa candidature à ${quote(event.title)}.`,
          namedActor(event.driverId, event.driverName),
        ),
      ];
    case 'application.accepted':
      return [
        base(
          event.driverId,
          'application',
          'Candidature acceptée',
          `Vous êtes retenu pour ${quote(event.title)}. Démarrez la mission le moment venu.`,
        ),
        ...event.rejectedDriverIds.map((id) =>
          base(
            id,
            'application',
            'Candidature non retenue',
            `Le transporteur a choisi un autre chauffeur pour ${quote(event.title)}.`,
          ),
        ),
      ];
    case 'application.rejected':
      return [
        base(
          event.driverId,
          'application',
          'Candidature non retenue',
          `Le transporteur n’a pas retenu votre candidature à ${quote(event.title)}.`,
        ),
      ];
  }
}

/** The "document" alerts: reviews by Relais, expiry reminders (and the transporter concerned), validation steps. */
function documentAlerts(event: DocumentEvent): NewAlert[] {
  const own = (title: string, message: string): NewAlert => ({
    userId: event.driverId,
    type: 'document',
    title,
    message,
    link: '/documents',
    metadata: { event: event.type, ...('documentId' in event ? { documentId: event.documentId } : {}) },
  });
  switch (event.type) {
    case 'document.reviewed':
      return [
        event.decision === 'verified'
          ? own('Document vérifié', `${event.documentLabel} : vérifié par Relais.`)
          : own(
              'Document refusé',
              `${event.documentLabel} : refusé par Relais. Motif : ${event.reason ?? 'non précisé'}. Envoyez-en une nouvelle version.`,
            ),
      ];
    case 'document.expiring': {
      const when =
        event.daysLeft === 0
          ? `expire aujourd’hui (${frenchDay(event.expiresOn)})`
          : `expire dans ${event.daysLeft} jours, le ${frenchDay(event.expiresOn)}`;
      return [
        own(
          event.daysLeft === 0 ? 'Document expiré aujourd’hui' : 'Document bientôt expiré',
          `${event.documentLabel} ${when}. Ajoutez la nouvelle version dans Mes documents.`,
        ),
        ...event.missions.map((mission): NewAlert => ({
          userId: mission.companyId,
          type: 'document',
          title: 'Document du chauffeur bientôt expiré',
          message: `${event.documentLabel} de ${mission.driverName} ${when}, pendant ${quote(mission.title)}.`,
          link: missionLink(mission.missionId),
          missionId: mission.missionId,
          metadata: {
            event: event.type,
            documentId: event.documentId,
            ...namedActor(event.driverId, mission.driverName),
          },
        })),
      ];
    }
    case 'driver.validation':
      if (event.step === 'interview')
        return [
          own(
            'Entretien de validation',
            `Relais vous propose un entretien le ${event.interviewDate ? new Date(event.interviewDate).toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'full', timeStyle: 'short' }) : ''}.`,
          ),
        ];
      return [
        event.step === 'approved'
          ? own(
              'Profil validé',
              'Relais a validé votre profil de chauffeur : les transporteurs le voient désormais comme vérifié.',
            )
          : own(
              'Profil non validé',
              `Relais n’a pas validé votre profil. Motif : ${event.reason ?? 'non précisé'}.`,
            ),
      ];
  }
}

/**
 * The id of the `n`-th alert an event leaves for a user: the same at every delivery of the event, so a second
 * delivery (the outbox's recovery after a crash) meets the first one's row and writes nothing. A UUID of
 * version 8 (RFC 9562, custom) over SHA-256.
 */
export function alertIdFor(eventId: string, userId: string, n: number): string {
  const hex = createHash('sha256').update(`${eventId}/${userId}/${n}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Writes the alerts an event leaves, once per event however often it is delivered, and shows them: realtime to
 * open screens, a push to the devices of those away (both at least once: a redelivery shows again what an
 * earlier delivery may have written without showing).
 */
export async function writeAlerts(
  { db, realtime, push }: Pick<FeatureDeps, 'db' | 'realtime' | 'push'>,
  event: DomainEvent,
  { eventId, redelivery }: EventDelivery,
): Promise<void> {
  // A redelivery skips this shortcut: the unread alert found may be this event's own, written before a crash.
  if (event.type === 'message.sent' && !redelivery) {
    // One alert per conversation burst: none while the previous message alert of this conversation is unread.
    // The unique index alerts_message_burst_idx holds the rule under concurrent sends (the insert below does
    // nothing then); this read only spares the preferences and the insert for the rest of a burst.
    const [waiting] = await db
      .select({ id: alerts.id })
      .from(alerts)
      .where(
        and(
          eq(alerts.userId, event.receiverId),
          eq(alerts.type, 'message'),
          eq(alerts.read, false),
          sql`${alerts.metadata}->>'conversationId' = ${event.conversationId}`,
        ),
      )
      .limit(1);
    if (waiting) return;
  }
  const candidates =
    event.type === 'mission.published' ? await newMissionAlerts(db, event.missionId) : alertsFor(event);
  if (candidates.length === 0) return;
  // Each user's choice: the types they want at all, and which of those are pushed to their devices.
  const preferences = await loadPreferencesOf(db, [...new Set(candidates.map((row) => row.userId))]);
  const counts = new Map<string, number>();
  const rows = candidates
    .map((row) => {
      const n = counts.get(row.userId) ?? 0;
      counts.set(row.userId, n + 1);
      return { ...row, id: alertIdFor(eventId, row.userId, n) };
    })
    .filter((row) => preferences.get(row.userId)!.alertTypes.includes(row.type as AlertType));
  if (rows.length === 0) return;
  // Written already by an earlier delivery of this event (same ids), or a message alert already unread for this
  // conversation (a concurrent send won the race): no second row.
  const saved = await db.insert(alerts).values(rows).onConflictDoNothing().returning();
  const shown = redelivery
    ? await db
        .select()
        .from(alerts)
        .where(
          and(
            inArray(
              alerts.id,
              rows.map((row) => row.id),
            ),
            eq(alerts.read, false),
          ),
        )
    : saved;
  for (const row of shown) {
    await realtime.deliver([row.userId], { type: 'new-alert', alert: toAlert(row) });
    if (preferences.get(row.userId)!.pushTypes.includes(row.type as AlertType))
      // Not awaited: a slow push service must not hold up the request that caused the alert.
      void pushIfAway({ realtime, push }, row).catch(() => undefined);
  }
}

/** Pushed only when no screen of theirs is open (an open one shows the alert itself). */
async function pushIfAway(
  { realtime, push }: Pick<FeatureDeps, 'realtime' | 'push'>,
  row: typeof alerts.$inferSelect,
): Promise<void> {
  if (await realtime.hasOpenSocket(row.userId)) return;
  await push.sendToUser(row.userId, {
    ...notificationFor(row),
    link: row.link,
    tag: typeof row.metadata?.conversationId === 'string' ? row.metadata.conversationId : row.id,
  });
}

/** "Nouvelle mission" for each driver the published mission fits (zone, licence and vehicle, availability). */
async function newMissionAlerts(db: Db, missionId: string): Promise<NewAlert[]> {
  const found = await matchingDrivers(db, missionId);
  if (!found) return [];
  return found.drivers.map((driver) => ({
    userId: driver.driverId,
    type: 'new_mission',
    title: NEW_MISSION_NOTIFICATION.title,
    message: newMissionMessage(found.mission, driver),
    link: missionLink(missionId),
    missionId,
    metadata: { event: 'mission.published', distanceKm: driver.distanceKm },
  }));
}

export function subscribeAlerts(deps: FeatureDeps): void {
  deps.events.subscribe((event, delivery) => writeAlerts(deps, event, delivery));
  // The alerts are what a crash must not lose: the outbox's recovery starts with them (decision 023). Every other
  // feature has subscribed by now (app.ts registers this last).
  startEventOutbox(deps);
}
