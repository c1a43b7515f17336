import { BellOff, XCircle } from 'lucide-react';
import { Link } from 'wouter';
import { useSession } from '#web/lib/session.js';
import { useLinkToken } from '#web/lib/link-token.js';
import { buttonClasses } from '#web/ui/button.js';
import { Spinner } from '#web/ui/spinner.js';

/**
 * /desabonnement?token=…: the link at the foot of an alerts e-mail. The token is posted once on arrival (a mail
 * scanner fetching the link changes nothing); no sign-in needed. Says what stopped and where to choose again.
 */
export function UnsubscribePage() {
  const { user } = useSession();
  const link = useLinkToken<{ message: string }>('/api/alerts/unsubscribe', {
    incomplete: 'Ce lien de désabonnement est incomplet.',
  });
  const { failed, message } = link;
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      {link.pending ? (
        <Spinner label="Désabonnement…" />
      ) : (
        <div className="rounded-2xl border border-line bg-surface-raised p-8">
          {failed ? (
            <XCircle className="mx-auto h-12 w-12 text-danger" aria-hidden="true" />
          ) : (
            <BellOff className="mx-auto h-12 w-12 text-success" aria-hidden="true" />
          )}
          <h1 className="mt-4 text-2xl font-extrabold">
            {failed ? 'Désabonnement impossible' : 'E-mails arrêtés'}
          </h1>
          <p role={failed ? 'alert' : 'status'} className="mt-2 break-words text-ink-muted">
            {failed ? message : link.data?.message}
          </p>
          <Link href={user ? '/alerts' : '/login'} className={buttonClasses('primary', 'md', 'mt-6')}>
            {user ? 'Alertes & Notifications' : 'Se connecter'}
          </Link>
        </div>
      )}
    </div>
  );
}
