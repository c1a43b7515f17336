import { useQuery } from '@tanstack/react-query';
import type { TransactionPage, WalletBalance, WalletChart } from '#core/schemas/payments.js';
import { toQueryString, type QueryParams } from '#web/lib/api.js';

/** Query keys are the API paths (docs/specification.md §7): the default query function builds each path from its key. */
const walletKeys = {
  balance: ['/api/wallet/balance'] as const,
  chart: ['/api/wallet/chart'] as const,
  transactions: (params: QueryParams) => ['/api/transactions', params] as const,
};

/** The filters of the transactions list (empty: all). */
export interface TransactionFilters {
  type: string;
  category: string;
  from: string;
  to: string;
}

export const PAGE_SIZE = 20;

/** GET /api/wallet/balance: received or paid, pending, overdue, disputed, this month, this year. */
export const useWalletBalance = () => useQuery<WalletBalance>({ queryKey: walletKeys.balance });

/** GET /api/wallet/chart: the last 12 months, oldest first. */
export const useWalletChart = () => useQuery<WalletChart>({ queryKey: walletKeys.chart });

/** GET /api/transactions with the filters and the page; the previous page stays shown while the next loads. */
export const useTransactions = (filters: TransactionFilters, page: number) =>
  useQuery<TransactionPage>({
    queryKey: walletKeys.transactions({ ...filters, page, pageSize: PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });

/** GET /api/transactions/export with the same filters: a CSV file. */
export const exportHref = (filters: TransactionFilters) =>
  `/api/transactions/export${toQueryString({ ...filters })}`;
