import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { ForgotPasswordInput } from '#core/schemas/account.js';
import { AuthCard } from '#web/ui/auth-card.js';
import { apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { EmailField, FormFields } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';

const resolver = lazyResolver<ForgotPasswordInput>(
  async () => (await import('./resolvers.js')).forgotResolver as never,
);

/** /mot-de-passe-oublie: the address, then the same answer whether an account exists or not. */
export function ForgotPasswordPage() {
  const toast = useToast();
  const form = useForm<ForgotPasswordInput>({ resolver, defaultValues: { email: '' } });
  const ask = useMutation({
    mutationFn: (values: ForgotPasswordInput) =>
      apiRequest<{ message: string }>('POST', '/api/auth/password/forgot', values),
    onError: (error) => {
      showFieldErrors(form, error);
      toast({
        title: 'Demande impossible',
        description: errorMessage(error, 'Réessayez.'),
        variant: 'destructive',
      });
    },
  });
  return (
    <AuthCard
      title="Mot de passe oublié"
      subtitle="Indiquez l’adresse de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe."
    >
      {ask.isSuccess ? (
        <div role="status" className="space-y-4">
          <MailCheck className="h-10 w-10 text-success" aria-hidden="true" />
          <p>{ask.data.message}</p>
          <p className="text-sm text-ink-muted">Pensez à regarder dans les courriers indésirables.</p>
          <Link href="/login" className="font-semibold text-accent underline">
            Retour à la connexion
          </Link>
        </div>
      ) : (
        <form noValidate onFocusCapture={resolver.preload} onSubmit={form.handleSubmit((v) => ask.mutate(v))}>
          <FormFields>
            <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
            <Button type="submit" size="lg" className="w-full" disabled={ask.isPending}>
              {ask.isPending ? 'Envoi...' : 'Recevoir le lien'}
            </Button>
            <p className="text-sm">
              <Link href="/login" className="font-semibold text-accent underline">
                Retour à la connexion
              </Link>
            </p>
          </FormFields>
        </form>
      )}
    </AuthCard>
  );
}
