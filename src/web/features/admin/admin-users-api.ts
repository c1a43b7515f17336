import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_PLANS, type SubscriptionPlan } from '#core/rules/enums.js';
import type { Role } from '#core/rules/roles.js';
import {
  USER_STATUS_FILTERS,
  type AdminUserDetail,
  type AdminUserList,
  type UserStatusFilter,
} from '#core/schemas/admin-users.js';
import { ApiError, apiRequest } from '#web/lib/api.js';

/** The list's filters, as they sit in the page's address (a link shares them). */
export interface UserFilter {
  q: string;
  role: Role | '';
  plan: SubscriptionPlan | '';
  status: UserStatusFilter | '';
  verified: '' | 'true' | 'false';
  demo: '' | 'true' | 'false';
  createdFrom: string;
  createdTo: string;
  page: number;
}

export const NO_USER_FILTER: UserFilter = {
  q: '',
  role: '',
  plan: '',
  status: '',
  verified: '',
  demo: '',
  createdFrom: '',
  createdTo: '',
  page: 1,
};

const PAGE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(value: string, allowed: readonly T[]): T | '' =>
  (allowed as readonly string[]).includes(value) ? (value as T) : '';

/** Reads the filters from the address; anything unknown is left out rather than sent to be refused. */
export function userFilterFromSearch(params: URLSearchParams): UserFilter {
  const get = (key: string) => params.get(key) ?? '';
  const page = Number(get('page'));
  return {
    q: get('q').slice(0, 100),
    role: oneOf(get('role'), ['driver', 'transporter', 'admin'] as const),
    plan: oneOf(get('plan'), SUBSCRIPTION_PLANS),
    status: oneOf(get('status'), USER_STATUS_FILTERS),
    verified: oneOf(get('verified'), ['true', 'false'] as const),
    demo: oneOf(get('demo'), ['true', 'false'] as const),
    createdFrom: DAY.test(get('createdFrom')) ? get('createdFrom') : '',
    createdTo: DAY.test(get('createdTo')) ? get('createdTo') : '',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address for these filters: only what differs from the defaults. */
export function searchForUserFilter(filter: UserFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === NO_USER_FILTER[key as keyof UserFilter]) continue;
    params.set(key, String(value));
  }
  return params;
}

/** Accounts change without this screen (people register, other administrators act): read again when shown. */
const live = { staleTime: 0, refetchInterval: 60_000 } as const;

const userKeys = {
  all: ['/api/admin/users'] as const,
  detail: (id: string) => ['/api/admin/users', id] as const,
};

export const useAdminUsers = (filter: UserFilter) => {
  const query = searchForUserFilter({ ...filter, q: filter.q.trim() });
  query.set('pageSize', String(PAGE_SIZE));
  const path = `/api/admin/users?${query.toString()}`;
  return useQuery<AdminUserList>({
    queryKey: [...userKeys.all, 'list', path],
    queryFn: () => apiRequest('GET', path),
    placeholderData: keepPreviousData,
    ...live,
  });
};

export const useAdminUser = (id: string) =>
  useQuery<AdminUserDetail>({
    queryKey: userKeys.detail(id),
    queryFn: () => apiRequest('GET', `/api/admin/users/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

const userPath = (id: string, action: string) => `/api/admin/users/${encodeURIComponent(id)}/${action}`;

export const userAdminApi = {
  deactivate: (id: string, reason: string) =>
    apiRequest<{ message: string; underway: AdminUserDetail['underway'] }>(
      'POST',
      userPath(id, 'deactivate'),
      { reason },
    ),
  reactivate: (id: string, reason: string) =>
    apiRequest<{ message: string }>('POST', userPath(id, 'reactivate'), { reason: reason || null }),
  resendVerification: (id: string) =>
    apiRequest<{ message: string }>('POST', userPath(id, 'resend-verification')),
  markDemo: (id: string) => apiRequest<{ message: string }>('POST', userPath(id, 'demo')),
  unmarkDemo: (id: string) => apiRequest<{ message: string }>('DELETE', userPath(id, 'demo')),
};

/**
 * An action on the account: the member's page and the lists are read again afterwards, also when refused for a
 * change made meanwhile (another administrator, the person deleting their account).
 */
export function useUserAction<TVariables, TResult>(
  id: string,
  request: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/subscriptions'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/overview'] }),
    ]);
  return useMutation({
    mutationKey: ['admin-user-action', id],
    mutationFn: request,
    onSuccess: refresh,
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) void refresh();
    },
  });
}
