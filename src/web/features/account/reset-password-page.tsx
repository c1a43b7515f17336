import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import { accountMessages } from '#core/schemas/account.js';
import { AuthCard } from '#web/ui/auth-card.js';
import { useSignedIn, type SessionUser } from '#web/lib/session.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { FormFields, PasswordField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';

interface ResetForm {
  password: string;
  confirmation: string;
}
const resolver = lazyResolver<ResetForm>(async () => (await import('./resolvers.js')).resetResolver as never);

/** /reinitialiser-mot-de-passe?token=…: the new password twice; then signed in on this device. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const toast = useToast();
  const signedIn = useSignedIn();
  const form = useForm<ResetForm>({ resolver, defaultValues: { password: '', confirmation: '' } });
  const reset = useMutation({
    mutationFn: ({ password }: ResetForm) =>
      apiRequest<{ message: string; user: SessionUser }>('POST', '/api/auth/password/reset', {
        token,
        password,
      }),
    onSuccess: ({ message, user }) => {
      toast({ title: message, variant: 'success' });
      signedIn(user);
    },
    onError: (error) => {
      showFieldErrors(form, error);
      if (!(error instanceof ApiError && error.fieldErrors.token))
        toast({ title: 'Erreur', description: errorMessage(error, 'Réessayez.'), variant: 'destructive' });
    },
  });
  // The link is checked on arrival: a spent or expired one says so before a password is typed.
  const check = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => apiRequest<{ valid: boolean }>('POST', '/api/auth/password/reset/check', { token }),
    enabled: Boolean(token),
  });
  const linkRefused =
    check.data?.valid === false ||
    (reset.error instanceof ApiError && Boolean(reset.error.fieldErrors.token));
  const { errors } = form.formState;
  return (
    <AuthCard
      title={linkRefused || !token ? 'Lien inutilisable' : 'Nouveau mot de passe'}
      subtitle={
        linkRefused || !token
          ? 'Un nouveau lien se demande en un instant.'
          : 'Choisissez-le, puis confirmez-le.'
      }
    >
      {token && check.isPending ? (
        <Spinner label="Vérification du lien…" />
      ) : !token || linkRefused ? (
        <div role="alert" className="space-y-4">
          <p>{token ? accountMessages.linkInvalid : 'Ce lien est incomplet. Demandez-en un nouveau.'}</p>
          <Link href="/mot-de-passe-oublie" className="font-semibold text-accent underline">
            Recevoir un nouveau lien
          </Link>
        </div>
      ) : (
        <form
          noValidate
          onFocusCapture={resolver.preload}
          onSubmit={form.handleSubmit((v) => reset.mutate(v))}
        >
          <FormFields>
            <PasswordField
              label="Nouveau mot de passe"
              autoComplete="new-password"
              hint="6 caractères au moins."
              error={errors.password?.message}
              {...form.register('password')}
            />
            <PasswordField
              label="Confirmer le mot de passe"
              autoComplete="new-password"
              error={errors.confirmation?.message}
              {...form.register('confirmation')}
            />
            <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
              {reset.isPending ? 'Enregistrement...' : 'Enregistrer et me connecter'}
            </Button>
          </FormFields>
        </form>
      )}
    </AuthCard>
  );
}
