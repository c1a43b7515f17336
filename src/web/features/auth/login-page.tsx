import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { LoginInput } from '#core/schemas/auth.js';
import { useSignedIn, type SessionUser } from '#web/app/session.js';
import { apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { FormFields, PasswordField, EmailField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { AuthCard } from '#web/ui/auth-card.js';

const resolver = lazyResolver<LoginInput>(
  async () => (await import('./resolvers.js')).loginResolver as never,
);

export function LoginPage() {
  const toast = useToast();
  const signedIn = useSignedIn();
  const form = useForm<LoginInput>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (values: LoginInput) => apiRequest<SessionUser>('POST', '/api/auth/login', values),
    onSuccess: signedIn,
    onError: (error) => {
      showFieldErrors(form, error);
      toast({
        title: 'Erreur de connexion',
        description: errorMessage(error, 'Email ou mot de passe incorrect'),
        variant: 'destructive',
      });
    },
  });
  const { errors } = form.formState;

  return (
    <AuthCard
      title="Connexion"
      subtitle={
        <>
          Pas encore de compte ?{' '}
          <Link href="/register" className="font-semibold text-accent underline">
            Créer un compte
          </Link>
        </>
      }
    >
      <form
        noValidate
        onFocusCapture={resolver.preload}
        onSubmit={form.handleSubmit((values) => login.mutate(values))}
      >
        <FormFields>
          <EmailField error={errors.email?.message} {...form.register('email')} />
          <PasswordField
            label="Mot de passe"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <p className="-mt-2 text-right text-sm">
            <Link href="/mot-de-passe-oublie" className="font-semibold text-accent underline">
              Mot de passe oublié ?
            </Link>
          </p>
          <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Connexion...' : 'Se connecter'}
          </Button>
        </FormFields>
      </form>
      <div className="mt-6 rounded-xl bg-surface-sunken p-4 text-sm">
        Envie de voir Relais avant de vous inscrire ?{' '}
        <Link href="/demo" className="font-semibold text-accent underline">
          Essayer la démo
        </Link>
      </div>
    </AuthCard>
  );
}
