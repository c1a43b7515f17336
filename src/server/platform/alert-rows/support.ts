import { BUG_STATUS_LABELS, type BugStatus } from '#core/rules/bug-reports.js';
import type { alerts } from '../../db/schema/messaging.js';
import type { SupportEvent } from '../events.js';

type NewAlert = typeof alerts.$inferInsert;

const STATUS_TITLES: Record<BugStatus, string> = {
  new: 'Signalement rouvert',
  in_progress: 'Signalement pris en charge',
  resolved: 'Signalement résolu',
  closed: 'Signalement fermé',
};

/**
 * A bug report's status changed or the team answered it: its author gets a "support" alert, linked to their
 * reports. The bug-reports feature mails it at once (when the author wants "support" e-mails), so the alert is
 * written as already mailed: the hourly digest never sends it a second time.
 */
export function supportAlerts(event: SupportEvent, now = new Date()): NewAlert[] {
  const status = BUG_STATUS_LABELS[event.status as BugStatus] ?? event.status;
  const quoted = `« ${event.title} »`;
  const title = event.statusChanged
    ? (STATUS_TITLES[event.status as BugStatus] ?? 'Signalement mis à jour')
    : 'Réponse à votre signalement';
  const message = event.statusChanged
    ? `Votre signalement ${quoted} est maintenant « ${status} »${event.answerChanged ? ' ; l’équipe vous a répondu' : ''}.`
    : `L’équipe Relais a répondu à votre signalement ${quoted}.`;
  return [
    {
      userId: event.userId,
      type: 'support',
      title,
      message,
      link: '/report-bug',
      missionId: null,
      emailedAt: now,
      metadata: { event: event.type, bugReportId: event.bugReportId, status: event.status },
    },
  ];
}
