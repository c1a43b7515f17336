import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FREE_PLAN_PRICE, PLAN_NAMES, type BillingInterval } from '#core/rules/billing.js';
import type { SubscriptionPlan } from '#core/rules/enums.js';
import type { AdminUserDetail } from '#core/schemas/admin-users.js';
import type { AdminSubscription } from '#core/schemas/billing.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { ConfirmDialog } from '#web/ui/confirm-dialog.js';
import { TextAreaField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { userAdminApi, useUserAction } from './admin-users-api.js';
import { DialogFrame } from '#web/ui/dialog.js';
import { ReasonDialog } from './reason-dialog.js';
import { EndDialog, GrantDialog, type GrantTarget } from './subscription-dialogs.js';
import { subscriptionAdminApi, type GrantInput } from './subscriptions-api.js';

const deactivateResolver = lazyResolver<{ reason: string }>(
  async () => (await import('./user-resolvers.js')).deactivateResolver as never,
);
const reactivateResolver = lazyResolver<{ reason: string }>(
  async () => (await import('./user-resolvers.js')).reactivateResolver as never,
);

type Dialogs = 'deactivate' | 'reactivate' | 'resend' | 'demo' | 'grant' | 'end' | null;

/** What stays under way when the account is closed: listed so that nothing is lost without the team knowing. */
export function UnderwayList({ underway }: { underway: AdminUserDetail['underway'] }) {
  if (underway.missions.length === 0 && underway.pendingApplications === 0) return null;
  return (
    <div className="space-y-1 text-sm">
      <p>Restent en l’état (à annuler depuis la page de chaque mission si besoin) :</p>
      <ul className="list-disc space-y-0.5 pl-5">
        {underway.missions.slice(0, 8).map((mission) => (
          <li key={mission.id} className="user-text">
            {mission.title} ({mission.as === 'company' ? 'publiée' : 'assurée comme chauffeur'})
          </li>
        ))}
        {underway.missions.length > 8 && <li>et {underway.missions.length - 8} autres missions</li>}
        {underway.pendingApplications > 0 && (
          <li>
            {underway.pendingApplications} candidature{underway.pendingApplications > 1 ? 's' : ''} en attente
          </li>
        )}
      </ul>
    </div>
  );
}

/** Reactivation: a note for the journal, optional. */
function ReactivateDialog({
  open,
  onOpenChange,
  name,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  onConfirm: (note: string) => Promise<unknown>;
}) {
  const form = useForm<{ reason: string }>({ resolver: reactivateResolver, defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (open) form.reset({ reason: '' });
  }, [open, form]);
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason ?? '');
      onOpenChange(false);
    } catch (error) {
      showFieldErrors(form, error);
      if (!form.getFieldState('reason').error)
        form.setError('root', { message: errorMessage(error, 'Le compte n’a pas pu être réactivé') });
    }
  });
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Réactiver le compte"
      description={<p>{name} pourra de nouveau se connecter. Le motif de la désactivation est effacé.</p>}
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
        <TextAreaField
          label="Note pour le journal (facultatif)"
          rows={3}
          maxLength={500}
          error={errors.reason?.message}
          onFocus={reactivateResolver.preload}
          {...form.register('reason')}
        />
        {errors.root?.message && (
          <p role="alert" className="text-sm font-medium text-danger">
            {errors.root.message}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Dialog.Close asChild>
            <Button variant="secondary">Annuler</Button>
          </Dialog.Close>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Envoi...' : 'Réactiver'}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

/** The plan target for the billing dialogs (shared with « Abonnements »), built from the member's page. */
function holderOf(detail: AdminUserDetail): GrantTarget['user'] {
  const { profile } = detail;
  return {
    id: profile.id,
    fullName: profile.fullName,
    email: profile.email,
    role: profile.role === 'transporter' ? 'transporter' : 'driver',
    companyName: profile.companyName,
    currentPlan: profile.plan,
  };
}

function endTarget(detail: AdminUserDetail): AdminSubscription {
  const live = detail.subscriptions.find((row) => !['ended', 'canceled', 'requested'].includes(row.status));
  return {
    id: live?.id ?? detail.profile.id,
    user: holderOf(detail),
    plan: (live?.plan ?? detail.profile.plan) as SubscriptionPlan,
    interval: (live?.interval ?? 'month') as BillingInterval,
    status: 'active',
    source: live?.source === 'stripe' ? 'stripe' : 'admin',
    createdAt: live?.createdAt ?? detail.profile.createdAt,
    currentPeriodEnd: live?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: live?.cancelAtPeriodEnd ?? false,
    invoiceReference: live?.invoiceReference ?? null,
    amount: live?.amount ?? null,
    price: FREE_PLAN_PRICE,
  };
}

/**
 * « Actions »: deactivate or reactivate (with the reason told to the person), resend the confirmation link, grant
 * or end a plan (the dialogs of « Abonnements »), mark as demo. Each asks first; the page is read again after.
 * A sensitive action whose password is too old is asked again by the back office's re-authentication dialog.
 */
export function UserActions({ detail, selfId }: { detail: AdminUserDetail; selfId: string | null }) {
  const { profile } = detail;
  const toast = useToast();
  const [open, setOpen] = useState<Dialogs>(null);
  const close = (value: boolean) => !value && setOpen(null);
  const deactivate = useUserAction(profile.id, (reason: string) =>
    userAdminApi.deactivate(profile.id, reason),
  );
  const reactivate = useUserAction(profile.id, (note: string) => userAdminApi.reactivate(profile.id, note));
  const resend = useUserAction(profile.id, () => userAdminApi.resendVerification(profile.id));
  const demo = useUserAction(profile.id, () =>
    profile.isDemo ? userAdminApi.unmarkDemo(profile.id) : userAdminApi.markDemo(profile.id),
  );
  const grant = useUserAction(profile.id, (input: GrantInput) => subscriptionAdminApi.grant(input));
  const end = useUserAction(profile.id, (reason: string) =>
    subscriptionAdminApi.end({ userId: profile.id, reason }),
  );

  // Taken when the dialog opens, one object while it is open: the dialog resets its form when its target changes,
  // not when the member's page is read again.
  const [grantTarget, setGrantTarget] = useState<GrantTarget | null>(null);
  const deleted = profile.state === 'deleted';
  const active = profile.state === 'active';
  const member = profile.role !== 'admin';
  const self = profile.id === selfId;
  const done = (title: string, description: string) => toast({ title, description, variant: 'success' });
  const failed = (error: unknown, fallback: string) => {
    setOpen(null);
    toast({
      title: fallback,
      description: errorMessage(error, 'Réessayez dans un instant.'),
      variant: 'destructive',
    });
  };

  if (deleted)
    return (
      <p className="text-sm text-ink-muted">
        Ce compte a été supprimé par son titulaire : aucune action n’est possible.
      </p>
    );

  return (
    <>
      <div className="flex flex-col gap-2">
        {active && member && (
          <Button
            variant="secondary"
            onClick={() => {
              setGrantTarget({ user: holderOf(detail) });
              setOpen('grant');
            }}
          >
            Activer une formule
          </Button>
        )}
        {active && member && profile.plan !== 'basic' && (
          <Button variant="secondary" onClick={() => setOpen('end')}>
            Mettre fin à la formule
          </Button>
        )}
        {active && !profile.emailVerified && (
          <Button variant="secondary" onClick={() => setOpen('resend')}>
            Renvoyer le lien de confirmation
          </Button>
        )}
        {member && (
          <Button variant="secondary" onClick={() => setOpen('demo')}>
            {profile.isDemo ? 'Retirer la marque « démo »' : 'Marquer comme compte de démo'}
          </Button>
        )}
        {active && !self && (
          <Button variant="danger" onClick={() => setOpen('deactivate')}>
            Désactiver le compte
          </Button>
        )}
        {active && self && (
          <p className="text-sm text-ink-muted">Vous ne pouvez pas désactiver votre propre compte.</p>
        )}
        {!active && <Button onClick={() => setOpen('reactivate')}>Réactiver le compte</Button>}
      </div>

      <ReasonDialog
        open={open === 'deactivate'}
        onOpenChange={close}
        title="Désactiver le compte"
        description={
          <>
            <p className="user-text">
              {profile.fullName} · {profile.email}
            </p>
            <p className="text-sm">
              Ses sessions sont fermées tout de suite et la personne ne peut plus se connecter. Le motif lui
              est affiché quand elle essaie.
            </p>
            <UnderwayList underway={detail.underway} />
          </>
        }
        label="Motif"
        hint="5 à 500 caractères, lu par la personne : restez factuel."
        confirmLabel="Désactiver"
        failure="Le compte n’a pas pu être désactivé"
        resolver={deactivateResolver}
        onConfirm={async (reason) => {
          const result = await deactivate.mutateAsync(reason);
          done('Compte désactivé', result.message);
        }}
      />
      <ReactivateDialog
        open={open === 'reactivate'}
        onOpenChange={close}
        name={profile.fullName}
        onConfirm={async (note) => {
          const result = await reactivate.mutateAsync(note);
          done('Compte réactivé', result.message);
        }}
      />
      <ConfirmDialog
        open={open === 'resend'}
        onOpenChange={close}
        title="Renvoyer le lien de confirmation"
        confirmLabel="Envoyer"
        busy={resend.isPending}
        onConfirm={() =>
          resend.mutate(undefined, {
            onSuccess: (result) => {
              setOpen(null);
              done('Lien envoyé', result.message);
            },
            onError: (error) => failed(error, 'Le lien n’a pas été envoyé'),
          })
        }
      >
        <p className="user-text">
          Un nouveau lien, valable 24 heures, part à {profile.email}. Le lien précédent ne fonctionnera plus.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'demo'}
        onOpenChange={close}
        title={profile.isDemo ? 'Retirer la marque « démo »' : 'Marquer comme compte de démo'}
        confirmLabel={profile.isDemo ? 'Retirer la marque' : 'Marquer'}
        busy={demo.isPending}
        onConfirm={() =>
          demo.mutate(undefined, {
            onSuccess: (result) => {
              setOpen(null);
              done(profile.isDemo ? 'Marque retirée' : 'Compte marqué', result.message);
            },
            onError: (error) => failed(error, 'Le changement n’a pas été enregistré'),
          })
        }
      >
        <p>
          {profile.isDemo
            ? 'Le compte redevient un compte ordinaire : il apparaît de nouveau aux autres membres et peut souscrire une formule.'
            : 'Un compte de démonstration n’apparaît qu’aux autres comptes de démonstration et ne peut ni souscrire ni recevoir de formule.'}
        </p>
      </ConfirmDialog>
      {member && (
        <>
          <GrantDialog
            target={open === 'grant' ? grantTarget : null}
            onOpenChange={close}
            onConfirm={async (values) => {
              const reference = values.invoiceReference.trim();
              await grant.mutateAsync({
                userId: profile.id,
                plan: values.plan,
                interval: values.interval,
                ...(reference ? { invoiceReference: reference } : {}),
              });
              done(
                'Formule activée',
                `${PLAN_NAMES[values.plan]} pour ${profile.fullName}. Le membre en est averti.`,
              );
            }}
          />
          <EndDialog
            target={open === 'end' ? endTarget(detail) : null}
            onOpenChange={close}
            onConfirm={async (reason) => {
              await end.mutateAsync(reason);
              done('Formule arrêtée', `${profile.fullName} revient à la formule gratuite.`);
            }}
          />
        </>
      )}
    </>
  );
}
