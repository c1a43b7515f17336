import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MissionStatus } from '#core/rules/enums.js';
import type {
  AdminCancelMissionInput,
  AdminMissionDetail,
  AdminMissionList,
} from '#core/schemas/admin-missions.js';
import type { AdminOverview } from '#core/schemas/admin-overview.js';
import type { Overview as SiteOverview } from '#core/schemas/site-analytics.js';
import { apiRequest } from '#web/lib/api.js';

/** Figures and lists change without this screen: read again whenever shown, and every minute. */
const live = { staleTime: 0, refetchInterval: 60_000 } as const;

export const useAdminOverview = () =>
  useQuery<AdminOverview>({
    queryKey: ['/api/admin/overview'],
    queryFn: () => apiRequest('GET', '/api/admin/overview'),
    ...live,
  });

/** The site's audience over the last 30 days (site-analytics' own endpoint): visits → registrations. */
export const useSiteFunnel = () =>
  useQuery<SiteOverview>({
    queryKey: ['/api/admin/analytics/overview', 'home'],
    queryFn: () => apiRequest('GET', '/api/admin/analytics/overview'),
    staleTime: 5 * 60_000,
  });

/** The list's filters, as they sit in the page's address. */
export interface MissionFilter {
  q: string;
  status: MissionStatus | '';
  dateField: 'created' | 'start';
  from: string;
  to: string;
  urgent: '' | 'true' | 'false';
  companyId: string;
  driverId: string;
  page: number;
}

export const NO_FILTER: MissionFilter = {
  q: '',
  status: '',
  dateField: 'created',
  from: '',
  to: '',
  urgent: '',
  companyId: '',
  driverId: '',
  page: 1,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const STATUSES: readonly string[] = [
  'available',
  'assigned',
  'in_progress',
  'delivered',
  'completed',
  'cancelled',
];

/** Reads the filters from the address; anything unknown is left out rather than sent to be refused. */
export function filterFromSearch(params: URLSearchParams): MissionFilter {
  const get = (key: string) => params.get(key) ?? '';
  const page = Number(get('page'));
  const status = get('status');
  const urgent = get('urgent');
  return {
    q: get('q').slice(0, 100),
    status: STATUSES.includes(status) ? (status as MissionStatus) : '',
    dateField: get('dateField') === 'start' ? 'start' : 'created',
    from: DAY.test(get('from')) ? get('from') : '',
    to: DAY.test(get('to')) ? get('to') : '',
    urgent: urgent === 'true' || urgent === 'false' ? urgent : '',
    companyId: UUID.test(get('companyId')) ? get('companyId') : '',
    driverId: UUID.test(get('driverId')) ? get('driverId') : '',
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** The address for these filters: only what differs from the defaults. */
export function searchForFilter(filter: MissionFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === NO_FILTER[key as keyof MissionFilter]) continue;
    params.set(key, String(value));
  }
  return params;
}

export const useAdminMissions = (filter: MissionFilter) => {
  const query = searchForFilter({ ...filter, q: filter.q.trim() });
  if (filter.from || filter.to) query.set('dateField', filter.dateField);
  const path = `/api/admin/missions${query.size ? `?${query.toString()}` : ''}`;
  return useQuery<AdminMissionList>({
    queryKey: ['/api/admin/missions', 'list', path],
    queryFn: () => apiRequest('GET', path),
    placeholderData: keepPreviousData,
    ...live,
  });
};

export const useAdminMission = (id: string) =>
  useQuery<AdminMissionDetail>({
    queryKey: ['/api/admin/missions', id],
    queryFn: () => apiRequest('GET', `/api/admin/missions/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

export function useCancelMission(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminCancelMissionInput) =>
      apiRequest<AdminMissionDetail>('POST', `/api/admin/missions/${encodeURIComponent(id)}/cancel`, input),
    onSuccess: async (detail) => {
      queryClient.setQueryData(['/api/admin/missions', id], detail);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/admin/missions'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/overview'] }),
      ]);
    },
  });
}
