import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminCancelMissionInput, AdminMissionDetail } from '#core/schemas/admin-missions.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { FormDialog } from '#web/ui/dialog.js';
import { Checkbox, TextAreaField } from '#web/ui/field.js';
import { formatMoney } from '#core/rules/money.js';

interface CancelForm {
  reason: string;
  refundAcknowledged: boolean;
}

const resolver = lazyResolver<CancelForm>(
  async () => (await import('./mission-resolvers.js')).cancelMissionResolver as never,
);

const KIND_LABELS: Record<string, string> = { deposit: 'acompte', balance: 'solde' };

/**
 * Asks the reason of a cancellation by the team (5 to 500 characters, sent to the parties) and, when card payments
 * were captured, the promise to refund them on Stripe. The field's error shows under it, any other refusal above
 * the buttons.
 */
export function CancelMissionDialog({
  open,
  onOpenChange,
  detail,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  detail: AdminMissionDetail;
  onConfirm: (input: AdminCancelMissionInput) => Promise<unknown>;
}) {
  const form = useForm<CancelForm>({ resolver, defaultValues: { reason: '', refundAcknowledged: false } });
  const { errors, isSubmitting } = form.formState;
  const captured = detail.capturedPayments;
  useEffect(() => {
    if (open) form.reset({ reason: '', refundAcknowledged: false });
  }, [open, form]);
  const submit = form.handleSubmit(async ({ reason, refundAcknowledged }) => {
    try {
      await onConfirm({ reason, ...(captured.length > 0 ? { refundAcknowledged } : {}) });
      onOpenChange(false);
    } catch (error) {
      showFieldErrors(form, error);
      if (!form.getFieldState('reason').error)
        form.setError('root', { message: errorMessage(error, 'L’annulation n’a pas pu être enregistrée') });
    }
  });
  const parties = [
    'le transporteur',
    ...(detail.driver ? ['le chauffeur retenu'] : []),
    ...(detail.mission.pendingApplicationCount > 0 ? ['les candidats en attente'] : []),
  ]
    .join(', ')
    .replace(/, ([^,]*)$/, ' et $1');
  const told = `${parties.charAt(0).toUpperCase()}${parties.slice(1)} ${parties.includes(' et ') ? 'recevront' : 'recevra'} une alerte avec votre motif.`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Annuler cette mission"
      description={
        <>
          <p>
            « {detail.mission.title} » sera annulée par l’équipe Relais. {told}
          </p>
          <p>Cette action est définitive et inscrite au journal.</p>
        </>
      }
      submitLabel="Annuler la mission"
      cancelLabel="Garder la mission"
      busy={isSubmitting}
      danger
      rootError={errors.root?.message}
      onSubmit={(event) => void submit(event)}
    >
      <TextAreaField
        label="Motif de l’annulation"
        rows={4}
        maxLength={500}
        hint="Montré aux parties. De 5 à 500 caractères."
        error={errors.reason?.message}
        onFocus={resolver.preload}
        {...form.register('reason')}
      />
      {captured.length > 0 && (
        <div className="space-y-2 rounded-xl border border-danger/60 bg-danger/10 p-3 text-sm">
          <p className="font-semibold">
            Paiement par carte encaissé :{' '}
            {captured
              .map(
                (payment) => `${KIND_LABELS[payment.kind] ?? payment.kind} de ${formatMoney(payment.amount)}`,
              )
              .join(', ')}
            .
          </p>
          <p>
            Relais ne rembourse pas de lui-même : faites le remboursement depuis le tableau de bord Stripe.
          </p>
          <Checkbox label="Je rembourse ce paiement sur Stripe" {...form.register('refundAcknowledged')} />
        </div>
      )}
    </FormDialog>
  );
}
