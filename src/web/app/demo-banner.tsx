import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { demoMessages } from '#core/rules/demo.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { Button } from '#web/ui/button.js';
import { useToast } from '#web/ui/toast.js';
import { ME_KEY, useLogout, type SessionUser } from '#web/lib/session.js';

/** The server's own words (its body's `message`), else docs/specification.md §8's 'Échec de la réinitialisation'. */
function resetFailure(error: unknown): string {
  const message = error instanceof ApiError ? (error.body as { message?: unknown } | null)?.message : null;
  return typeof message === 'string' && message ? message : demoMessages.resetFailed;
}

/**
 * POST /api/demo/reset: the sandbox is back as it was given, so every answer cached is refreshed (docs/specification.md §7),
 * with the toasts of §8. The cache is emptied rather than marked stale: the data set comes back with new ids, and a list
 * kept on screen while it reloads would offer links to missions that no longer exist.
 */
export function useDemoReset() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/demo/reset'),
    onSuccess: () => {
      // The session itself stays (the account is the same): resetting it would show the loading screen.
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
      toast({ title: demoMessages.resetTitle, description: demoMessages.resetDone, variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Erreur',
        description: resetFailure(error),
        variant: 'destructive',
      }),
  });
}

/**
 * docs/specification.md §2: the MODE DÉMO banner, above every page a demo account sees: the data is fictional, and the ways
 * out — start again (« Réinitialiser »), sign up for real (the demo ends first), or leave.
 */
export function DemoBanner({ user }: { user: SessionUser }) {
  const reset = useDemoReset();
  const quit = useLogout();
  const signUp = useLogout('/register');
  const leaving = quit.isPending || signUp.isPending;
  if (!user.isDemo) return null;
  return (
    <section
      aria-label="Mode démo"
      data-testid="demo-banner"
      className="border-b-2 border-accent bg-brand-500/15 text-ink"
    >
      {/* A phone: the label and « Quitter » on the first line, the two other actions on the second. */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 sm:px-6">
        <p className="flex min-w-0 flex-1 items-center gap-2 text-sm">
          <strong className="shrink-0 rounded-md bg-accent px-2 py-0.5 text-xs font-extrabold tracking-wider text-accent-ink">
            MODE DÉMO
          </strong>
          <span>
            Données fictives<span className="hidden sm:inline"> : rien n’est envoyé à personne</span>.
          </span>
        </p>
        <div className="order-last flex basis-full flex-wrap gap-1.5 sm:order-none sm:basis-auto">
          <Button
            size="sm"
            variant="secondary"
            className="px-2.5"
            disabled={reset.isPending || leaving}
            aria-busy={reset.isPending || undefined}
            onClick={() => reset.mutate()}
          >
            <RotateCcw
              className={reset.isPending ? 'h-4 w-4 animate-spin [animation-direction:reverse]' : 'h-4 w-4'}
              aria-hidden="true"
            />
            {reset.isPending ? 'Réinitialisation...' : 'Réinitialiser'}
          </Button>
          <Button size="sm" className="px-2.5" disabled={leaving} onClick={() => signUp.mutate(user)}>
            Créer un compte
          </Button>
        </div>
        <Button
          size="sm"
          variant="ghost"
          className="px-2.5"
          disabled={leaving}
          onClick={() => quit.mutate(user)}
        >
          Quitter
        </Button>
      </div>
    </section>
  );
}
