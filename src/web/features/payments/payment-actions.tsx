import { formatDay } from '#core/rules/french-dates.js';
import { useEffect, useState } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { formatMoney } from '#core/rules/money.js';
import type { MissionPayment } from '#core/schemas/payments.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { ConfirmDialog } from '#web/ui/confirm-dialog.js';
import { TextAreaField, TextField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { paymentApi, usePaymentMutation } from './api.js';
import { FormDialog } from '#web/ui/dialog.js';
import type { PayslipFormValues } from './form-values.js';
import { Panel } from './panel.js';
import { parisDate } from '#core/rules/days.js';

interface MarkPaidValues {
  paidOn: string;
  reference: string;
}
interface DisputeValues {
  reason: string;
}

const markPaidResolver = lazyResolver<MarkPaidValues>(
  async () => (await import('./resolvers.js')).markPaidResolver as never,
);
const disputeResolver = lazyResolver<DisputeValues>(
  async () => (await import('./resolvers.js')).disputeResolver as never,
);
const payslipResolver = lazyResolver<PayslipFormValues>(
  async () => (await import('./resolvers.js')).payslipResolver as never,
);

type Dialog = 'markPaid' | 'confirm' | 'dispute' | 'uploadPayslip';

/** A refused request: the server's field errors under the fields, anything else above the buttons. */
function showRefusal<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fallback: string) {
  showFieldErrors(form, error);
  const fields = Object.keys(form.getValues()) as Array<Parameters<typeof form.getFieldState>[0]>;
  if (!fields.some((field) => form.getFieldState(field).error))
    form.setError('root', { message: errorMessage(error, fallback) });
}

/** The payment's parties, as the dialogs name them. */
const names = (payment: MissionPayment) => ({
  company: payment.transporter.companyName ?? payment.transporter.fullName,
  driver: payment.driver.fullName,
});

function MarkPaidDialog({
  payment,
  open,
  onOpenChange,
}: {
  payment: MissionPayment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast();
  const today = parisDate(new Date());
  const form = useForm<MarkPaidValues>({
    resolver: markPaidResolver,
    defaultValues: { paidOn: today, reference: '' },
  });
  useEffect(() => {
    if (open) form.reset({ paidOn: parisDate(new Date()), reference: '' });
  }, [open, form]);
  const mark = usePaymentMutation(payment.missionId, (values: MarkPaidValues) =>
    paymentApi.markPaid(payment.missionId, values),
  );
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await mark.mutateAsync(values);
      onOpenChange(false);
      toast({
        title: 'Paiement déclaré',
        description: `${names(payment).driver} est prévenu et confirmera la réception.`,
        variant: 'success',
      });
    } catch (error) {
      showRefusal(form, error, 'Le paiement n’a pas pu être déclaré.');
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Marquer comme payé"
      description={
        <p>
          Vous déclarez avoir viré {formatMoney(payment.amount)} à {names(payment).driver}. Le chauffeur en
          est prévenu et confirme la réception, ou la conteste.
        </p>
      }
      submitLabel="Déclarer le paiement"
      busy={mark.isPending}
      rootError={errors.root?.message}
      onFocusCapture={markPaidResolver.preload}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label="Date du virement"
        type="date"
        max={today}
        error={errors.paidOn?.message}
        {...form.register('paidOn')}
      />
      <TextField
        label="Référence du virement"
        maxLength={140}
        autoComplete="off"
        hint="Le libellé ou la référence qui figure sur le relevé bancaire."
        error={errors.reference?.message}
        {...form.register('reference')}
      />
    </FormDialog>
  );
}

function DisputeDialog({
  payment,
  open,
  onOpenChange,
}: {
  payment: MissionPayment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast();
  const form = useForm<DisputeValues>({ resolver: disputeResolver, defaultValues: { reason: '' } });
  useEffect(() => {
    if (open) form.reset({ reason: '' });
  }, [open, form]);
  const dispute = usePaymentMutation(payment.missionId, (values: DisputeValues) =>
    paymentApi.dispute(payment.missionId, values),
  );
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await dispute.mutateAsync(values);
      onOpenChange(false);
      toast({
        title: 'Paiement contesté',
        description: `${names(payment).company} est prévenu et voit votre explication.`,
      });
    } catch (error) {
      showRefusal(form, error, 'La contestation n’a pas pu être enregistrée.');
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Contester le paiement"
      description={
        <p>
          Dites au transporteur ce qui ne va pas : virement non reçu, montant différent, heures manquantes… Il
          pourra déclarer un nouveau paiement.
        </p>
      }
      submitLabel="Contester"
      danger
      busy={dispute.isPending}
      rootError={errors.root?.message}
      onFocusCapture={disputeResolver.preload}
      onSubmit={(event) => void submit(event)}
    >
      <TextAreaField
        label="Ce qui ne va pas"
        rows={4}
        maxLength={1000}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
    </FormDialog>
  );
}

function PayslipDialog({
  payment,
  open,
  onOpenChange,
}: {
  payment: MissionPayment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast();
  const form = useForm<PayslipFormValues>({
    resolver: payslipResolver,
    defaultValues: { number: '', file: null },
  });
  useEffect(() => {
    if (open) form.reset({ number: '', file: null });
  }, [open, form]);
  const upload = usePaymentMutation(payment.missionId, (values: PayslipFormValues) =>
    paymentApi.uploadPayslip(payment.missionId, values.number, values.file![0]!),
  );
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await upload.mutateAsync(values);
      onOpenChange(false);
      toast({
        title: 'Bulletin de paie déposé',
        description: `${names(payment).driver} peut l’ouvrir depuis cette page.`,
        variant: 'success',
      });
    } catch (error) {
      showRefusal(form, error, 'Le bulletin n’a pas pu être déposé.');
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Déposer le bulletin de paie"
      description={
        <p>
          Le bulletin établi par votre logiciel de paie pour cette mission, en PDF (10 Mo au plus). Le
          chauffeur pourra l’ouvrir depuis cette page.
        </p>
      }
      submitLabel="Déposer"
      busy={upload.isPending}
      rootError={errors.root?.message}
      onFocusCapture={payslipResolver.preload}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label="Numéro du bulletin"
        maxLength={60}
        autoComplete="off"
        error={errors.number?.message}
        {...form.register('number')}
      />
      <TextField
        label="Fichier PDF"
        type="file"
        accept="application/pdf,.pdf"
        className="py-2 file:mr-3 file:rounded-md file:border-0 file:bg-surface-sunken file:px-3 file:py-1 file:text-ink"
        error={errors.file?.message}
        {...form.register('file')}
      />
    </FormDialog>
  );
}

/**
 * The actions to offer: the server's, except that a mission paid online (Stripe) is no longer settled by a
 * declared transfer — the "Paiement en ligne" panel follows it (validation, then the driver's payout).
 */
function offeredActions(payment: MissionPayment): MissionPayment['actions'] {
  if (payment.method !== 'stripe') return payment.actions;
  return payment.actions.filter((action) => action === 'uploadPayslip');
}

/** What the viewer has to do, in one sentence, from the actions offered now. */
function whatToDo(payment: MissionPayment, actions: MissionPayment['actions']): string {
  const { company } = names(payment);
  if (payment.viewerRole === 'driver') {
    if (payment.status === 'marked_paid')
      return `${company} déclare avoir payé le ${payment.paidOn ? formatDay(payment.paidOn) : '—'} : vérifiez votre compte, puis confirmez la réception ou contestez.`;
    return 'Confirmez la réception dès que le virement est arrivé sur votre compte, ou contestez s’il y a un problème.';
  }
  const payslip = actions.includes('uploadPayslip')
    ? ' Déposez aussi le bulletin de paie établi pour cette mission.'
    : '';
  if (!actions.includes('markPaid'))
    return 'Déposez le bulletin de paie établi par votre logiciel de paie pour cette mission : le chauffeur pourra l’ouvrir ici.';
  if (payment.status === 'disputed')
    return `Le chauffeur conteste le paiement : réglez le problème avec lui, puis déclarez le nouveau paiement.${payslip}`;
  return `Une fois le virement fait, déclarez-le : le chauffeur est prévenu et confirme la réception.${payslip}`;
}

/** What the viewer may do now: the transporter declares the payment (or files the payslip), the driver confirms or disputes. */
export function PaymentActions({ payment }: { payment: MissionPayment }) {
  const toast = useToast();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const confirm = usePaymentMutation(payment.missionId, () => paymentApi.confirm(payment.missionId), {
    onSuccess: () => {
      setDialog(null);
      toast({
        title: 'Réception confirmée',
        description: 'Le règlement de la mission est terminé. Merci !',
        variant: 'success',
      });
    },
    onError: (error) => {
      setDialog(null);
      toast({
        title: 'Confirmation impossible',
        description: errorMessage(error, 'Réessayez dans un instant.'),
        variant: 'destructive',
      });
    },
  });
  const actions = offeredActions(payment);
  if (actions.length === 0) return null;
  const opener = (name: Dialog) => (open: boolean) => setDialog(open ? name : null);
  const { company } = names(payment);
  return (
    <Panel title="À faire">
      <p className="mb-3 text-ink-muted">{whatToDo(payment, actions)}</p>
      <div className="flex flex-wrap gap-2">
        {actions.includes('markPaid') && (
          <Button onClick={() => setDialog('markPaid')}>Marquer comme payé</Button>
        )}
        {actions.includes('uploadPayslip') && (
          <Button variant="secondary" onClick={() => setDialog('uploadPayslip')}>
            Déposer le bulletin de paie
          </Button>
        )}
        {actions.includes('confirm') && (
          <Button onClick={() => setDialog('confirm')}>Confirmer la réception</Button>
        )}
        {actions.includes('dispute') && (
          <Button variant="secondary" onClick={() => setDialog('dispute')}>
            Contester
          </Button>
        )}
      </div>
      {actions.includes('markPaid') && (
        <MarkPaidDialog payment={payment} open={dialog === 'markPaid'} onOpenChange={opener('markPaid')} />
      )}
      {actions.includes('dispute') && (
        <DisputeDialog payment={payment} open={dialog === 'dispute'} onOpenChange={opener('dispute')} />
      )}
      {actions.includes('uploadPayslip') && (
        <PayslipDialog
          payment={payment}
          open={dialog === 'uploadPayslip'}
          onOpenChange={opener('uploadPayslip')}
        />
      )}
      <ConfirmDialog
        open={dialog === 'confirm'}
        onOpenChange={opener('confirm')}
        title="Confirmer la réception ?"
        confirmLabel="Confirmer la réception"
        busy={confirm.isPending}
        onConfirm={() => confirm.mutate(undefined)}
      >
        <p>
          Vous confirmez avoir reçu {formatMoney(payment.amount)} de {company} pour « {payment.missionTitle}{' '}
          ». Le règlement est alors terminé.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}
