import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BugCategory, BugPriority, BugStatus } from '#core/rules/bug-reports.js';
import type { AdminBugReport, AdminBugReportList, AdminBugReportUpdate } from '#core/schemas/bug-reports.js';
import { apiRequest } from '#web/lib/api.js';

export interface BugReportFilter {
  status: BugStatus | '';
  priority: BugPriority | '';
  category: BugCategory | '';
  q: string;
  page: number;
}

/** Every report, open ones first: the page's first view and the menu's badge share this answer. */
export const ALL_BUG_REPORTS: BugReportFilter = { status: '', priority: '', category: '', q: '', page: 1 };

const LIST = '/api/admin/bug-reports';
/** The list is read again every minute while the back office is open (new reports arrive). */
const live = { staleTime: 0, refetchInterval: 60_000 } as const;

/** The reports for /admin/signalements, filtered, with the count of each status and the open ones. */
export function useAdminBugReports(filter: BugReportFilter = ALL_BUG_REPORTS) {
  return useQuery<AdminBugReportList>({
    queryKey: [LIST, { ...filter, q: filter.q.trim() }],
    placeholderData: keepPreviousData,
    ...live,
  });
}

/** One report with its internal notes. */
export function useAdminBugReport(id: string | null) {
  return useQuery<AdminBugReport>({ queryKey: [LIST, id], enabled: id !== null });
}

/** Saves an administrator's change; the list and its counts are read again. */
export function useUpdateBugReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AdminBugReportUpdate }) =>
      apiRequest<AdminBugReport>('PATCH', `${LIST}/${id}`, changes),
    onSuccess: (report) => queryClient.setQueryData([LIST, report.id], report),
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === LIST && typeof query.queryKey[1] === 'object',
      }),
  });
}
