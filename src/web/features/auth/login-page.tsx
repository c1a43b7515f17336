import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { SecondFactorStatus, SignInAnswer } from '#core/schemas/admin.js';
import type { LoginInput } from '#core/schemas/auth.js';
import type { PublicUser } from '#core/schemas/users.js';
import { useSignedIn } from '#web/lib/session.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { FormFields, PasswordField, EmailField, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { AuthCard } from '#web/ui/auth-card.js';

const resolver = lazyResolver<LoginInput>(
  async () => (await import('./resolvers.js')).loginResolver as never,
);

/** An administrator's session waiting for its second factor (asked again on a reload of this page). */
const SECOND_FACTOR_KEY = ['/api/admin/second-factor'] as const;

export function LoginPage() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const pending = useQuery<SecondFactorStatus>({ queryKey: SECOND_FACTOR_KEY });
  const state = pending.data?.state;
  // Password passed, no authenticator yet: its enrolment is on the set-up page.
  useEffect(() => {
    if (state === 'enrol') navigate('/admin/setup', { replace: true });
  }, [state, navigate]);

  if (state === 'verify')
    return (
      <SecondStep
        email={pending.data?.email ?? ''}
        onRestart={() => queryClient.setQueryData<SecondFactorStatus>(SECOND_FACTOR_KEY, { state: 'none' })}
      />
    );
  return (
    <PasswordStep
      onSecondFactor={(answer) =>
        queryClient.setQueryData<SecondFactorStatus>(SECOND_FACTOR_KEY, {
          state: answer.secondFactor!,
          email: answer.email,
        })
      }
    />
  );
}

function PasswordStep({ onSecondFactor }: { onSecondFactor: (answer: SignInAnswer) => void }) {
  const toast = useToast();
  const signedIn = useSignedIn();
  const form = useForm<LoginInput>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (values: LoginInput) => apiRequest<SignInAnswer>('POST', '/api/auth/login', values),
    onSuccess: (answer) => {
      // An administrator is signed in only after the second factor.
      if (answer.secondFactor) onSecondFactor(answer);
      else signedIn(answer);
    },
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

/**
 * An administrator's second step: the 6-digit code of their authenticator app, or one of their recovery codes.
 * Too many wrong codes, or 10 minutes gone, end the session: back to the password.
 */
function SecondStep({ email, onRestart }: { email: string; onRestart: () => void }) {
  const toast = useToast();
  const signedIn = useSignedIn();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useMutation({
    mutationFn: (body: { code: string } | { recoveryCode: string }) =>
      apiRequest<{ user: PublicUser; recoveryCodesLeft?: number }>(
        'POST',
        '/api/admin/second-factor/verify',
        body,
      ),
    onSuccess: ({ user, recoveryCodesLeft }) => {
      if (recoveryCodesLeft !== undefined)
        toast({
          title: 'Code de secours utilisé',
          description:
            recoveryCodesLeft > 1
              ? `Il vous reste ${recoveryCodesLeft} codes de secours. Pensez à en générer de nouveaux depuis « Sécurité ».`
              : recoveryCodesLeft === 1
                ? 'Il vous reste 1 code de secours : générez-en de nouveaux depuis « Sécurité ».'
                : 'Vous n’avez plus de code de secours : générez-en de nouveaux depuis « Sécurité ».',
        });
      signedIn(user);
    },
    onError: (failure) => {
      const fields = failure instanceof ApiError ? failure.fieldErrors : {};
      const field = fields.code ?? fields.recoveryCode;
      if (field) {
        setError(field);
        return;
      }
      toast({
        title: 'Erreur de connexion',
        description: errorMessage(failure, 'Vérification impossible. Réessayez.'),
        variant: 'destructive',
      });
      // The session ended (too many codes, or too late): the password again.
      if (failure instanceof ApiError && (failure.status === 401 || failure.status === 429)) onRestart();
    },
  });
  const cancel = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSettled: onRestart,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.replace(/[\s-]/g, '');
    if (recovery) {
      if (!/^[A-Za-z0-9]{10}$/.test(typed)) {
        setError('Un code de secours comporte 10 lettres ou chiffres (XXXXX-XXXXX)');
        return;
      }
      verify.mutate({ recoveryCode: typed });
    } else {
      if (!/^\d{6}$/.test(typed)) {
        setError('Saisissez les 6 chiffres affichés par votre application');
        return;
      }
      verify.mutate({ code: typed });
    }
  };

  return (
    <AuthCard
      title="Double authentification"
      subtitle={
        recovery
          ? 'Saisissez l’un de vos codes de secours (chacun sert une fois).'
          : 'Saisissez le code à 6 chiffres affiché par votre application d’authentification.'
      }
    >
      <form noValidate onSubmit={submit}>
        <FormFields>
          {email && <p className="text-sm text-ink-muted">Compte : {email}</p>}
          {recovery ? (
            <TextField
              key="recovery"
              label="Code de secours"
              name="recoveryCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              autoFocus
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setError(undefined);
              }}
              error={error}
              className="font-mono uppercase tracking-wider"
            />
          ) : (
            <TextField
              key="code"
              label="Code à 6 chiffres"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9 ]*"
              maxLength={7}
              autoFocus
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setError(undefined);
              }}
              error={error}
              className="font-mono text-lg tracking-[0.3em]"
            />
          )}
          <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
            {verify.isPending ? 'Vérification...' : 'Vérifier'}
          </Button>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <button
              type="button"
              className="min-h-11 font-semibold text-accent underline"
              onClick={() => {
                setRecovery((current) => !current);
                setValue('');
                setError(undefined);
              }}
            >
              {recovery ? 'Utiliser le code de l’application' : 'Utiliser un code de secours'}
            </button>
            <button
              type="button"
              className="min-h-11 text-ink-muted underline hover:text-ink"
              onClick={() => cancel.mutate()}
            >
              Se connecter avec un autre compte
            </button>
          </div>
        </FormFields>
      </form>
    </AuthCard>
  );
}
