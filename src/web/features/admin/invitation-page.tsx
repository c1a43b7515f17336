import { formatLongDateTime } from '#core/rules/french-dates.js';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import {
  acceptInvitationFormSchema,
  type AcceptInvitationForm,
  type SecondFactorStatus,
  type SignInAnswer,
} from '#core/schemas/admin.js';
import { useSession, useSignedIn } from '#web/lib/session.js';
import { apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { FormFields, PasswordField, TextField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';
import { SecondFactorEnrolment } from './second-factor-enrolment.js';

const SECOND_FACTOR_KEY = ['/api/admin/second-factor'] as const;

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <div className="rounded-2xl border border-line bg-surface-raised p-6 sm:p-8">
        <h1 className="text-2xl font-extrabold">{title}</h1>
        <div className="mt-2">{children}</div>
      </div>
    </div>
  );
}

/**
 * The page of an invitation's link (/admin/invitation?token=…), reached signed out: the person chooses their name
 * and password, then enrols an authenticator, and lands in the back office.
 */
export function AdminInvitationPage() {
  const toast = useToast();
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const pending = useQuery<SecondFactorStatus>({ queryKey: SECOND_FACTOR_KEY });
  const invitation = useQuery<{ email: string; expiresAt: string }>({
    queryKey: ['/api/admin/invitation/check', token],
    queryFn: () => apiRequest('POST', '/api/admin/invitation/check', { token }),
    enabled: Boolean(token) && !user && pending.data?.state !== 'enrol',
  });
  const form = useForm<AcceptInvitationForm>({
    resolver: zodResolver(acceptInvitationFormSchema),
    defaultValues: { fullName: '', password: '' },
  });
  const accept = useMutation({
    mutationFn: (values: AcceptInvitationForm) =>
      apiRequest<SignInAnswer>('POST', '/api/admin/invitation/accept', { ...values, token }),
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

  if (user)
    return (
      <Card title="Invitation">
        <p className="text-ink-muted">
          Vous êtes connecté en tant que {user.email}. Pour accepter une invitation, déconnectez-vous puis
          rouvrez le lien reçu par e-mail.
        </p>
      </Card>
    );
  if (pending.isLoading) return <Spinner />;
  if (pending.data?.state === 'enrol')
    return (
      <Card title="Double authentification">
        <p className="mb-6 text-ink-muted">
          Dernière étape : chaque connexion d’un administrateur demande, après le mot de passe, un code donné
          par une application d’authentification sur votre téléphone.
        </p>
        <SecondFactorEnrolment email={pending.data.email ?? ''} onDone={signedIn} />
      </Card>
    );
  if (!token || invitation.isError)
    return (
      <Card title="Invitation">
        <p role="alert" className="text-ink-muted">
          {token
            ? errorMessage(invitation.error, 'Cette invitation est invalide, a déjà servi ou a été retirée.')
            : 'Ce lien d’invitation est incomplet : ouvrez-le tel qu’il figure dans l’e-mail reçu.'}
        </p>
        <p className="mt-4">
          <Link href="/" className="font-semibold text-accent underline">
            Retour à l’accueil
          </Link>
        </p>
      </Card>
    );
  if (invitation.isLoading || !invitation.data) return <Spinner />;
  return (
    <Card title="Rejoindre l’administration">
      <p className="text-ink-muted">
        Invitation pour <strong className="text-ink">{invitation.data.email}</strong>, valable jusqu’au{' '}
        {formatLongDateTime(invitation.data.expiresAt)}. Choisissez votre nom et votre mot de passe.
      </p>
      <form noValidate className="mt-6" onSubmit={form.handleSubmit((values) => accept.mutate(values))}>
        <FormFields>
          <TextField
            label="Nom complet"
            autoComplete="name"
            error={errors.fullName?.message}
            {...form.register('fullName')}
          />
          <PasswordField
            label="Mot de passe"
            autoComplete="new-password"
            hint="10 caractères minimum"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" size="lg" className="w-full" disabled={accept.isPending}>
            {accept.isPending ? 'Création...' : 'Créer mon compte administrateur'}
          </Button>
        </FormFields>
      </form>
    </Card>
  );
}
