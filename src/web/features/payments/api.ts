import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingDetailsInput,
  BillingDetailsView,
  DisputeInput,
  MarkPaidInput,
  MissionPayment,
} from '#core/schemas/payments.js';
import { ApiError, apiRequest } from '#web/lib/api.js';

/** Query keys are the API paths (docs/specification.md §7): the default query function builds each path from its key. */
const paymentKeys = {
  payment: (missionId: string) => ['/api/missions', missionId, 'payment'] as const,
  billingDetails: ['/api/billing/details'] as const,
};

/** What a step of the settlement changes elsewhere: the mission, both wallets, the history, the alerts. */
const MONEY_KEYS: ReadonlyArray<readonly unknown[]> = [
  ['/api/wallet/balance'],
  ['/api/wallet/chart'],
  ['/api/transactions'],
  ['/api/dashboard/stats'],
];

/** GET /api/missions/:id/payment: what is owed, how, by when, the documents and what the viewer may do. */
export const useMissionPayment = (missionId: string, poll = false) =>
  useQuery<MissionPayment>({
    queryKey: paymentKeys.payment(missionId),
    refetchInterval: poll ? 2000 : false,
  });

/** GET /api/billing/details: what the invoices print about me. */
export const useBillingDetails = (enabled = true) =>
  useQuery<BillingDetailsView>({ queryKey: paymentKeys.billingDetails, enabled });

/** After a step, the payment and everything that sums payments are read again. */
export function usePaymentMutation<TVariables, TResult = unknown>(
  missionId: string,
  request: (variables: TVariables) => Promise<TResult>,
  options: { onSuccess?: (result: TResult) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [['/api/missions', missionId], ...MONEY_KEYS].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      await refresh();
      options.onSuccess?.(result);
    },
    onError: (error) => {
      // Refused because the settlement moved meanwhile (the other party acted): show where it stands now.
      if (error instanceof ApiError && error.status === 409) void refresh();
      options.onError?.(error);
    },
  });
}

/** PUT /api/billing/details; every payment page shows its invoice blockers again. */
export function useSaveBillingDetails(
  options: { onSuccess?: (view: BillingDetailsView) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingDetailsInput) =>
      apiRequest<BillingDetailsView>('PUT', '/api/billing/details', body),
    onSuccess: async (view) => {
      queryClient.setQueryData(paymentKeys.billingDetails, view);
      await Promise.all([
        // The invoice may have been issued just now: the payment pages and the mission's documents.
        queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] === '/api/missions' && query.queryKey[2] === 'payment',
        }),
        ...MONEY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
      options.onSuccess?.(view);
    },
    onError: options.onError,
  });
}

/**
 * A Stripe step answers with the page to go to (Checkout, the payout onboarding), or, when nothing is left to pay
 * there, with what was refunded (the deposit's excess) or transferred to the driver (decimal strings).
 */
export interface StripeStepResult {
  url: string | null;
  refunded?: string | null;
  transferred?: string | null;
}

const paymentPath = (missionId: string, step = '') =>
  `/api/missions/${encodeURIComponent(missionId)}/payment${step ? `/${step}` : ''}`;

export const paymentApi = {
  markPaid: (missionId: string, body: MarkPaidInput) =>
    apiRequest<MissionPayment>('POST', paymentPath(missionId, 'mark-paid'), body),
  confirm: (missionId: string) => apiRequest<MissionPayment>('POST', paymentPath(missionId, 'confirm'), {}),
  dispute: (missionId: string, body: DisputeInput) =>
    apiRequest<MissionPayment>('POST', paymentPath(missionId, 'dispute'), body),
  stripe: (missionId: string, step: 'deposit' | 'balance' | 'validate') =>
    apiRequest<StripeStepResult>('POST', paymentPath(missionId, step), {}),
  /** The driver's payout account at Stripe; Stripe's onboarding comes back to this payment page. */
  connect: (missionId: string) => apiRequest<{ url: string }>('POST', '/api/billing/connect', { missionId }),
  /** POST …/payment/payslip: the number and the PDF as a form. */
  uploadPayslip: (missionId: string, number: string, file: File) => {
    const form = new FormData();
    form.append('number', number);
    form.append('file', file, file.name);
    return apiRequest<MissionPayment>('POST', paymentPath(missionId, 'payslip'), form);
  },
};
