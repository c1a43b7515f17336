import { formatLongDateTime } from '#core/rules/french-dates.js';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailPlus, ShieldCheck, ShieldAlert, UserCog } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  inviteAdminSchema,
  type Administrator,
  type Administrators,
  type InviteAdminInput,
  type Invitation,
} from '#core/schemas/admin.js';
import { apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { ConfirmDialog } from '#web/ui/confirm-dialog.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { EmailField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';
import { StatusBadge } from './status-badge.js';

const KEY = ['/api/admin/administrators'] as const;

function useTeamChange<T>(
  fn: (value: T) => Promise<unknown>,
  success: (value: T) => string,
  done?: () => void,
) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_answer, value) => {
      toast({ title: success(value) });
      void queryClient.invalidateQueries({ queryKey: KEY });
      done?.();
    },
    onError: (error) => {
      toast({
        title: 'Erreur',
        description: errorMessage(error, 'L’action n’a pas abouti.'),
        variant: 'destructive',
      });
      done?.();
    },
  });
}

function AdminRow({ admin, onRemove }: { admin: Administrator; onRemove: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-x-6 gap-y-2 px-4 py-4">
      <div className="min-w-0 flex-1 basis-64">
        <p className="flex flex-wrap items-center gap-2">
          <span className="user-text font-bold">{admin.fullName}</span>
          {admin.self && <StatusBadge status="neutral">Vous</StatusBadge>}
          {!admin.active && <StatusBadge status="rejected">Retiré</StatusBadge>}
        </p>
        <p className="user-text text-sm text-ink-muted">{admin.email}</p>
      </div>
      <div className="min-w-0 flex-1 basis-56 space-y-1 text-sm">
        <p className="flex items-center gap-1.5">
          {admin.secondFactor ? (
            <>
              <ShieldCheck className="h-4 w-4 text-success" aria-hidden="true" />
              Double authentification configurée
            </>
          ) : (
            <>
              <ShieldAlert className="h-4 w-4 text-accent" aria-hidden="true" />
              Double authentification pas encore configurée
            </>
          )}
        </p>
        <p className="text-ink-muted">
          {admin.lastLogin
            ? `Dernière connexion le ${formatLongDateTime(admin.lastLogin)}`
            : 'Jamais connecté'}
        </p>
      </div>
      {admin.active && !admin.self && (
        <Button variant="secondary" size="sm" onClick={onRemove}>
          Retirer<span className="sr-only"> {admin.fullName}</span>
        </Button>
      )}
    </li>
  );
}

function InvitationRow({
  invitation,
  onResend,
  onRevoke,
  busy,
}: {
  invitation: Invitation;
  onResend: () => void;
  onRevoke: () => void;
  busy: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-6 gap-y-2 px-4 py-4">
      <div className="min-w-0 flex-1 basis-64">
        <p className="flex flex-wrap items-center gap-2">
          <span className="user-text font-bold">{invitation.email}</span>
          {invitation.expired ? (
            <StatusBadge status="expired">Expirée</StatusBadge>
          ) : (
            <StatusBadge status="pending">En attente</StatusBadge>
          )}
        </p>
        <p className="text-sm text-ink-muted">
          Envoyée le {formatLongDateTime(invitation.createdAt)}
          {invitation.invitedBy ? ` par ${invitation.invitedBy}` : ''} ·{' '}
          {invitation.expired ? 'a expiré' : 'valable jusqu’au'} {formatLongDateTime(invitation.expiresAt)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onResend} disabled={busy}>
          Renvoyer<span className="sr-only"> l’invitation à {invitation.email}</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={onRevoke} disabled={busy}>
          Retirer<span className="sr-only"> l’invitation à {invitation.email}</span>
        </Button>
      </div>
    </li>
  );
}

/** « Administrateurs »: the team, who has enrolled the second factor, invitations by e-mail, removal. */
export function AdminAdministratorsPage() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const team = useQuery<Administrators>({ queryKey: KEY });
  const [removing, setRemoving] = useState<Administrator | null>(null);
  const form = useForm<InviteAdminInput>({
    resolver: zodResolver(inviteAdminSchema),
    defaultValues: { email: '' },
  });
  const invite = useMutation({
    mutationFn: (values: InviteAdminInput) =>
      apiRequest<{ mailSent: boolean; invitation: Invitation }>('POST', '/api/admin/invitations', values),
    onSuccess: ({ mailSent, invitation }) => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: KEY });
      toast(
        mailSent
          ? {
              title: 'Invitation envoyée',
              description: `Un lien valable 72 heures a été envoyé à ${invitation.email}.`,
            }
          : {
              title: 'E-mail non envoyé',
              description:
                'L’invitation est enregistrée mais l’e-mail n’est pas parti : renvoyez-la un peu plus tard.',
              variant: 'destructive',
            },
      );
    },
    onError: (error) => {
      showFieldErrors(form, error);
      toast({
        title: 'Erreur',
        description: errorMessage(error, 'L’invitation n’a pas été envoyée.'),
        variant: 'destructive',
      });
    },
  });
  const revoke = useTeamChange(
    (invitation: Invitation) => apiRequest('DELETE', `/api/admin/invitations/${invitation.id}`),
    (invitation) => `Invitation à ${invitation.email} retirée`,
  );
  const remove = useTeamChange(
    (admin: Administrator) => apiRequest('DELETE', `/api/admin/administrators/${admin.id}`),
    (admin) => `${admin.fullName} n’est plus administrateur`,
    () => setRemoving(null),
  );
  const { errors } = form.formState;

  if (team.isLoading) return <Spinner />;
  const administrators = team.data?.administrators ?? [];
  const invitations = team.data?.invitations ?? [];
  return (
    <>
      <PageHeader
        title="Administrateurs"
        description="Les personnes qui administrent Relais. Chacune se connecte avec son mot de passe et une application d’authentification."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <section aria-labelledby="equipe">
            <h2 id="equipe" className="mb-2 text-lg font-bold">
              L’équipe
            </h2>
            <ul className="divide-y divide-line rounded-2xl border border-line bg-surface-raised">
              {administrators.map((admin) => (
                <AdminRow key={admin.id} admin={admin} onRemove={() => setRemoving(admin)} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="invitations">
            <h2 id="invitations" className="mb-2 text-lg font-bold">
              Invitations en attente
            </h2>
            {invitations.length === 0 ? (
              <EmptyState icon={UserCog} title="Aucune invitation en attente">
                Les invitations envoyées apparaissent ici jusqu’à ce qu’elles soient acceptées.
              </EmptyState>
            ) : (
              <ul className="divide-y divide-line rounded-2xl border border-line bg-surface-raised">
                {invitations.map((invitation) => (
                  <InvitationRow
                    key={invitation.id}
                    invitation={invitation}
                    busy={invite.isPending || revoke.isPending}
                    onResend={() => invite.mutate({ email: invitation.email })}
                    onRevoke={() => revoke.mutate(invitation)}
                  />
                ))}
              </ul>
            )}
          </section>
        </div>
        <section
          aria-labelledby="inviter"
          className="h-fit rounded-2xl border border-line bg-surface-raised p-5 sm:p-6"
        >
          <h2 id="inviter" className="flex items-center gap-2 text-lg font-bold">
            <MailPlus className="h-5 w-5 text-accent" aria-hidden="true" />
            Inviter un administrateur
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            La personne reçoit un lien valable 72 heures, choisit son mot de passe puis configure sa double
            authentification. L’adresse ne doit pas être celle d’un compte chauffeur ou transporteur.
          </p>
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={form.handleSubmit((values) => invite.mutate(values))}
          >
            <EmailField label="Adresse e-mail" error={errors.email?.message} {...form.register('email')} />
            <Button type="submit" className="w-full" disabled={invite.isPending}>
              {invite.isPending ? 'Envoi...' : 'Envoyer l’invitation'}
            </Button>
          </form>
        </section>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Retirer ${removing?.fullName ?? ''} ?`}
        confirmLabel="Retirer l’accès"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
      >
        <p>
          Son compte administrateur sera fermé et ses sessions terminées immédiatement. Pour lui redonner
          l’accès, envoyez-lui une nouvelle invitation.
        </p>
      </ConfirmDialog>
    </>
  );
}
