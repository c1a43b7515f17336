import { BellOff } from 'lucide-react';
import { Link } from 'wouter';
import { useSession } from '#web/lib/session.js';
import { useLinkToken } from '#web/lib/link-token.js';
import { buttonClasses } from '#web/ui/button.js';
import { LinkOutcome } from '#web/ui/link-outcome.js';

/**
 * /desabonnement?token=…: the link at the foot of an alerts e-mail. The token is posted once on arrival (a mail
 * scanner fetching the link changes nothing); no sign-in needed. Says what stopped and where to choose again.
 */
export function UnsubscribePage() {
  const { user } = useSession();
  const link = useLinkToken<{ message: string }>('/api/alerts/unsubscribe', {
    incomplete: 'Ce lien de désabonnement est incomplet.',
  });
  return (
    <LinkOutcome
      pending={link.pending}
      pendingLabel="Désabonnement…"
      failed={link.failed}
      title={link.failed ? 'Désabonnement impossible' : 'E-mails arrêtés'}
      message={link.failed ? link.message : link.data?.message}
      icon={link.failed ? undefined : BellOff}
    >
      <Link href={user ? '/alerts' : '/login'} className={buttonClasses('primary', 'md', 'mt-6')}>
        {user ? 'Alertes & Notifications' : 'Se connecter'}
      </Link>
    </LinkOutcome>
  );
}
