import { sql, type SQL } from 'drizzle-orm';
import {
  bucketLabel,
  customPeriodProblems,
  rangeLabel,
  resolvePeriod,
  type AnalyticsPeriod,
} from '#core/rules/analytics-period.js';
import type { AnalyticsQuery } from '#core/schemas/analytics.js';
import { AppError } from '../../platform/errors.js';
import { parisDate } from '#core/rules/days.js';

export type LabelledPeriod = AnalyticsPeriod & { label: string; previousLabel: string };

/** The period asked for, as of today in Paris; a custom one that breaks the rules is a 400 naming its field. */
export function periodFrom(query: AnalyticsQuery, today = parisDate(new Date())): LabelledPeriod {
  if (query.period === 'custom') {
    const problems = customPeriodProblems(query.from, query.to);
    const first = Object.values(problems)[0];
    if (first) throw new AppError(400, first, problems);
  }
  const period = resolvePeriod(query.period, today, { from: query.from, to: query.to });
  return {
    ...period,
    label: rangeLabel(period.from, period.to),
    previousLabel: rangeLabel(period.previousFrom, period.previousTo),
  };
}

/** The first instant of a Paris day, and the first instant after the last day (a half-open range). */
export const dayStart = (day: string): SQL => sql`(${day}::date::timestamp at time zone 'Europe/Paris')`;
export const dayEnd = (day: string): SQL => sql`((${day}::date + 1)::timestamp at time zone 'Europe/Paris')`;

/** The two periods as rows (kind, start_at, end_at), to compute each figure once per period in one statement. */
export function periodRows(period: AnalyticsPeriod): SQL {
  return sql`(values
    ('current', ${dayStart(period.from)}, ${dayEnd(period.to)}),
    ('previous', ${dayStart(period.previousFrom)}, ${dayEnd(period.previousTo)})
  ) as p(kind, start_at, end_at)`;
}

/**
 * The chart's buckets (weeks from Monday, or months, Paris calendar) covering the period, each with its first
 * instant and the first instant after it; a first and last bucket cut at the period's bounds.
 */
export function bucketRows(period: AnalyticsPeriod): SQL {
  const unit = sql.raw(`'${period.bucket}'`);
  const step = sql.raw(`interval '1 ${period.bucket}'`);
  return sql`(
    select b::date as start,
      greatest(b, ${period.from}::date::timestamp) at time zone 'Europe/Paris' as start_at,
      least(b + ${step}, (${period.to}::date + 1)::timestamp) at time zone 'Europe/Paris' as end_at
    from generate_series(date_trunc(${unit}, ${period.from}::date::timestamp),
      date_trunc(${unit}, ${period.to}::date::timestamp), ${step}) as b
  ) as b`;
}

/** "2026-11-03" → "sem. du 3 nov." or "nov. 2026". */
export const labelOf = (period: AnalyticsPeriod, start: string) => bucketLabel(period.bucket, start);

/** numeric → number (or null), rounded to `digits` decimals. */
export function num(value: string | number | null | undefined, digits = 1): number | null {
  if (value === null || value === undefined) return null;
  const factor = 10 ** digits;
  return Math.round(Number(value) * factor) / factor;
}

/** Ratio as a percentage rounded to the unit; null when nothing to divide by. */
export const rate = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 100);
