import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BillingInterval, PaidPlan } from '#core/rules/billing.js';
import type { checkoutResultSchema, SubscriptionView } from '#core/schemas/billing.js';
import { apiRequest } from '#web/lib/api.js';
import { ME_KEY } from '#web/lib/query-client.js';

export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** Query keys are the API paths (docs/specification.md §7). */
export const billingKeys = { subscription: ['/api/billing/subscription'] as const };

/**
 * The holder's plan, usage and invoices. Read again whenever the page shows (an administrator or Stripe may have
 * changed the plan meanwhile); `poll` reads it every 2 s while a payment's confirmation is awaited.
 */
export const useSubscription = (poll = false) =>
  useQuery<SubscriptionView>({
    queryKey: billingKeys.subscription,
    staleTime: 0,
    refetchInterval: poll ? 2000 : false,
  });

/** After any change, the page and the session (its plan shows on the dashboard and /pricing) are read again. */
export function useBillingMutation<TVariables, TResult>(
  request: (variables: TVariables) => Promise<TResult>,
  options: { onSuccess?: (result: TResult) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.subscription }),
      queryClient.invalidateQueries({ queryKey: ME_KEY }),
    ]);
  return useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      await refresh();
      options.onSuccess?.(result);
    },
    onError: (error) => {
      // Refused because things changed meanwhile (a request decided, a plan granted): show the current state.
      void refresh();
      options.onError?.(error);
    },
  });
}

export const billingApi = {
  checkout: (choice: { plan: PaidPlan; interval: BillingInterval }) =>
    apiRequest<CheckoutResult>('POST', '/api/billing/checkout', choice),
  withdrawRequest: () => apiRequest<unknown>('DELETE', '/api/billing/request'),
  portal: () => apiRequest<{ url: string }>('POST', '/api/billing/portal', {}),
  cancel: () => apiRequest<unknown>('POST', '/api/billing/cancel', {}),
  resume: () => apiRequest<unknown>('POST', '/api/billing/resume', {}),
};
