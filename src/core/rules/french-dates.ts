import { parisDate } from './days.js';

/**
 * How Relais writes dates and times for people: in French, in Paris time (missions happen in France; never the
 * browser's or the server's zone). The one place a date is formatted for a page, a PDF, an e-mail, an alert or a
 * spreadsheet; calendar arithmetic is in days.ts, reading dates typed by people in core/schemas/dates.ts.
 *
 * Each function takes an instant (an ISO string or a Date) or a calendar day ("2026-11-24", shown as that day).
 * Formatters are built on first use and kept: building an Intl.DateTimeFormat costs far more than using one, and a
 * page that shows no date (the landing page) builds none.
 */
export type When = string | Date;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day is read at noon UTC: the same day in Paris whatever the season. */
function toDate(when: When): Date {
  if (when instanceof Date) return when;
  return new Date(CALENDAR_DAY.test(when) ? `${when}T12:00:00Z` : when);
}

/** A formatter on Paris clocks, built on first use and kept. */
function parisFormatter(options: Intl.DateTimeFormatOptions, locale = 'fr-FR'): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Paris', ...options }));
}

function parisFormat(options: Intl.DateTimeFormatOptions): (when: When) => string {
  const format = parisFormatter(options);
  return (when) => format().format(toDate(when));
}

const TIME = { hour: '2-digit', minute: '2-digit' } as const;

/** "mar. 24 nov., 10:05": a mission's start and end, a session, a document's deadline. */
export const formatDateTime = parisFormat({ weekday: 'short', day: 'numeric', month: 'short', ...TIME });
/** "24 nov., 10:05": lists of messages, alerts and events. */
export const formatShortDateTime = parisFormat({ day: 'numeric', month: 'short', ...TIME });
/** "24/11/2026 10:05": spreadsheets, invoices, back-office tables. */
export const formatNumericDateTime = parisFormat({ dateStyle: 'short', timeStyle: 'short' });
/** "24 novembre 2026 à 10:05": the back office's history. */
export const formatLongDateTime = parisFormat({ day: 'numeric', month: 'long', year: 'numeric', ...TIME });
/** "mardi 24 novembre 2026 à 10:05": an interview, a document's review. */
export const formatFullDateTime = parisFormat({ dateStyle: 'full', timeStyle: 'short' });
/** "mardi 24 novembre à 10:05": a mission's start in an alert. */
export const formatWeekdayDateTime = parisFormat({ weekday: 'long', day: 'numeric', month: 'long', ...TIME });

/** "24 novembre 2026". */
export const formatDay = parisFormat({ day: 'numeric', month: 'long', year: 'numeric' });
/** "mardi 24 novembre 2026". */
export const formatFullDay = parisFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
/** "mardi 24 novembre": a day of the calendar or of the admin's charts. */
export const formatWeekdayDay = parisFormat({ weekday: 'long', day: 'numeric', month: 'long' });
/** "24 novembre". */
export const formatDayMonth = parisFormat({ day: 'numeric', month: 'long' });
/** "24 nov.": an axis, a short mention. */
export const formatShortDay = parisFormat({ day: 'numeric', month: 'short' });
/** "24 nov. 2026". */
export const formatShortDate = parisFormat({ day: 'numeric', month: 'short', year: 'numeric' });
/** "novembre 2026". */
export const formatMonthYear = parisFormat({ month: 'long', year: 'numeric' });
/** "novembre". */
export const formatMonth = parisFormat({ month: 'long' });
/** "nov.". */
export const formatShortMonth = parisFormat({ month: 'short' });
/** "10:05". */
export const formatTime = parisFormat(TIME);

/** "24/11/2026": a document's validity, a birth date (a day as the administration writes it). */
export function formatNumericDay(when: When): string {
  const [year, month, day] = (
    typeof when === 'string' && CALENDAR_DAY.test(when) ? when : parisDate(when)
  ).split('-');
  return `${day}/${month}/${year}`;
}

const stampFormat = parisFormatter({
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  ...TIME,
  second: '2-digit',
  timeZoneName: 'short',
});
/** "12 mars 2025 à 14:05:09 (heure de Paris, UTC+1)": a signature, a PDF's issue time (the second and the offset). */
export function formatParisStamp(when: When): string {
  const parts = stampFormat().formatToParts(toDate(when));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return (
    `${part('day')} ${part('month')} ${part('year')} à ${part('hour')}:${part('minute')}:${part('second')} ` +
    `(heure de Paris, ${part('timeZoneName')})`
  );
}

// sv-SE writes "2026-11-25 10:00", the shape of a datetime-local value once the space is a T.
const inputFormat = parisFormatter({ year: 'numeric', month: '2-digit', day: '2-digit', ...TIME }, 'sv-SE');
/** The value of a datetime-local field showing this instant on Paris clocks: "2026-11-25T10:00". */
export function parisInputValue(when: When): string {
  return inputFormat().format(toDate(when)).replace(' ', 'T');
}
