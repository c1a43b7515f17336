import { formatDay } from '#core/rules/french-dates.js';
import { Dialog } from 'radix-ui';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  INTERVAL_LABELS,
  PLAN_NAMES,
  paidPlansFor,
  planPrice,
  planPriceLine,
  planPriceOf,
  type BillingInterval,
  type PaidPlan,
} from '#core/rules/billing.js';
import { useTariffs } from '#web/lib/tariffs.js';
import type { AdminSubscription } from '#core/schemas/billing.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button } from '#web/ui/button.js';
import { SelectField, TextField } from '#web/ui/field.js';
import { DialogFrame } from '#web/ui/dialog.js';
import { ReasonDialog } from './reason-dialog.js';

type Holder = AdminSubscription['user'];

interface GrantForm {
  plan: PaidPlan;
  interval: BillingInterval;
  invoiceReference: string;
}

const grantResolver = lazyResolver<GrantForm>(
  async () => (await import('./subscription-resolvers.js')).grantResolver as never,
);
const endResolver = lazyResolver<{ reason: string }>(
  async () => (await import('./subscription-resolvers.js')).endResolver as never,
);

const holderLine = (holder: Holder) =>
  `${holder.fullName}${holder.companyName ? ` (${holder.companyName})` : ''} · ${holder.email}`;

export interface GrantTarget {
  user: Holder;
  /** What the member asked for (a request), else the first plan of their role, monthly. */
  plan?: PaidPlan;
  interval?: BillingInterval;
  /** The price the server gives for that plan and interval (before VAT, VAT, with VAT). */
  price?: AdminSubscription['price'];
  /** A renewal: the end of the granted period it replaces (null when it has none). */
  replaces?: string | null;
}

/** What "Activer" proposes: the plan and interval asked for when the member's role has them, else its first plan. */
function grantDefaults(target: GrantTarget | null): GrantForm {
  const roleplans = target ? paidPlansFor(target.user.role) : [];
  return {
    plan: target?.plan && roleplans.includes(target.plan) ? target.plan : (roleplans[0] ?? 'premium'),
    interval: target?.interval ?? 'month',
    invoiceReference: '',
  };
}

/**
 * "Activer": the plan and interval (those asked for by default), the reference of the invoice sent (optional), and
 * the amount to invoice. The server's field errors show under the fields, any other refusal above the buttons.
 */
export function GrantDialog({
  target,
  onOpenChange,
  onConfirm,
}: {
  target: GrantTarget | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (values: GrantForm) => Promise<unknown>;
}) {
  const roleplans = target ? paidPlansFor(target.user.role) : [];
  const form = useForm<GrantForm>({ resolver: grantResolver, defaultValues: grantDefaults(target) });
  const { errors, isSubmitting } = form.formState;
  // Reset when another member is chosen (the defaults follow the target).
  useEffect(() => {
    if (target) form.reset(grantDefaults(target));
  }, [target, form]);
  const plan = form.watch('plan');
  const interval = form.watch('interval');
  const tariffs = useTariffs();
  const price =
    target?.price && plan === target.plan && interval === target.interval
      ? planPriceLine(planPriceOf(target.price))
      : plan && interval
        ? planPriceLine(planPrice(tariffs, plan, interval))
        : null;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onConfirm(values);
      onOpenChange(false);
    } catch (error) {
      showFieldErrors(form, error);
      const fields = ['plan', 'interval', 'invoiceReference'] as const;
      if (!fields.some((field) => form.getFieldState(field).error))
        form.setError('root', { message: errorMessage(error, 'La formule n’a pas pu être activée') });
    }
  });
  return (
    <DialogFrame
      open={target !== null}
      onOpenChange={onOpenChange}
      title="Activer une formule"
      description={
        target && (
          <>
            <p>{holderLine(target.user)}</p>
            {target.replaces !== undefined && (
              <p className="text-sm">
                Elle remplace la formule en cours
                {target.replaces ? ` (jusqu’au ${formatDay(target.replaces)})` : ''} : la nouvelle période
                commence aujourd’hui.
              </p>
            )}
            <p className="text-sm">
              La formule s’applique tout de suite ; le membre en est averti. Envoyez-lui la facture, à régler
              par virement.
            </p>
          </>
        )
      }
    >
      <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
        <SelectField
          label="Formule"
          options={roleplans.map((value) => ({ value, label: PLAN_NAMES[value] }))}
          error={errors.plan?.message}
          onFocus={grantResolver.preload}
          {...form.register('plan')}
        />
        <SelectField
          label="Période"
          options={(['month', 'year'] as const).map((value) => ({ value, label: INTERVAL_LABELS[value] }))}
          error={errors.interval?.message}
          {...form.register('interval')}
        />
        <TextField
          label="Référence du client (facultatif)"
          maxLength={100}
          autoComplete="off"
          hint="Son bon de commande ou sa référence : elle figure sur la facture que Relais émet et dans l’historique."
          error={errors.invoiceReference?.message}
          onFocus={grantResolver.preload}
          {...form.register('invoiceReference')}
        />
        {price && (
          <p>
            Montant à facturer : <strong>{price}</strong>
          </p>
        )}
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
            {isSubmitting ? 'Envoi...' : 'Activer la formule'}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

/** "Mettre fin": the reason (10 characters at least), told to the member, who is back on the free plan at once. */
export function EndDialog({
  target,
  onOpenChange,
  onConfirm,
}: {
  target: AdminSubscription | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  return (
    <ReasonDialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title="Mettre fin à la formule"
      description={
        target && (
          <>
            <p>
              {PLAN_NAMES[target.plan]} de {holderLine(target.user)}
            </p>
            <p className="text-sm">
              Le membre revient tout de suite à la formule gratuite et à ses limites. Le motif lui est envoyé.
            </p>
          </>
        )
      }
      label="Motif"
      hint="10 caractères au moins, par exemple : facture impayée après relance."
      confirmLabel="Mettre fin"
      failure="La formule n’a pas pu être arrêtée"
      resolver={endResolver}
      onConfirm={onConfirm}
    />
  );
}
