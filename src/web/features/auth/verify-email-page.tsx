import { useEffect, useState } from 'react';
import {
  forgetPageAwaitingConfirmation,
  pageAwaitingConfirmation,
  rememberReturnPath,
} from '#web/lib/return-path.js';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ME_KEY, useSession, useSignedIn, type SessionUser } from '#web/lib/session.js';
import { trackEvent } from '#web/lib/site-analytics.js';
import { useLinkToken } from '#web/lib/link-token.js';
import { useResendVerification } from '#web/lib/verification-banner.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { LinkOutcome } from '#web/ui/link-outcome.js';
import { useToast } from '#web/ui/toast.js';

/**
 * Consumes the token of the e-mail link once (POST, so that mail scanners cannot spend it). A sign-up's link creates
 * the account and signs this browser in (decision 039): the person goes on as after signing in — to the page they
 * had asked for, else their space; the link of an existing account confirms its address here.
 */
export function VerifyEmailPage() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const signedIn = useSignedIn();
  const verify = useLinkToken<{ message: string; user: SessionUser; accountCreated: boolean }>(
    '/api/auth/verify-email',
    {
      incomplete: 'Ce lien de vérification est incomplet.',
      onSuccess: ({ message, user, accountCreated }) => {
        if (accountCreated) {
          // Counted as a conversion only with the visitor's consent (web/lib/site-analytics.ts).
          trackEvent('sign_up', { label: user.userType });
          toast({ title: 'Compte créé', description: message, variant: 'success' });
          // The page remembered when signing up (the link may have opened in another tab) is where signing in leads.
          const waiting = pageAwaitingConfirmation();
          forgetPageAwaitingConfirmation();
          if (waiting) rememberReturnPath(waiting);
          signedIn(user);
          return;
        }
        const current = queryClient.getQueryData<SessionUser | null>(ME_KEY);
        if (current?.id === user.id) queryClient.setQueryData(ME_KEY, user);
      },
    },
  );
  const { failed, message } = verify;
  const { user } = useSession();
  const resend = useResendVerification();
  // The page that waited for this confirmation (a mission to apply to), opened in another tab before.
  const [waiting, setWaiting] = useState<string | null>(null);
  useEffect(() => setWaiting(pageAwaitingConfirmation()), []);
  // The link opened again by someone whose address is confirmed already: nothing went wrong.
  const alreadyDone = failed && Boolean(user?.emailVerified);

  const title = alreadyDone
    ? 'Adresse déjà confirmée'
    : failed
      ? 'Vérification impossible'
      : 'Adresse vérifiée';
  return (
    <LinkOutcome
      pending={verify.pending}
      pendingLabel="Vérification de votre adresse email…"
      failed={failed && !alreadyDone}
      title={title}
      message={
        alreadyDone
          ? 'Votre adresse email est déjà confirmée : ce lien n’a plus d’usage.'
          : failed
            ? message
            : verify.data?.message
      }
    >
      {alreadyDone ? (
        <Link href="/dashboard" className={buttonClasses('primary', 'md', 'mt-6')}>
          Aller à mon espace
        </Link>
      ) : failed ? (
        user ? (
          <Button
            className="mt-6"
            onClick={() => resend.mutate()}
            disabled={resend.isPending || resend.isSuccess}
          >
            {resend.isSuccess ? 'Lien envoyé' : resend.isPending ? 'Envoi...' : 'Recevoir un nouveau lien'}
          </Button>
        ) : (
          // Signed out: an account's link (sign in to ask for another) or a sign-up's (sign up again).
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link href="/login" className={buttonClasses('primary', 'md')}>
              Se connecter
            </Link>
            <Link href="/register" className={buttonClasses('secondary', 'md')}>
              Créer un compte
            </Link>
          </div>
        )
      ) : waiting ? (
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
    </LinkOutcome>
  );
}
