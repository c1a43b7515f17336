/** Dates and times as French users read them, in Paris time (missions happen in France). */
const PARIS = 'Europe/Paris';

/** "lun. 23 nov., 05:30" */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('fr-FR', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: PARIS,
  });
}

/** "23 nov., 05:30": lists of messages, alerts and events. */
export function formatShortDateTime(iso: string): string {
  return new Date(iso).toLocaleString('fr-FR', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: PARIS,
  });
}
