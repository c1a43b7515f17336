import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { ApiError, apiRequest } from './api.js';

/**
 * A page opened from an e-mail link (`?token=…`): the token is sent once, by POST on arrival (so that mail
 * scanners fetching the link cannot spend it), and the page says what happened.
 */
export function useLinkToken<T>(
  path: string,
  { incomplete, onSuccess }: { incomplete: string; onSuccess?: (answer: T) => void },
) {
  const token = new URLSearchParams(useSearch()).get('token');
  const spend = useMutation({
    mutationFn: (value: string) => apiRequest<T>('POST', path, { token: value }),
    onSuccess,
  });
  const started = useRef(false);
  useEffect(() => {
    if (token && !started.current) {
      started.current = true;
      spend.mutate(token);
    }
  }, [token, spend]);
  const pending = spend.isPending || Boolean(token && spend.isIdle);
  const failed = !token || spend.isError;
  const message = !token
    ? incomplete
    : spend.error instanceof ApiError
      ? spend.error.message
      : 'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.';
  return { pending, failed, message, data: spend.data };
}
