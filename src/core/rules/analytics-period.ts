import { monthLabel } from './money.js';
import { addDays, daysBetween } from './days.js';
import { formatShortDate, formatShortDay } from './french-dates.js';

/**
 * The periods of "Analytics Avancés" (decision 020), as Paris calendar days: the period asked for, the one it is
 * compared with, and how its charts are cut (weeks for short periods, months otherwise).
 */
export const ANALYTICS_PERIODS = ['30d', '90d', '12m', 'ytd', 'custom'] as const;
export type AnalyticsPeriodKind = (typeof ANALYTICS_PERIODS)[number];

export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriodKind, string> = {
  '30d': '30 jours',
  '90d': '90 jours',
  '12m': '12 mois',
  ytd: 'Cette année',
  custom: 'Personnalisé',
};

/** The longest custom period: three years, so a year-on-year look at three seasons fits. */
const CUSTOM_MAX_YEARS = 3;
/** Up to this many days, the charts show weeks; beyond, months. */
const WEEKLY_MAX_DAYS = 92;

export const periodMessages = {
  fromRequired: 'Indiquez la date de début de la période',
  toRequired: 'Indiquez la date de fin de la période',
  order: 'La date de fin doit suivre la date de début',
  tooLong: `La période ne peut pas dépasser ${CUSTOM_MAX_YEARS} ans`,
} as const;

export type Bucket = 'week' | 'month';

export interface AnalyticsPeriod {
  kind: AnalyticsPeriodKind;
  /** First and last day, both included (YYYY-MM-DD, Paris). */
  from: string;
  to: string;
  /** The period it is compared with. */
  previousFrom: string;
  previousTo: string;
  bucket: Bucket;
}

/** "2026-11-23" → "2026-11-01". */
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** Same day of the month, `months` later (clamped to the month's end: 31 March − 1 month → 28/29 February). */
export function addCalendarMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/** Number of days of a period, both ends included. */
const periodDays = (from: string, to: string) => daysBetween(from, to) + 1;

/**
 * What is wrong with a custom period, field by field (empty: nothing): both days given, the end not before the
 * start, and no longer than CUSTOM_MAX_YEARS.
 */
export function customPeriodProblems(
  from: string | undefined,
  to: string | undefined,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!from) problems.from = periodMessages.fromRequired;
  if (!to) problems.to = periodMessages.toRequired;
  if (from && to) {
    if (from > to) problems.to = periodMessages.order;
    else if (addCalendarMonths(from, CUSTOM_MAX_YEARS * 12) <= to) problems.to = periodMessages.tooLong;
  }
  return problems;
}

/**
 * The period for `kind` as of `today` (Paris):
 * - 30d / 90d: the last 30 / 90 days, today included, compared with the 30 / 90 days just before;
 * - 12m: the 12 calendar months ending with this one (this one so far), compared with the same days a year
 *   earlier (a month under way against the same part of that month, not against a whole month);
 * - ytd: 1 January to today, compared with 1 January to the same day last year;
 * - custom: from–to as given (checked by customPeriodProblems first), compared with as many days just before.
 */
export function resolvePeriod(
  kind: AnalyticsPeriodKind,
  today: string,
  custom: { from?: string; to?: string } = {},
): AnalyticsPeriod {
  let from: string;
  let to = today;
  let previousFrom: string;
  let previousTo: string;
  switch (kind) {
    case '30d':
    case '90d': {
      const days = kind === '30d' ? 30 : 90;
      from = addDays(today, -(days - 1));
      previousTo = addDays(from, -1);
      previousFrom = addDays(previousTo, -(days - 1));
      break;
    }
    case '12m':
    case 'ytd': {
      from = kind === '12m' ? addCalendarMonths(monthStart(today), -11) : `${today.slice(0, 4)}-01-01`;
      previousFrom = addCalendarMonths(from, -12);
      previousTo = addCalendarMonths(today, -12);
      break;
    }
    case 'custom': {
      from = custom.from!;
      to = custom.to!;
      const days = periodDays(from, to);
      previousTo = addDays(from, -1);
      previousFrom = addDays(previousTo, -(days - 1));
      break;
    }
  }
  const bucket: Bucket = periodDays(from, to) <= WEEKLY_MAX_DAYS ? 'week' : 'month';
  return { kind, from, to, previousFrom, previousTo, bucket };
}

/** "3 nov.", "1er nov. 2026" (French writes the first of the month "1er"). */
const shortDate = (day: string, withYear = false) =>
  (withYear ? formatShortDate : formatShortDay)(day).replace(/^1 /, '1er ');

/** "du 25 oct. au 23 nov. 2026" (the year once when both days share it). */
export function rangeLabel(from: string, to: string): string {
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `du ${shortDate(from, !sameYear)} au ${shortDate(to, true)}`;
}

/** A chart bucket's name: "nov. 2026" for a month, "sem. du 3 nov." for a week (given its Monday). */
export function bucketLabel(bucket: Bucket, start: string): string {
  return bucket === 'month' ? monthLabel(start.slice(0, 7)) : `sem. du ${shortDate(start)}`;
}

/**
 * The change from `previous` to `current` in percent, rounded to the unit; null when it cannot be said (no
 * figure on either side, or nothing before to compare with).
 */
export function changePercent(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}
