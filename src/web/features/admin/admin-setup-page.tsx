import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { SecondFactorStatus, SignInAnswer } from '#core/schemas/admin.js';
import { adminSetupSchema, type AdminSetupInput } from '#core/schemas/auth.js';
import { useSignedIn } from '#web/lib/session.js';
import { apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { FormFields, PasswordField, TextField, EmailField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';
import { SecondFactorEnrolment } from './second-factor-enrolment.js';

const SECOND_FACTOR_KEY = ['/api/admin/second-factor'] as const;

/**
 * Creates the first administrator; once one exists, the page says so and the server refuses. It is also where an
 * administrator who has passed the password but has no authenticator yet enrols one (first set-up, or a sign-in
 * before the enrolment was finished).
 */
export function AdminSetupPage() {
  const toast = useToast();
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const status = useQuery<{ setupRequired: boolean }>({ queryKey: ['/api/admin/setup'] });
  const pending = useQuery<SecondFactorStatus>({ queryKey: SECOND_FACTOR_KEY });
  const form = useForm<AdminSetupInput>({
    resolver: zodResolver(adminSetupSchema),
    defaultValues: { email: '', password: '', fullName: '' },
  });
  const setup = useMutation({
    mutationFn: (values: AdminSetupInput) => apiRequest<SignInAnswer>('POST', '/api/admin/setup', values),
    onSuccess: (answer) =>
      queryClient.setQueryData<SecondFactorStatus>(SECOND_FACTOR_KEY, {
        state: 'enrol',
        email: answer.email,
      }),
    onError: (error) => {
      showFieldErrors(form, error);
      toast({
        title: 'Erreur',
        description: errorMessage(error, 'Une erreur est survenue'),
        variant: 'destructive',
      });
    },
  });
  const { errors } = form.formState;
  const state = pending.data?.state;
  // An authenticator already enrolled: its code is asked on the sign-in page.
  useEffect(() => {
    if (state === 'verify') navigate('/login', { replace: true });
  }, [state, navigate]);

  if (status.isLoading || pending.isLoading) return <Spinner />;
  if (state === 'enrol')
    return (
      <div className="mx-auto max-w-lg px-4 py-12">
        <div className="rounded-2xl border border-line bg-surface-raised p-6 sm:p-8">
          <h1 className="text-2xl font-extrabold">Double authentification</h1>
          <p className="mb-6 mt-1 text-ink-muted">
            Chaque connexion d’un administrateur demande, après le mot de passe, un code donné par une
            application d’authentification sur votre téléphone. Configurez-la maintenant (10 minutes au plus).
          </p>
          <SecondFactorEnrolment email={pending.data?.email ?? ''} onDone={signedIn} />
        </div>
      </div>
    );
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <div className="rounded-2xl border border-line bg-surface-raised p-6 sm:p-8">
        <h1 className="text-2xl font-extrabold">Configuration initiale</h1>
        {status.data?.setupRequired ? (
          <>
            <p className="mt-1 text-ink-muted">Créez le compte du premier administrateur de Relais.</p>
            <form noValidate className="mt-6" onSubmit={form.handleSubmit((values) => setup.mutate(values))}>
              <FormFields>
                <TextField
                  label="Nom complet"
                  autoComplete="name"
                  error={errors.fullName?.message}
                  {...form.register('fullName')}
                />
                <EmailField error={errors.email?.message} {...form.register('email')} />
                <PasswordField
                  label="Mot de passe"
                  autoComplete="new-password"
                  hint="10 caractères minimum"
                  error={errors.password?.message}
                  {...form.register('password')}
                />
                <Button type="submit" size="lg" className="w-full" disabled={setup.isPending}>
                  {setup.isPending ? 'Création...' : 'Créer l’administrateur'}
                </Button>
              </FormFields>
            </form>
          </>
        ) : (
          <p className="mt-2 text-ink-muted" role="status">
            Un administrateur existe déjà : la configuration initiale est terminée.
          </p>
        )}
      </div>
    </div>
  );
}
