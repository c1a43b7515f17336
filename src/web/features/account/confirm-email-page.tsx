import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'wouter';
import { ME_KEY, useSession, type SessionUser } from '#web/lib/session.js';
import { useLinkToken } from '#web/lib/link-token.js';
import { buttonClasses } from '#web/ui/button.js';
import { Spinner } from '#web/ui/spinner.js';

/** /confirmer-email?token=…: the link sent to a new address; the change happens here (POST, once). */
export function ConfirmEmailPage() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const link = useLinkToken<{ message: string; user: SessionUser }>('/api/account/email/confirm', {
    incomplete: 'Ce lien est incomplet.',
    onSuccess: (answer) => {
      const current = queryClient.getQueryData<SessionUser | null>(ME_KEY);
      if (current?.id === answer.user.id) queryClient.setQueryData(ME_KEY, answer.user);
    },
  });
  const { failed, message } = link;
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      {link.pending ? (
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
            {failed ? message : link.data?.message}
          </p>
          {!failed && <p className="mt-2 break-all font-semibold">{link.data?.user.email}</p>}
          <Link href={user ? '/parametres' : '/login'} className={buttonClasses('primary', 'md', 'mt-6')}>
            {user ? 'Mes paramètres' : 'Se connecter'}
          </Link>
        </div>
      )}
    </div>
  );
}
