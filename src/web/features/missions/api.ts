import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Application, Mission, MissionDetail, MissionPage } from '#core/schemas/missions.js';
import { ApiError, apiRequest, type QueryParams } from '#web/lib/api.js';
import { sendOrQueue } from '#web/lib/offline/outbox.js';
import { missionGroup } from './delivery-api.js';
import { TEMPLATES_KEY } from './recurring-api.js';

/** The driver's missions list, as « Mes missions » asks for it (and kept ahead offline). */
export const ACTIVE_STATUSES = 'available,assigned,in_progress,delivered';

/** Query keys: the default query function builds each path from its key (docs/specification.md §7). */
export const missionKeys = {
  search: (params: QueryParams) => ['/api/missions/search', params] as const,
  mine: (params: QueryParams = {}) => ['/api/missions', params] as const,
  detail: (id: string) => ['/api/missions', id] as const,
  applications: ['/api/applications/mine'] as const,
  stats: ['/api/dashboard/stats'] as const,
};

export const useMissionSearch = (params: QueryParams) =>
  useQuery<MissionPage>({ queryKey: missionKeys.search(params), placeholderData: (previous) => previous });

export const useMyMissions = (params: QueryParams = {}) =>
  useQuery<Mission[]>({ queryKey: missionKeys.mine(params) });

export const useMission = (id: string) => useQuery<MissionDetail>({ queryKey: missionKeys.detail(id) });

export const useMyApplications = (enabled = true) =>
  useQuery<{ items: Application[]; quota: { used: number; limit: number | null; left: number | null } }>({
    queryKey: missionKeys.applications,
    enabled,
  });

/** After any change to missions or applications, everything that shows them is read again. */
export function useMissionMutation<TVariables, TResult = unknown>(
  request: (variables: TVariables) => Promise<TResult>,
  options: { onSuccess?: (result: TResult) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['/api/missions'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/missions/search'] }),
      queryClient.invalidateQueries({ queryKey: missionKeys.applications }),
      queryClient.invalidateQueries({ queryKey: missionKeys.stats }),
      queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
    ]);
  return useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      await refresh();
      options.onSuccess?.(result);
    },
    onError: (error) => {
      // Refused because things changed meanwhile (taken, limit reached…): show the current state.
      if (error instanceof ApiError && (error.status === 402 || error.status === 409)) void refresh();
      options.onError?.(error);
    },
  });
}

export const missionApi = {
  /** Without network, the start waits on the phone and is sent, dated, when it comes back (decision 055). */
  start: (id: string) =>
    sendOrQueue<MissionDetail>({
      method: 'POST',
      path: `/api/missions/${id}/start`,
      body: {},
      label: 'Début de la mission',
      group: missionGroup(id),
      timeField: 'at',
    }),
  create: (body: unknown) => apiRequest<MissionDetail>('POST', '/api/missions', body),
  update: (id: string, body: unknown) => apiRequest<MissionDetail>('PUT', `/api/missions/${id}`, body),
  act: (id: string, action: string, reason?: string) =>
    apiRequest<MissionDetail>('POST', `/api/missions/${id}/${action}`, reason ? { reason } : {}),
  apply: (id: string, message: string, confirmUnavailable = false) =>
    apiRequest<Application>('POST', `/api/missions/${id}/apply`, {
      message,
      ...(confirmUnavailable ? { confirmUnavailable } : {}),
    }),
  decide: (applicationId: string, decision: 'accept' | 'reject' | 'withdraw', overrideReason?: string) =>
    apiRequest<{ message: string }>(
      'POST',
      `/api/applications/${applicationId}/${decision}`,
      overrideReason ? { overrideReason } : undefined,
    ),
};
