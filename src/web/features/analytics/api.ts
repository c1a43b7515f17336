import { useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriodKind } from '#core/rules/analytics-period.js';
import type { Analytics } from '#core/schemas/analytics.js';
import { toQueryString } from '#web/lib/api.js';

/** The period asked for: one of the presets, or custom with its two days. */
export interface PeriodChoice {
  period: AnalyticsPeriodKind;
  from?: string;
  to?: string;
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

/** GET /api/analytics/export.csv for the same period: a CSV file. */
export const exportHref = (choice: PeriodChoice) =>
  `/api/analytics/export.csv${toQueryString(params(choice))}`;
