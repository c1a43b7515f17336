import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DriverDocumentType } from '#core/rules/documents.js';
import type {
  adminDocumentListSchema,
  adminDocumentSchema,
  adminDriverDetailSchema,
  adminDriverListSchema,
  adminLogEntrySchema,
} from '#core/schemas/documents.js';
import { ApiError, apiRequest } from '#web/lib/api.js';

export type AdminDocument = z.infer<typeof adminDocumentSchema>;
export type AdminDocumentList = z.infer<typeof adminDocumentListSchema>;
export type AdminDriver = z.infer<typeof adminDriverListSchema>['drivers'][number];
export type AdminDriverDetail = z.infer<typeof adminDriverDetailSchema>;
export type AdminLogEntry = z.infer<typeof adminLogEntrySchema>;

export type DocumentStatusFilter = 'pending' | 'verified' | 'rejected' | 'replaced' | 'all';
export type DriverStatusFilter = 'pending_validation' | 'approved' | 'rejected' | 'all';

export interface DocumentFilter {
  status: DocumentStatusFilter;
  type: DriverDocumentType | '';
  page: number;
}

/**
 * Query keys. The paths are built here rather than by the default query function: it drops `all` from query
 * strings (docs/specification.md §7), and these admin routes read a missing status as "pending".
 */
const adminKeys = {
  documents: (filter: DocumentFilter) => ['/api/admin/documents', filter] as const,
  drivers: (status: DriverStatusFilter) => ['/api/admin/drivers', { status }] as const,
  driver: (id: string) => ['/api/admin/drivers', id] as const,
};

const search = (params: Record<string, string | number>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== '') query.set(key, String(value));
  return query.toString();
};

/**
 * Queues change without this screen (drivers deposit documents, other administrators decide): unlike the rest
 * of the app their answers are read again whenever a screen or a filter shows them, and every minute.
 */
const live = { staleTime: 0, refetchInterval: 60_000 } as const;

export const useDocumentQueue = (filter: DocumentFilter) =>
  useQuery<AdminDocumentList>({
    queryKey: adminKeys.documents(filter),
    queryFn: () => apiRequest('GET', `/api/admin/documents?${search({ ...filter })}`),
    placeholderData: (previous) => previous,
    ...live,
  });

export const useDriverQueue = (status: DriverStatusFilter) =>
  useQuery<{ drivers: AdminDriver[] }>({
    queryKey: adminKeys.drivers(status),
    queryFn: () => apiRequest('GET', `/api/admin/drivers?${search({ status })}`),
    ...live,
  });

export const useDriverDetail = (id: string) =>
  useQuery<AdminDriverDetail>({
    queryKey: adminKeys.driver(id),
    queryFn: () => apiRequest('GET', `/api/admin/drivers/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

/** After any decision, every admin list and file is read again (counts, queues, the driver's file). */
function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['/api/admin/documents'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/drivers'] }),
    ]);
}

/** A decision on a document or a driver: refreshes what shows it, also when refused for a change meanwhile. */
export function useAdminMutation<TVariables, TResult>(
  request: (variables: TVariables) => Promise<TResult>,
  options: { onSuccess?: (result: TResult) => void; onError?: (error: unknown) => void } = {},
) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      options.onSuccess?.(result);
      await refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) void refresh();
      options.onError?.(error);
    },
  });
}

export const adminApi = {
  verifyDocument: (id: string) => apiRequest<AdminDocument>('POST', `/api/admin/documents/${id}/verify`),
  rejectDocument: (id: string, reason: string) =>
    apiRequest<AdminDocument>('POST', `/api/admin/documents/${id}/reject`, { reason }),
  scheduleInterview: (id: string, body: { interviewDate: string; notes?: string }) =>
    apiRequest<AdminDriverDetail>('POST', `/api/admin/drivers/${id}/interview`, body),
  approveDriver: (id: string, notes?: string) =>
    apiRequest<AdminDriverDetail>('POST', `/api/admin/drivers/${id}/approve`, notes ? { notes } : {}),
  rejectDriver: (id: string, reason: string) =>
    apiRequest<AdminDriverDetail>('POST', `/api/admin/drivers/${id}/reject`, { reason }),
};
