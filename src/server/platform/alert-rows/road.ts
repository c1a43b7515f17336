import { BADGE_LABELS } from '#core/rules/badges.js';
import { formatNumericDay } from '#core/rules/french-dates.js';
import { INCIDENT_LABELS, INCIDENT_PHRASES } from '#core/rules/road.js';
import type { alerts } from '../../db/schema/messaging.js';
import type { RoadEvent } from '../events.js';
import { quote } from './payments.js';

type NewAlert = typeof alerts.$inferInsert;

/**
 * On the road: an incident tells the transporter at once ("mission" alert, pushed like the other steps);
 * reviews and badges leave "reputation" alerts.
 */
export function roadAlerts(event: RoadEvent): NewAlert[] {
  switch (event.type) {
    case 'incident.reported':
      return [
        {
          userId: event.companyId,
          type: 'mission',
          title: `Incident : ${INCIDENT_LABELS[event.incidentType].toLowerCase()}`,
          message: `${event.driverName} signale ${INCIDENT_PHRASES[event.incidentType]} sur ${quote(event.title)}${event.note ? ` : ${event.note}` : '.'}`,
          link: `/mission/${event.missionId}`,
          missionId: event.missionId,
          metadata: { event: event.type, incidentId: event.incidentId },
        },
      ];
    case 'review.submitted':
      return [
        {
          userId: event.revieweeId,
          type: 'reputation',
          title: 'Un avis vous attend',
          message: `${event.reviewerName} a donné son avis sur ${quote(event.title)}. Donnez le vôtre pour découvrir le sien (au plus tard le ${formatNumericDay(event.closesAt)}).`,
          link: `/mission/${event.missionId}/review`,
          missionId: event.missionId,
          metadata: { event: event.type },
        },
      ];
    case 'review.published':
      return [
        {
          userId: event.revieweeId,
          type: 'reputation',
          title: 'Nouvel avis publié',
          message: `${event.reviewerName} vous a donné ${event.rating}/5 pour ${quote(event.title)}.`,
          link: `/mission/${event.missionId}/review`,
          missionId: event.missionId,
          metadata: { event: event.type, reviewId: event.reviewId },
        },
      ];
    case 'badge.earned':
    case 'badge.lost':
      return [
        {
          userId: event.userId,
          type: 'reputation',
          title: event.type === 'badge.earned' ? 'Badge obtenu' : 'Badge perdu',
          message: badgeMessage(event),
          link: '/profile',
          missionId: null,
          metadata: { event: event.type, badge: event.badge },
        },
      ];
  }
}

function badgeMessage(event: Extract<RoadEvent, { type: 'badge.earned' | 'badge.lost' }>): string {
  const name = `« ${BADGE_LABELS[event.badge]} »`;
  if (event.type === 'badge.earned')
    return `Vous avez obtenu le badge ${name}${event.reason ? ` : ${event.reason}` : ''}. Il apparaît sur votre profil.`;
  return event.reason
    ? `Relais a retiré le badge ${name} de votre profil. Motif : ${event.reason}`
    : `Le badge ${name} n’apparaît plus sur votre profil : ses conditions ne sont plus remplies.`;
}
