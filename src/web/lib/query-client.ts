import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest, demoPath, pathFromQueryKey } from './api.js';
import { isDemoFlagSet } from './storage.js';

/** Reads: the path comes from the query key; a 401 is an error unless the query asks for null. */
export function getQueryFn<T>(
  options: { on401: 'throw' | 'returnNull' } = { on401: 'throw' },
): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const path = pathFromQueryKey(queryKey);
    try {
      return await apiRequest<T>('GET', isDemoFlagSet() ? demoPath(path) : path);
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
