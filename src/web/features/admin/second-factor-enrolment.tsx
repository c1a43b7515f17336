import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { Enrolment, EnrolmentDone } from '#core/schemas/admin.js';
import type { PublicUser } from '#core/schemas/users.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { TextField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';
import { RecoveryCodes } from './second-factor-codes.js';

/** Groups of four, as the authenticator apps show secrets: easier to copy by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** The 6-digit code field every second-factor screen uses (the phone offers the code it received). */
function CodeField({
  error,
  label = 'Code à 6 chiffres',
  ...field
}: UseFormRegisterReturn & {
  error?: string;
  label?: string;
}) {
  return (
    <TextField
      label={label}
      {...field}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9 ]*"
      maxLength={7}
      autoFocus
      error={error}
      className="font-mono text-lg tracking-[0.3em]"
    />
  );
}

interface CodeValues {
  code: string;
}

const resolver = lazyResolver<CodeValues>(
  async () => (await import('./resolvers.js')).secondFactorCodeResolver as never,
);

/**
 * Enrols an authenticator app: the QR code (and the secret written out, for manual entry), the first code that
 * confirms it, then the recovery codes, shown once. `onDone` receives the administrator, signed in by then.
 */
export function SecondFactorEnrolment({
  email,
  onDone,
  continueLabel = 'Accéder à l’administration',
}: {
  email: string;
  onDone: (user: PublicUser) => void;
  continueLabel?: string;
}) {
  const toast = useToast();
  // One secret per visit of this screen (the query is not run twice at once; each run replaces the secret).
  const enrolment = useQuery<Enrolment>({
    queryKey: ['/api/admin/second-factor/enrol'],
    queryFn: () => apiRequest<Enrolment>('POST', '/api/admin/second-factor/enrol'),
    gcTime: 0,
  });
  const form = useForm<CodeValues>({ resolver, defaultValues: { code: '' } });
  const error = form.formState.errors.code?.message;
  const confirm = useMutation({
    mutationFn: (value: string) =>
      apiRequest<EnrolmentDone>('POST', '/api/admin/second-factor/enrol/confirm', { code: value }),
    onError: (failure) => {
      const field = failure instanceof ApiError ? failure.fieldErrors.code : undefined;
      form.setError('code', {
        message: field ?? errorMessage(failure, 'Vérification impossible. Réessayez.'),
      });
      if (!field)
        toast({
          title: 'Erreur',
          description: errorMessage(failure, 'Vérification impossible.'),
          variant: 'destructive',
        });
    },
  });

  if (confirm.data)
    return (
      <RecoveryCodes
        codes={confirm.data.recoveryCodes}
        email={email}
        continueLabel={continueLabel}
        onContinue={() => onDone(confirm.data.user)}
      />
    );
  if (enrolment.isLoading) return <Spinner label="Préparation du QR code..." />;
  if (!enrolment.data)
    return (
      <p role="alert" className="text-danger">
        {errorMessage(enrolment.error, 'Le QR code n’a pas pu être préparé. Rechargez la page.')}
      </p>
    );
  const { qrSvg, secret } = enrolment.data;
  const submit = form.handleSubmit(({ code }) => confirm.mutate(code));
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-ink-muted">
        <li>
          Ouvrez votre application d’authentification (Google Authenticator, Microsoft Authenticator,
          FreeOTP…).
        </li>
        <li>Scannez le QR code, ou saisissez la clé à la main.</li>
        <li>Tapez le code à 6 chiffres qu’elle affiche.</li>
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
          alt="QR code à scanner avec votre application d’authentification"
          width={192}
          height={192}
          className="h-48 w-48 shrink-0 rounded-lg bg-white p-2"
        />
        <div className="min-w-0 space-y-1 text-sm">
          <p className="font-semibold">Clé à saisir à la main</p>
          <p
            className="break-all font-mono text-base tracking-wide"
            aria-label={`Clé : ${secret.split('').join(' ')}`}
          >
            {grouped(secret)}
          </p>
          <p className="text-ink-muted">Compte : {email} · Émetteur : Relais · Type : basé sur l’heure</p>
        </div>
      </div>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        onFocus={resolver.preload}
        className="space-y-4"
      >
        <CodeField {...form.register('code')} error={error} />
        <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending}>
          {confirm.isPending ? 'Vérification...' : 'Activer la double authentification'}
        </Button>
      </form>
    </div>
  );
}
