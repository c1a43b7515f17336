import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ME_KEY, useSession, type SessionUser } from '#web/lib/session.js';
import { useLinkToken } from '#web/lib/link-token.js';
import { buttonClasses } from '#web/ui/button.js';
import { LinkOutcome } from '#web/ui/link-outcome.js';

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
    <LinkOutcome
      pending={link.pending}
      pendingLabel="Confirmation de votre nouvelle adresse…"
      failed={failed}
      title={failed ? 'Confirmation impossible' : 'Adresse confirmée'}
      message={failed ? message : link.data?.message}
    >
      {!failed && <p className="mt-2 break-all font-semibold">{link.data?.user.email}</p>}
      <Link href={user ? '/parametres' : '/login'} className={buttonClasses('primary', 'md', 'mt-6')}>
        {user ? 'Mes paramètres' : 'Se connecter'}
      </Link>
    </LinkOutcome>
  );
}
