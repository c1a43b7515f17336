import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { PublicUser } from '#core/schemas/users.js';
import { apiRequest } from '#web/lib/api.js';
import { disablePush } from '#web/lib/notifications.js';
import { announceSessionEnded, expectSignOut, getQueryFn, ME_KEY } from '#web/lib/query-client.js';
import { eraseOfflineData } from '#web/lib/offline/account.js';
import { eraseOfflineCopies } from '#web/lib/offline/copies.js';
import { STORAGE_KEYS, isDemoFlagSet, writeStorage } from '#web/lib/storage.js';
import { takeReturnPath } from './return-path.js';
import { homeFor } from './route-rules.js';

export type SessionUser = PublicUser;
export { ME_KEY };
const DEMO_PAGES = ['/demo', '/demo/login'];

/**
 * docs/specification.md §4: on load the current user is fetched, then loading ends; a failed check leaves the user
 * signed out (and is logged). On demo pages with the demo flag, the demo twin answers.
 */
export function useSession(): { user: SessionUser | null; isLoading: boolean; offline: boolean } {
  const [location] = useLocation();
  const onDemoPage = DEMO_PAGES.includes(location);
  const queryClient = useQueryClient();
  const query = useQuery<SessionUser | null>({
    queryKey: ME_KEY,
    queryFn: async (context) => {
      const path = onDemoPage && isDemoFlagSet() ? '/api/demo/me' : '/api/auth/me';
      try {
        const user =
          (await getQueryFn<SessionUser>({ on401: 'returnNull' })({ ...context, queryKey: [path] })) ?? null;
        // Signed in a moment ago, signed out now without logging out here: the session ended elsewhere.
        if (!user && queryClient.getQueryData(ME_KEY)) announceSessionEnded();
        // Nobody signed in on this device: no copy of anyone is readable (what a member queued waits for them).
        if (!user) void eraseOfflineCopies();
        return user;
      } catch (error) {
        console.warn('Vérification de la session impossible', error);
        writeStorage(STORAGE_KEYS.isDemo, null);
        // No network at all: say so rather than pretend the user is signed out.
        if (error instanceof TypeError) throw error;
        return null;
      }
    },
  });
  const user = query.data ?? null;

  useEffect(() => {
    if (user?.isDemo && onDemoPage) writeStorage(STORAGE_KEYS.isDemo, 'true');
    else if (!user?.isDemo) writeStorage(STORAGE_KEYS.isDemo, null);
  }, [user, onDemoPage]);

  return { user, isLoading: query.isLoading, offline: query.error instanceof TypeError };
}

/**
 * Signs in, stores the user, and goes to the page asked for before signing in (a shared mission, an e-mail's
 * link), else to /dashboard; an administrator to /admin.
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return (user: SessionUser) => {
    // What was read as a visitor (a mission without its addresses, say) is not what this user may see.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
    queryClient.setQueryData(ME_KEY, user);
    const back = takeReturnPath();
    navigate(user.isAdmin ? homeFor(user) : (back ?? homeFor(user)), { replace: true });
  };
}

/**
 * A demo account just opened from /demo or /demo/login (decision 022). Its answer is the current user, given on a demo
 * page, so the demo flag is set here (docs/specification.md §4): the effect of useSession would only see /dashboard, where the
 * user is taken at once. Always /dashboard: a page remembered for a real account is not the demo's.
 */
export function useDemoSignedIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return (user: SessionUser) => {
    if (user.isDemo) writeStorage(STORAGE_KEYS.isDemo, 'true');
    // Another demo replaced, or a visitor's answers: nothing read before belongs to this sandbox.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
    queryClient.setQueryData(ME_KEY, user);
    navigate('/dashboard', { replace: true });
  };
}

/** Whether the signed-in user is a demo account: what it may not do is shown disabled, with the reason. */
export function useIsDemo(): boolean {
  return useSession().user?.isDemo === true;
}

/**
 * Logs out on the server (demo users through their own endpoint), forgets every cached answer, goes to
 * `destination` (/ unless said: /register from the demo's « Créer un compte », say).
 */
export function useLogout(destination = '/') {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async (user: SessionUser | null) => {
      expectSignOut();
      // This device stops receiving the user's notifications before the session ends.
      await disablePush();
      await apiRequest('POST', user?.isDemo ? '/api/demo/logout' : '/api/auth/logout');
    },
    onSettled: async () => {
      writeStorage(STORAGE_KEYS.isDemo, null);
      // The offline copy and what waited for the network belong to the account that leaves.
      await eraseOfflineData();
      // The current user's query is kept, emptied: its screens hear of it even when the address stays the same
      // (logging out from /demo to /demo). A query cleared away would leave them showing the user signed in.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
      queryClient.setQueryData(ME_KEY, null);
      navigate(destination, { replace: true });
    },
  });
}
