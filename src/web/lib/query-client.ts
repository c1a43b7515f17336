import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest, demoPath, pathFromQueryKey } from './api.js';
import { adoptOfflineAccount } from './offline/account.js';
import { eraseOfflineCopies, readCopy, saveCopy } from './offline/copies.js';
import { reportAnswered, reportFromCopy, reportNoNetwork } from './offline/network.js';
import { isDemoFlagSet } from './storage.js';

/**
 * GET of the path a query key names (its /api/demo twin in demo mode). The reads a driver needs without network are
 * kept on the phone as they arrive, and answered from there when the network is missing (decision 055).
 */
export async function fetchQueryKey<T>(queryKey: readonly unknown[]): Promise<T> {
  const path = pathFromQueryKey(queryKey);
  if (isDemoFlagSet()) return apiRequest<T>('GET', demoPath(path));
  let data: T;
  try {
    data = await apiRequest<T>('GET', path);
  } catch (error) {
    if (!(error instanceof TypeError)) {
      if (error instanceof ApiError) reportAnswered();
      throw error;
    }
    reportNoNetwork();
    const copy = await readCopy(path);
    if (!copy) throw error;
    reportFromCopy(path, copy.savedAt);
    return copy.data as T;
  }
  reportAnswered(path);
  const id = path === ME_KEY[0] ? (data as { id?: unknown } | null)?.id : undefined;
  // The phone's storage never holds up a page: the copy is written beside it.
  if (typeof id === 'string') void adoptOfflineAccount(id).then(() => saveCopy(path, data));
  else void saveCopy(path, data);
  return data;
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

/** The current user's query (docs/specification.md §7 GET /api/auth/me). */
export const ME_KEY = ['/api/auth/me'] as const;
/** Told to the screens when the session ended elsewhere (another device, a password change): they say so. */
export const SESSION_ENDED_EVENT = 'relais:session-ended';

let signingOutUntil = 0;
/** This tab is ending its own session (logout, account deleted): the end that follows is not news to tell. */
export function expectSignOut(): void {
  signingOutUntil = Date.now() + 10_000;
}

/** Says once, on the screens, that the session ended elsewhere — unless this tab ended it itself. */
export function announceSessionEnded(): void {
  if (Date.now() < signingOutUntil || typeof window === 'undefined') return;
  window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

/** docs/specification.md §9: data never stale, no refetch on focus, no retries. */
export function createQueryClient(): QueryClient {
  // A 401 while the app believes someone is signed in: the session ended elsewhere. The app goes back to its
  // signed-out state at once (the router then leaves the user area), instead of showing empty screens.
  const onError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401 || !client.getQueryData(ME_KEY)) return;
    client.setQueryData(ME_KEY, null);
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
    void eraseOfflineCopies();
    announceSessionEnded();
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn(),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: false,
        // Without network, reads still run: they are answered from the offline copy (decision 055).
        networkMode: 'always',
      },
      // Actions are not held by the library while offline: those that can wait are queued (lib/offline/outbox).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return client;
}
