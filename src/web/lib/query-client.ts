import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest, demoPath, pathFromQueryKey } from './api.js';
import { isDemoFlagSet } from './storage.js';

/** GET of the path a query key names (its /api/demo twin in demo mode). */
export function fetchQueryKey<T>(queryKey: readonly unknown[]): Promise<T> {
  const path = pathFromQueryKey(queryKey);
  return apiRequest<T>('GET', isDemoFlagSet() ? demoPath(path) : path);
}

/** Reads: the path comes from the query key; a 401 is an error unless the query asks for null. */
export function getQueryFn<T>(
  options: { on401: 'throw' | 'returnNull' } = { on401: 'throw' },
): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await fetchQueryKey<T>(queryKey);
    } catch (error) {
      if (options.on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

/** SPEC.md §9: data never stale, no refetch on focus, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn(),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
