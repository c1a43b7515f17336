import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { ME_KEY, useSession, type SessionUser } from '#web/app/session.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { buttonClasses } from '#web/ui/button.js';
import { Spinner } from '#web/ui/spinner.js';

/** /confirmer-email?token=…: the link sent to a new address; the change happens here (POST, once). */
export function ConfirmEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const queryClient = useQueryClient();
  const { user } = useSession();
  const confirm = useMutation({
    mutationFn: (value: string) =>
      apiRequest<{ message: string; user: SessionUser }>('POST', '/api/account/email/confirm', {
        token: value,
      }),
    onSuccess: ({ user }) => {
      const current = queryClient.getQueryData<SessionUser | null>(ME_KEY);
      if (current?.id === user.id) queryClient.setQueryData(ME_KEY, user);
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (token && !started.current) {
      started.current = true;
      confirm.mutate(token);
    }
  }, [token, confirm]);
  const failed = !token || confirm.isError;
  const message = !token
    ? 'Ce lien est incomplet.'
    : confirm.error instanceof ApiError
      ? confirm.error.message
      : 'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.';
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      {confirm.isPending || (token && confirm.isIdle) ? (
        <Spinner label="Confirmation de votre nouvelle adresse…" />
      ) : (
        <div className="rounded-2xl border border-line bg-surface-raised p-8">
          {failed ? (
            <XCircle className="mx-auto h-12 w-12 text-danger" aria-hidden="true" />
          ) : (
            <CheckCircle2 className="mx-auto h-12 w-12 text-success" aria-hidden="true" />
          )}
          <h1 className="mt-4 text-2xl font-extrabold">
            {failed ? 'Confirmation impossible' : 'Adresse confirmée'}
          </h1>
          <p role={failed ? 'alert' : 'status'} className="mt-2 break-words text-ink-muted">
            {failed ? message : confirm.data?.message}
          </p>
          {!failed && <p className="mt-2 break-all font-semibold">{confirm.data?.user.email}</p>}
          <Link href={user ? '/parametres' : '/login'} className={buttonClasses('primary', 'md', 'mt-6')}>
            {user ? 'Mes paramètres' : 'Se connecter'}
          </Link>
        </div>
      )}
    </div>
  );
}
