import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingInterval, PaidPlan } from '#core/rules/billing.js';
import type { AdminSubscriptionList } from '#core/schemas/billing.js';
import { ApiError, apiRequest } from '#web/lib/api.js';

/** Query key: the API path (docs/specification.md §7). */
const subscriptionKeys = { list: ['/api/admin/subscriptions'] as const };

/**
 * The requests waiting and the live subscriptions. Like the other queues, read again whenever shown and every
 * minute (members ask meanwhile, other administrators decide).
 */
export const useAdminSubscriptions = () =>
  useQuery<AdminSubscriptionList>({
    queryKey: subscriptionKeys.list,
    staleTime: 0,
    refetchInterval: 60_000,
  });

/** A grant or an end: the list is read again, also when refused for a change made meanwhile. */
export function useSubscriptionDecision<TVariables, TResult>(
  request: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.list });
  return useMutation({
    mutationFn: request,
    onSuccess: refresh,
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) void refresh();
    },
  });
}

export interface GrantInput {
  userId: string;
  plan: PaidPlan;
  interval: BillingInterval;
  invoiceReference?: string;
}

export const subscriptionAdminApi = {
  grant: ({ userId, ...body }: GrantInput) =>
    apiRequest<unknown>('POST', `/api/admin/users/${encodeURIComponent(userId)}/plan`, body),
  end: ({ userId, reason }: { userId: string; reason: string }) =>
    apiRequest<unknown>('DELETE', `/api/admin/users/${encodeURIComponent(userId)}/plan`, { reason }),
};
