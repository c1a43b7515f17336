import { useQuery } from '@tanstack/react-query';
import { customPeriodProblems, type AnalyticsPeriodKind } from '#core/rules/analytics-period.js';
import { analyticsQuerySchema, type Analytics, type AnalyticsTable } from '#core/schemas/analytics.js';
import { toQueryString } from '#web/lib/api.js';

/** The period asked for: one of the presets, or custom with its two days. */
export interface PeriodChoice {
  period: AnalyticsPeriodKind;
  from?: string;
  to?: string;
}

/**
 * The period a page address asks for (`?period=90d`, `?period=custom&from=…&to=…`): a reload or a shared link
 * keeps it. Anything unknown or incomplete falls back to 30 jours, without an error.
 */
export function choiceFromSearch(search: URLSearchParams): PeriodChoice {
  const parsed = analyticsQuerySchema.safeParse({
    period: search.get('period') ?? undefined,
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
  });
  if (!parsed.success) return { period: '30d' };
  const { period, from, to } = parsed.data;
  if (period !== 'custom') return { period };
  if (Object.keys(customPeriodProblems(from, to)).length > 0) return { period: '30d' };
  return { period, from, to };
}

/** The page address's query for a period (none for the default 30 jours). */
export function searchForChoice(choice: PeriodChoice): URLSearchParams {
  return new URLSearchParams(choice.period === '30d' ? {} : (params(choice) as Record<string, string>));
}

const params = (choice: PeriodChoice) =>
  choice.period === 'custom'
    ? { period: choice.period, from: choice.from, to: choice.to }
    : { period: choice.period };

/** GET /api/analytics (query keys are the API paths); the previous period's figures stay shown while the next load. */
export const useAnalytics = (choice: PeriodChoice) =>
  useQuery<Analytics>({
    queryKey: ['/api/analytics', params(choice)],
    placeholderData: (previous) => previous,
  });

/** GET /api/analytics/export.csv for the same period: one table, one CSV file. */
export const exportHref = (choice: PeriodChoice, table: AnalyticsTable) =>
  `/api/analytics/export.csv${toQueryString({ ...params(choice), table })}`;
