/**
 * Calendar days, the way every rule of Relais counts them: in Paris (never the browser's or the server's clock
 * zone), written "2026-11-23". Dates to show people are formatted by french-dates.ts; dates read from
 * people by core/schemas/dates.ts.
 */

// One formatter for every call: building an Intl.DateTimeFormat costs far more than formatting with it.
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Paris of an instant: "2026-11-23". */
export function parisDate(instant: Date | string): string {
  return PARIS_DAY.format(new Date(instant));
}

/** Today in Paris: the day every rule starts from. */
export const parisToday = (now: Date = new Date()): string => parisDate(now);

/** "2026-11-23" + 30 days → "2026-12-23" (calendar dates, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days between two calendar dates (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The Monday of a calendar day's week (calendar arithmetic: no time zone involved). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}
