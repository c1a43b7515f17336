import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { adminSetupSchema, type AdminSetupInput } from '#core/schemas/auth.js';
import { useSignedIn, type SessionUser } from '#web/app/session.js';
import { apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { FormFields, PasswordField, TextField, EmailField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';

/** Creates the first administrator; once one exists, the page says so and the server refuses. */
export function AdminSetupPage() {
  const toast = useToast();
  const signedIn = useSignedIn();
  const status = useQuery<{ setupRequired: boolean }>({ queryKey: ['/api/admin/setup'] });
  const form = useForm<AdminSetupInput>({
    resolver: zodResolver(adminSetupSchema),
    defaultValues: { email: '', password: '', fullName: '' },
  });
  const setup = useMutation({
    mutationFn: (values: AdminSetupInput) => apiRequest<SessionUser>('POST', '/api/admin/setup', values),
    onSuccess: signedIn,
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

  if (status.isLoading) return <Spinner />;
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
