import { useMutation } from '@tanstack/react-query';
import type { DemoRole } from '#core/rules/demo.js';
import { useDemoSignedIn, type SessionUser } from '#web/lib/session.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { expectSignOut } from '#web/lib/query-client.js';

/** `?role=` of a shared /demo/login link, in French or in the API's words; null for anything else. */
export function roleFromSearch(search: string): DemoRole | null {
  const role = new URLSearchParams(search).get('role')?.toLowerCase();
  if (role === 'chauffeur' || role === 'driver') return 'driver';
  if (role === 'transporteur' || role === 'transporter') return 'transporter';
  return null;
}

/** What a failed door says: the server's French message (409, 429, 503), else why in the visitor's words. */
export function enterError(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof TypeError) return 'Connexion impossible : vérifiez votre réseau, puis réessayez.';
  return 'La démonstration n’a pas pu s’ouvrir. Réessayez dans un instant.';
}

/**
 * One click, no form: POST /api/demo/login opens a brand-new sandbox and signs its demo user in (a demo already
 * open is replaced), then the dashboard.
 */
export function useEnterDemo(current: SessionUser | null) {
  const signedIn = useDemoSignedIn();
  return useMutation({
    mutationFn: (role: DemoRole) => {
      // The demo being replaced ends here: the 401s of its last requests are not a session ended elsewhere.
      if (current?.isDemo) expectSignOut();
      return apiRequest<SessionUser>('POST', '/api/demo/login', { role });
    },
    onSuccess: signedIn,
  });
}
