import { formatDay } from '#core/rules/french-dates.js';
import { useState } from 'react';
import { formatMoney } from '#core/rules/money.js';
import type { MissionPayment } from '#core/schemas/payments.js';
import { NotInDemoNote } from '#web/ui/not-in-demo.js';
import { useIsDemo } from '#web/lib/session.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { useToast, type ToastInput } from '#web/ui/toast.js';
import { paymentApi, usePaymentMutation, type StripeStepResult } from './api.js';
import { Panel } from './panel.js';

type StripeAction = NonNullable<MissionPayment['stripe']>['actions'][number];

const ACTION_LABELS: Record<StripeAction, string> = {
  payDeposit: 'Payer l’acompte',
  payBalance: 'Payer le solde',
  validate: 'Valider la mission et payer le chauffeur',
  connect: 'Configurer mes versements',
};

/** Stripe's states, as people read them (an unknown one is shown as Stripe says it). */
const PAYMENT_STATES: Record<string, string> = {
  pending: 'En attente',
  requires_payment_method: 'En attente du paiement',
  requires_action: 'Authentification demandée',
  processing: 'En cours',
  succeeded: 'Payé',
  paid: 'Payé',
  deposit_paid: 'Acompte payé',
  failed: 'Échoué',
  canceled: 'Annulé',
  refunded: 'Remboursé',
};
// The driver's payout: `pending` until the mission is paid in full, `processing` once it is (waiting for the
// transporter's validation, which sends the transfer), then `paid`.
const TRANSFER_STATES: Record<string, string> = {
  pending: 'En attente du paiement de la mission',
  processing: 'En attente de validation',
  paid: 'Versé',
  succeeded: 'Versé',
  transferred: 'Versé',
  failed: 'Échoué',
  reversed: 'Annulé',
};

/** What a step that needed no Stripe page did: the driver paid, the deposit's excess refunded, or nothing left. */
function stepDone(result: StripeStepResult): ToastInput {
  const parts = [
    result.transferred ? `${formatMoney(result.transferred)} versés au chauffeur.` : null,
    result.refunded ? `${formatMoney(result.refunded)} d’acompte en trop vous sont remboursés.` : null,
  ].filter(Boolean);
  if (parts.length === 0) return { title: 'Rien à payer', description: 'Ce montant est déjà réglé.' };
  return { title: 'Mission validée', description: parts.join(' '), variant: 'success' };
}

/**
 * Online payment (only when Relais runs with Stripe): the deposit and the balance the transporter pays by card
 * on Stripe's pages, the validation that releases the driver's transfer, and the driver's payout account.
 */
export function StripePanel({ payment }: { payment: MissionPayment }) {
  const toast = useToast();
  const demo = useIsDemo();
  const [leaving, setLeaving] = useState(false);
  const stripe = payment.stripe;
  const step = usePaymentMutation(
    payment.missionId,
    (action: StripeAction): Promise<StripeStepResult> =>
      action === 'connect'
        ? paymentApi.connect(payment.missionId)
        : paymentApi.stripe(
            payment.missionId,
            action === 'payDeposit' ? 'deposit' : action === 'payBalance' ? 'balance' : 'validate',
          ),
    {
      onSuccess: (result) => {
        if (result.url) {
          // Card details are typed on Stripe's own page, never here.
          setLeaving(true);
          window.location.assign(result.url);
          return;
        }
        toast(stepDone(result));
      },
      onError: (error) =>
        toast({
          title: 'Paiement en ligne impossible',
          description: errorMessage(error, 'Réessayez dans un instant.'),
          variant: 'destructive',
        }),
    },
  );
  if (!stripe) return null;
  const rows: Array<[string, string]> = [];
  if (stripe.depositAmount)
    rows.push([
      'Acompte',
      `${formatMoney(stripe.depositAmount)} — ${stripe.depositPaid ? 'payé' : 'à payer'}`,
    ]);
  if (stripe.finalPaymentDue) rows.push(['Solde', formatMoney(stripe.finalPaymentDue)]);
  rows.push(['Paiement', PAYMENT_STATES[stripe.paymentStatus] ?? stripe.paymentStatus]);
  rows.push(['Versement au chauffeur', TRANSFER_STATES[stripe.transferStatus] ?? stripe.transferStatus]);
  if (stripe.validatedAt) rows.push(['Validée le', formatDay(stripe.validatedAt)]);
  if (stripe.paidAt) rows.push(['Versé le', formatDay(stripe.paidAt)]);
  return (
    <Panel title="Paiement en ligne">
      <dl>
        {rows.map(([term, value]) => (
          <div
            key={term}
            className="flex flex-wrap justify-between gap-x-4 border-b border-line py-2 last:border-b-0"
          >
            <dt className="text-ink-muted">{term}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {stripe.actions.length > 0 && demo && <NotInDemoNote className="mt-4" />}
      {stripe.actions.length > 0 && (
        <div className="mt-4 flex flex-wrap gap-2">
          {stripe.actions.map((action) => (
            <Button
              key={action}
              variant={action === 'connect' ? 'secondary' : 'primary'}
              disabled={step.isPending || leaving || demo}
              onClick={() => step.mutate(action)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
      )}
      <p className="mt-3 text-sm text-ink-muted">
        Le paiement par carte se fait sur la page sécurisée de Stripe : vos données de carte ne passent jamais
        par Relais.
      </p>
    </Panel>
  );
}
