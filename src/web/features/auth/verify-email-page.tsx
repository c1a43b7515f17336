import { useEffect, useState } from 'react';
import { forgetPageAwaitingConfirmation, pageAwaitingConfirmation } from '#web/lib/return-path.js';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'wouter';
import { ME_KEY, useSession, type SessionUser } from '#web/lib/session.js';
import { useLinkToken } from '#web/lib/link-token.js';
import { useResendVerification } from '#web/lib/verification-banner.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { Spinner } from '#web/ui/spinner.js';

/** Consumes the token of the e-mail link once (POST, so that mail scanners cannot spend it). */
export function VerifyEmailPage() {
  const queryClient = useQueryClient();
  const verify = useLinkToken<{ message: string; user: SessionUser }>('/api/auth/verify-email', {
    incomplete: 'Ce lien de vérification est incomplet.',
    onSuccess: ({ user }) => {
      const current = queryClient.getQueryData<SessionUser | null>(ME_KEY);
      if (current?.id === user.id) queryClient.setQueryData(ME_KEY, user);
    },
  });
  const { failed, message } = verify;
  const { user } = useSession();
  const resend = useResendVerification();
  // The page that waited for this confirmation (a mission to apply to), opened in another tab before.
  const [waiting, setWaiting] = useState<string | null>(null);
  useEffect(() => setWaiting(pageAwaitingConfirmation()), []);
  // The link opened again by someone whose address is confirmed already: nothing went wrong.
  const alreadyDone = failed && Boolean(user?.emailVerified);

  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      {verify.pending ? (
        <Spinner label="Vérification de votre adresse email…" />
      ) : alreadyDone ? (
        <div className="rounded-2xl border border-line bg-surface-raised p-8">
          <CheckCircle2 className="mx-auto h-12 w-12 text-success" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-extrabold">Adresse déjà confirmée</h1>
          <p role="status" className="mt-2 text-ink-muted">
            Votre adresse email est déjà confirmée : ce lien n’a plus d’usage.
          </p>
          <Link href="/dashboard" className={buttonClasses('primary', 'md', 'mt-6')}>
            Aller à mon espace
          </Link>
        </div>
      ) : failed ? (
        <div className="rounded-2xl border border-line bg-surface-raised p-8">
          <XCircle className="mx-auto h-12 w-12 text-danger" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-extrabold">Vérification impossible</h1>
          <p role="alert" className="mt-2 text-ink-muted">
            {message}
          </p>
          {user ? (
            <Button
              className="mt-6"
              onClick={() => resend.mutate()}
              disabled={resend.isPending || resend.isSuccess}
            >
              {resend.isSuccess ? 'Lien envoyé' : resend.isPending ? 'Envoi...' : 'Recevoir un nouveau lien'}
            </Button>
          ) : (
            <Link href="/login" className={buttonClasses('primary', 'md', 'mt-6')}>
              Se connecter
            </Link>
          )}
        </div>
      ) : (
        <div className="rounded-2xl border border-line bg-surface-raised p-8">
          <CheckCircle2 className="mx-auto h-12 w-12 text-success" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-extrabold">Adresse vérifiée</h1>
          <p role="status" className="mt-2 text-ink-muted">
            {verify.data?.message}
          </p>
          {waiting ? (
            <Link
              href={waiting}
              onClick={forgetPageAwaitingConfirmation}
              className={buttonClasses('primary', 'md', 'mt-6')}
            >
              Reprendre là où vous en étiez
            </Link>
          ) : (
            <Link href="/dashboard" className={buttonClasses('primary', 'md', 'mt-6')}>
              Aller à mon espace
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
