import { BADGE_LABELS } from '#core/rules/badges.js';
import { frenchDay } from '#core/rules/documents.js';
import { formatMoney, parisDate } from '#core/rules/money.js';
import { NEW_MISSION_NOTIFICATION } from '#core/rules/notifications.js';
import { INCIDENT_LABELS, INCIDENT_PHRASES } from '#core/rules/road.js';
import { haversineKm } from '#core/rules/tracking.js';
import { conversationPath } from '#core/schemas/messaging.js';
import type { alerts } from '../../../db/schema/messaging.js';
import type { DomainEvent } from '../../../platform/events.js';
import type { Mission } from './missions.js';
import type { World } from './world.js';

/**
 * The visitor's alerts, in the very words the alerts feature writes for each event (alerts/subscriber.ts,
 * payment-alerts.ts, road-alerts.ts, matching.ts — mirrored here: a feature does not import another), dated
 * when the event happened. Only the visitor's: the personas never sign in, their alerts would be scenery.
 */
type NewAlert = typeof alerts.$inferInsert;

const quote = (title: string) => `« ${title} »`;
const missionLink = (missionId: string) => `/mission/${missionId}`;

export function alert(w: World, event: DomainEvent, at: Date, read: boolean): void {
  for (const row of alertRows(event))
    if (row.userId === w.visitor.id) w.rows.alerts.push({ ...row, createdAt: at, read });
}

function alertRows(event: DomainEvent): NewAlert[] {
  if (event.type === 'message.sent')
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
          actorId: event.senderId,
          actorName: event.senderName,
        },
      },
    ];
  if (event.type.startsWith('payment.')) return paymentRows(event);
  if (event.type === 'badge.earned' || event.type === 'badge.lost') {
    const name = `« ${BADGE_LABELS[event.badge]} »`;
    return [
      {
        userId: event.userId,
        type: 'reputation',
        title: 'Badge obtenu',
        message: `Vous avez obtenu le badge ${name}${event.reason ? ` : ${event.reason}` : ''}. Il apparaît sur votre profil.`,
        link: '/profile',
        missionId: null,
        metadata: { event: event.type, badge: event.badge },
      },
    ];
  }
  if (event.type === 'document.expiring') {
    const when = `expire dans ${event.daysLeft} jours, le ${frenchDay(event.expiresOn)}`;
    return [
      {
        userId: event.driverId,
        type: 'document',
        title: 'Document bientôt expiré',
        message: `${event.documentLabel} ${when}. Ajoutez la nouvelle version dans Mes documents.`,
        link: '/documents',
        metadata: { event: event.type, documentId: event.documentId },
      },
    ];
  }
  if (!('missionId' in event)) return [];
  const row = (
    userId: string,
    type: string,
    title: string,
    message: string,
    extra: Record<string, unknown> = {},
  ) => ({
    userId,
    type,
    title,
    message,
    link: missionLink(event.missionId),
    missionId: event.missionId,
    metadata: { event: event.type, ...extra },
  });
  switch (event.type) {
    case 'mission.cancelled':
      return event.driverId
        ? [
            row(
              event.driverId,
              'mission',
              'Mission annulée',
              `${quote(event.title)} a été annulée par le transporteur. Motif : ${event.reason}`,
            ),
          ]
        : [];
    case 'mission.status_changed':
      if (event.status === 'in_progress')
        return [
          row(
            event.companyId,
            'mission',
            'Mission démarrée',
            `Le chauffeur a démarré ${quote(event.title)}.`,
          ),
        ];
      if (event.status === 'delivered')
        return [
          row(
            event.companyId,
            'mission',
            'Mission livrée',
            `Le chauffeur a livré ${quote(event.title)}. Confirmez la fin de mission.`,
          ),
        ];
      return [
        row(
          event.driverId,
          'mission',
          'Mission terminée',
          `Le transporteur a confirmé la fin de ${quote(event.title)}. Merci !`,
        ),
      ];
    case 'application.created':
    case 'application.withdrawn': {
      const actor = { actorId: event.driverId, actorName: event.driverName };
      return event.type === 'application.created'
        ? [
            row(
              event.companyId,
              'application',
              'Nouvelle candidature',
              `${event.driverName} a postulé à ${quote(event.title)}.`,
              actor,
            ),
          ]
        : [
            row(
              event.companyId,
              'application',
              'Candidature retirée',
              `${event.driverName} a retiré sa candidature à ${quote(event.title)}.`,
              actor,
            ),
          ];
    }
    case 'application.accepted':
      return [
        row(
          event.driverId,
          'application',
          'Candidature acceptée',
          `Vous êtes retenu pour ${quote(event.title)}. Démarrez la mission le moment venu.`,
        ),
        ...event.rejectedDriverIds.map((id) =>
          row(
            id,
            'application',
            'Candidature non retenue',
            `Le transporteur a choisi un autre chauffeur pour ${quote(event.title)}.`,
          ),
        ),
      ];
    case 'application.rejected':
      return [
        row(
          event.driverId,
          'application',
          'Candidature non retenue',
          `Le transporteur n’a pas retenu votre candidature à ${quote(event.title)}.`,
        ),
      ];
    case 'incident.reported': {
      const label = INCIDENT_LABELS[event.incidentType].toLowerCase();
      return [
        row(
          event.companyId,
          'mission',
          `Incident : ${label}`,
          `${event.driverName} signale ${INCIDENT_PHRASES[event.incidentType]} sur ${quote(event.title)}${event.note ? ` : ${event.note}` : '.'}`,
          { incidentId: event.incidentId },
        ),
      ];
    }
    case 'review.submitted':
      return [
        {
          ...row(
            event.revieweeId,
            'reputation',
            'Un avis vous attend',
            `${event.reviewerName} a donné son avis sur ${quote(event.title)}. Donnez le vôtre pour découvrir le sien (au plus tard le ${frenchDay(parisDate(event.closesAt))}).`,
          ),
          link: `/mission/${event.missionId}/review`,
        },
      ];
    case 'review.published':
      return [
        {
          ...row(
            event.revieweeId,
            'reputation',
            'Nouvel avis publié',
            `${event.reviewerName} vous a donné ${event.rating}/5 pour ${quote(event.title)}.`,
            { reviewId: event.reviewId },
          ),
          link: `/mission/${event.missionId}/review`,
        },
      ];
    default:
      return [];
  }
}

/** The "payment" alerts of a mission's settlement (alerts/payment-alerts.ts). */
function paymentRows(event: DomainEvent): NewAlert[] {
  if (!event.type.startsWith('payment.') || !('amount' in event) || !('driverId' in event)) return [];
  const row = (userId: string, title: string, message: string): NewAlert => ({
    userId,
    type: 'payment',
    title,
    message,
    link: `/mission/${event.missionId}/payment`,
    missionId: event.missionId,
    metadata: { event: event.type },
  });
  const amount = formatMoney(event.amount);
  const mission = quote(event.title);
  switch (event.type) {
    case 'payment.created':
      return event.engagementType === 'employment'
        ? [
            row(
              event.driverId!,
              'Rémunération à venir',
              `${mission} est terminée : ${amount} brut vous seront versés avec la paie de l’employeur.`,
            ),
            row(
              event.companyId,
              'Rémunération à verser',
              `${mission} est terminée : ${amount} brut à verser au chauffeur avec la paie. Le relevé d’heures est disponible.`,
            ),
          ]
        : [
            row(
              event.driverId!,
              'Règlement ouvert',
              `${mission} : ${amount} vous sont dus, échéance le ${frenchDay(event.dueDate)}.`,
            ),
            row(
              event.companyId,
              'Règlement à effectuer',
              `${mission} : ${amount} à régler au chauffeur par virement, échéance le ${frenchDay(event.dueDate)}.`,
            ),
          ];
    case 'payment.marked_paid':
      return [
        row(
          event.driverId!,
          'Paiement déclaré',
          `Le transporteur indique avoir payé ${amount} pour ${mission} (le ${frenchDay(event.paidOn)}, réf. ${event.reference}). Confirmez la réception ou signalez un problème.`,
        ),
      ];
    case 'payment.confirmed':
      return [
        row(event.companyId, 'Paiement reçu', `Le chauffeur confirme avoir reçu ${amount} pour ${mission}.`),
      ];
    case 'payment.disputed':
      return [
        row(
          event.companyId,
          'Paiement contesté',
          `Le chauffeur conteste le règlement de ${mission}. Motif : ${event.reason}`,
        ),
      ];
    case 'payment.overdue':
      return [
        row(
          event.driverId!,
          'Paiement en retard',
          `Le règlement de ${mission} (${amount}) était attendu le ${frenchDay(event.dueDate)}.`,
        ),
        row(
          event.companyId,
          'Paiement en retard',
          `Le règlement de ${mission} (${amount}) était dû le ${frenchDay(event.dueDate)}. Réglez-le ou indiquez-le comme payé.`,
        ),
      ];
    default:
      return [];
  }
}

const startFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * "Nouvelle mission" for a published mission that fits the visitor (driver), as the matching writes it (alerts/
 * matching.ts newMissionMessage): the pickup, the start, the distance from the visitor's town.
 */
export function newMissionAlert(w: World, mission: Mission, read: boolean): void {
  const { row } = mission;
  const home = w.visitor.home;
  const distanceKm = Math.round(
    haversineKm(
      { latitude: home.lat, longitude: home.lng },
      { latitude: mission.from.lat, longitude: mission.from.lng },
    ),
  );
  const distance = distanceKm <= 1 ? 'tout près de chez vous' : `à ${distanceKm} km de chez vous`;
  w.rows.alerts.push({
    userId: w.visitor.id,
    type: 'new_mission',
    title: NEW_MISSION_NOTIFICATION.title,
    message: `« ${row.title} » : départ de ${mission.from.city} le ${startFormat.format(row.startDate)}, ${distance}.`,
    link: missionLink(row.id),
    missionId: row.id,
    metadata: { event: 'mission.published', distanceKm },
    createdAt: row.createdAt,
    read,
  });
}
