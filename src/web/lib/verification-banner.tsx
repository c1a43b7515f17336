import { rememberPageAwaitingConfirmation } from './return-path.js';
import { useMutation } from '@tanstack/react-query';
import { MailWarning, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { Button } from '#web/ui/button.js';
import { useToast } from '#web/ui/toast.js';
import type { SessionUser } from './session.js';

/** Sends a new verification link, with the docs/specification.md §8 toasts. */
export function useResendVerification() {
  const toast = useToast();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/resend-verification', {}),
    onSuccess: () =>
      toast({
        title: 'Email envoyé',
        description: 'Un nouvel email de vérification a été envoyé à votre adresse',
        variant: 'success',
      }),
    onError: (error) =>
      toast({
        title: 'Erreur',
        description:
          error instanceof ApiError && error.message ? error.message : "Impossible d'envoyer l'email",
        variant: 'destructive',
      }),
  });
}

/**
 * Said before the click, where an action needs a confirmed address (publish, apply, first message): why, and
 * the link to ask again.
 */
export function EmailRequiredNotice({ message }: { message: string }) {
  const resend = useResendVerification();
  // The mail's link opens elsewhere: the confirmation page will offer to come back here.
  useEffect(
    () => rememberPageAwaitingConfirmation(`${window.location.pathname}${window.location.search}`),
    [],
  );
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border border-brand-500/40 bg-brand-500/10 p-4 text-sm sm:flex-row sm:items-center"
    >
      <MailWarning className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
      <p className="min-w-0 flex-1">{message}</p>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => resend.mutate()}
        disabled={resend.isPending || resend.isSuccess}
      >
        {resend.isPending ? 'Envoi...' : resend.isSuccess ? 'Lien envoyé' : 'Renvoyer le lien'}
      </Button>
    </div>
  );
}

/**
 * docs/specification.md §4/§8: shown until the address is verified, dismissible, with a resend action. Never to a demo account:
 * its address is fictional, and nothing is mailed from a demo.
 */
export function VerificationBanner({ user }: { user: SessionUser }) {
  const [dismissed, setDismissed] = useState(false);
  const resend = useResendVerification();
  if (user.emailVerified || user.isDemo || dismissed) return null;
  return (
    <div
      role="region"
      aria-label="Vérification de l'adresse email"
      className="border-b border-brand-500/40 bg-brand-500/10"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-2.5 text-sm sm:px-6">
        <MailWarning className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        <p className="min-w-56 flex-1">
          Confirmez votre adresse <strong className="[overflow-wrap:anywhere]">{user.email}</strong> grâce au
          lien reçu par email.
        </p>
        <button
          type="button"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          className="rounded-md px-2 py-1 font-semibold text-accent underline-offset-2 hover:underline disabled:opacity-60"
        >
          {resend.isPending ? 'Envoi...' : "Renvoyer l'email"}
        </button>
        <button
          type="button"
          onClick={() => setDismissed(true)}
          aria-label="Masquer ce message"
          className="rounded-md p-1 hover:bg-surface-sunken"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
