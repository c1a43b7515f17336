import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplyResult,
  AvailabilityDay,
  Calendar,
  CalendarSettings,
  DriverSearchResult,
  IcsCreated,
} from '#core/schemas/availability.js';
import type { DeclaredDay, DeclaredDrivingList } from '#core/schemas/declared-driving.js';
import { apiRequest, type QueryParams } from '#web/lib/api.js';
import { fetchQueryKey } from '#web/lib/query-client.js';

/** Query keys are the API paths: the default query function builds each path from its key. */
const availabilityKeys = {
  all: ['/api/availability'] as const,
  range: (from: string, to: string) => ['/api/availability', { from, to }] as const,
  settings: ['/api/availability/settings'] as const,
  drivers: (params: QueryParams) => ['/api/availability/drivers', params] as const,
  declared: ['/api/availability/driving'] as const,
};

/** GET /api/availability/driving: « Conduite hors Relais », the days still declarable and those declared. */
export const useDeclaredDriving = () =>
  useQuery<DeclaredDrivingList>({ queryKey: availabilityKeys.declared });

/**
 * A change to the declared driving: the list is read again, and so are the verdicts the missions' sheets and the
 * applications show (they count it).
 */
export const DECLARED_REFRESH = [
  availabilityKeys.declared,
  ['/api/missions'],
  ['/api/applications/mine'],
] as const;

/** GET /api/availability: the days set and the missions between two days (62 at most). */
export const useCalendar = (from: string, to: string) =>
  useQuery<Calendar>({ queryKey: availabilityKeys.range(from, to), placeholderData: (previous) => previous });

export const useCalendarSettings = () => useQuery<CalendarSettings>({ queryKey: availabilityKeys.settings });

export interface DayInput {
  status: AvailabilityDay['status'];
  startTime?: string | null;
  endTime?: string | null;
  notes?: string | null;
}

export const availabilityApi = {
  setDay: (date: string, input: DayInput) =>
    apiRequest<AvailabilityDay>('PUT', `/api/availability/${date}`, input),
  clearDay: (date: string) => apiRequest<void>('DELETE', `/api/availability/${date}`),
  pattern: (input: {
    from: string;
    to: string;
    weekdays: number[];
    startTime: string | null;
    endTime: string | null;
    othersUnavailable: boolean;
  }) => apiRequest<ApplyResult>('POST', '/api/availability/pattern', input),
  holidays: (input: { from: string; to: string; notes: string | null }) =>
    apiRequest<ApplyResult>('POST', '/api/availability/holidays', input),
  visibility: (visibleToTransporters: boolean) =>
    apiRequest<CalendarSettings>('PUT', '/api/availability/settings', { visibleToTransporters }),
  createIcs: () => apiRequest<IcsCreated>('POST', '/api/availability/ics'),
  revokeIcs: () => apiRequest<void>('DELETE', '/api/availability/ics'),
  declare: (date: string, input: { drivingMinutes: number; note: string | null }) =>
    apiRequest<DeclaredDay>('PUT', `/api/availability/driving/${date}`, input),
  clearDeclared: (date: string) => apiRequest<void>('DELETE', `/api/availability/driving/${date}`),
};

/**
 * A change to the calendar: what it changes is read again once it is done — by default every range shown and the
 * settings.
 */
export function useAvailabilityMutation<TInput, TResult>(
  run: (input: TInput) => Promise<TResult>,
  options: { onSuccess?: (result: TResult) => void; onError?: (error: Error) => void } = {},
  refresh: ReadonlyArray<readonly unknown[]> = [availabilityKeys.all, availabilityKeys.settings],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (result) => {
      await Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey })));
      options.onSuccess?.(result);
    },
    onError: options.onError,
  });
}

/** The page after `last`, if the search found more drivers than the pages read so far hold. */
export const nextDriverPage = (last: Pick<DriverSearchResult, 'page' | 'pageSize' | 'total'>) =>
  last.page * last.pageSize < last.total ? last.page + 1 : undefined;

/**
 * GET /api/availability/drivers (transporters): the first page, then the next ones on demand (« Voir plus de
 * chauffeurs »), appended.
 */
export const useDriverSearch = (params: QueryParams | null) =>
  useInfiniteQuery({
    queryKey: availabilityKeys.drivers(params ?? {}),
    queryFn: ({ pageParam }) =>
      fetchQueryKey<DriverSearchResult>(availabilityKeys.drivers({ ...params, page: pageParam })),
    initialPageParam: 1,
    getNextPageParam: nextDriverPage,
    enabled: params !== null,
    placeholderData: (previous) => previous,
  });
