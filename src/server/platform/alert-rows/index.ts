import { formatNumericDay } from '#core/rules/french-dates.js';
import { NEW_MISSION_NOTIFICATION } from '#core/rules/notifications.js';
import { conversationPath } from '#core/schemas/messaging.js';
import type { alerts } from '../../db/schema/messaging.js';
import {
  isDocumentEvent,
  isPaymentEvent,
  isPlanEvent,
  isStripePaymentEvent,
  isRoadEvent,
  isSupportEvent,
  type DocumentEvent,
  type DomainEvent,
} from '../events.js';
import { paymentAlerts, quote } from './payments.js';
import { planAlerts } from './plans.js';
import { roadAlerts } from './road.js';
import { stripeAlerts } from './stripe.js';
import { supportAlerts } from './support.js';
import { formatFullDateTime, formatWeekdayDateTime } from '#core/rules/french-dates.js';

/**
 * The alerts each domain event leaves, in the words a member reads: who is told, the French title and message,
 * where the alert leads. The alerts feature writes them as the events happen; the demo seed writes the same rows,
 * dated in the past, for the events of its story. Pure: the facts come in the event.
 */
export type NewAlert = typeof alerts.$inferInsert;

const missionLink = (missionId: string) => `/mission/${missionId}`;

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
  // A demo sandbox restored tells no one anything; a carrier's new VAT regime is told through what it changes; a
  // plan's invoice shows on the plan's page, the plan itself was told by plan.changed or by Stripe.
  if (
    event.type === 'sandbox.reset' ||
    event.type === 'billing.vat_regime_changed' ||
    event.type === 'plan.paid'
  )
    return [];
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
          ? `expire aujourd’hui (${formatNumericDay(event.expiresOn)})`
          : `expire dans ${event.daysLeft} jours, le ${formatNumericDay(event.expiresOn)}`;
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
            `Relais vous propose un entretien le ${event.interviewDate ? formatFullDateTime(event.interviewDate) : ''}.`,
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

/** A newly published mission, as its "Nouvelle mission" alert tells it. */
export interface AnnouncedMission {
  id: string;
  title: string;
  pickupCity: string | null;
  startDate: Date;
}

/** "« Titre » : départ de Lyon le lundi 23 novembre à 08:00, à 12 km de chez vous." */
function newMissionMessage(mission: AnnouncedMission, distanceKm: number): string {
  const from = mission.pickupCity ? ` de ${mission.pickupCity}` : '';
  const distance = distanceKm <= 1 ? 'tout près de chez vous' : `à ${distanceKm} km de chez vous`;
  return `« ${mission.title} » : départ${from} le ${formatWeekdayDateTime(mission.startDate)}, ${distance}.`;
}

/** "Nouvelle mission" for a driver the published mission fits, `distanceKm` from their town. */
export function newMissionAlert(mission: AnnouncedMission, driverId: string, distanceKm: number): NewAlert {
  return {
    userId: driverId,
    type: 'new_mission',
    title: NEW_MISSION_NOTIFICATION.title,
    message: newMissionMessage(mission, distanceKm),
    link: missionLink(mission.id),
    missionId: mission.id,
    metadata: { event: 'mission.published', distanceKm },
  };
}
