import { formatDay } from '#core/rules/french-dates.js';
import { Check, Clock } from 'lucide-react';
import { useState } from 'react';
import { INTERVAL_LABELS, type BillingInterval, type PaidPlan } from '#core/rules/billing.js';
import type { SubscriptionView } from '#core/schemas/billing.js';
import { NotInDemoNote } from '#web/ui/not-in-demo.js';
import { useIsDemo } from '#web/lib/session.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { useTariffs } from '#web/lib/tariffs.js';
import { Button } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { ConfirmDialog } from '#web/ui/confirm-dialog.js';
import { useToast } from '#web/ui/toast.js';
import { billingApi, useBillingMutation } from './api.js';
import { isEntitling, planAndInterval, planChoices } from './format.js';

const REQUEST_SENT = {
  title: 'Demande envoyée',
  description:
    'Un administrateur active votre formule ; Relais émet la facture, à régler par virement sous 30 jours.',
} as const;

/** A request waiting for an administrator (no online payment): what was asked, when, and the way to withdraw it. */
export function PendingRequest({ view }: { view: SubscriptionView }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const withdraw = useBillingMutation(billingApi.withdrawRequest, {
    onSuccess: () => {
      setConfirming(false);
      toast({ title: 'Demande annulée', variant: 'success' });
    },
    onError: (error) => {
      setConfirming(false);
      toast({ title: errorMessage(error, 'La demande n’a pas pu être annulée'), variant: 'destructive' });
    },
  });
  const request = view.request;
  if (!request) return null;
  return (
    <section
      aria-labelledby="demande-en-cours"
      className="rounded-2xl border border-accent bg-brand-500/10 p-5"
    >
      <h2 id="demande-en-cours" className="flex items-center gap-2 text-lg font-bold">
        <Clock className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        Demande en cours
      </h2>
      <p className="mt-2">
        <strong>{planAndInterval(request.plan, request.interval)}</strong>, demandée le{' '}
        {formatDay(request.createdAt)}.
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        Un administrateur active votre formule ; Relais émet la facture, à régler par virement sous 30 jours.
      </p>
      <Button variant="secondary" className="mt-4" onClick={() => setConfirming(true)}>
        Annuler la demande
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Annuler la demande ?"
        confirmLabel="Annuler la demande"
        busy={withdraw.isPending}
        onConfirm={() => withdraw.mutate()}
      >
        <p>Votre formule actuelle ne change pas. Vous pourrez en demander une autre ensuite.</p>
      </ConfirmDialog>
    </section>
  );
}

/** Mensuel / Annuel, as two pressed-or-not buttons. */
function IntervalSwitch({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Période de facturation"
      className="flex w-fit gap-1 rounded-xl bg-surface-sunken p-1"
    >
      {(['month', 'year'] as const).map((interval) => (
        <button
          key={interval}
          type="button"
          aria-pressed={value === interval}
          onClick={() => onChange(interval)}
          className={cn(
            'min-h-11 rounded-lg px-4 py-2 font-semibold',
            value === interval ? 'bg-surface-raised shadow' : 'text-ink-muted hover:text-ink',
          )}
        >
          {INTERVAL_LABELS[interval]}
        </button>
      ))}
    </div>
  );
}

/**
 * The paid plans of the holder's role, monthly or annual, with prices and the annual saving. Choosing one goes to
 * Stripe Checkout when online payment is on; otherwise it records a request an administrator answers.
 */
export function PlanChooser({ view }: { view: SubscriptionView }) {
  const toast = useToast();
  const demo = useIsDemo();
  const current = isEntitling(view.subscription) ? view.subscription : null;
  const [interval, setBillingInterval] = useState<BillingInterval>(
    current?.interval ?? view.request?.interval ?? 'month',
  );
  const [chosen, setChosen] = useState<{ plan: PaidPlan; interval: BillingInterval } | null>(null);
  const tariffs = useTariffs();
  const choices = planChoices(view, tariffs, interval);
  const checkout = useBillingMutation(billingApi.checkout, {
    onSuccess: (result) => {
      setChosen(null);
      if (result.url) window.location.assign(result.url);
      else if (result.requested) toast({ ...REQUEST_SENT, variant: 'success' });
    },
    onError: (error) => {
      setChosen(null);
      toast({ title: errorMessage(error, 'Votre demande n’a pas pu être envoyée'), variant: 'destructive' });
    },
  });
  const paid = view.plan !== 'basic';
  const title = paid ? 'Changer de formule' : 'Passer à une formule payante';
  const chosenChoice = chosen ? choices.find((choice) => choice.plan === chosen.plan) : null;
  // Why the other plans cannot be chosen here, when they cannot.
  const lockedNote = view.request
    ? 'Une demande est en cours : annulez-la pour en faire une autre.'
    : choices.some((choice) => choice.state === 'locked')
      ? view.subscription?.source === 'stripe'
        ? 'Votre abonnement est payé en ligne : changez de formule depuis « Gérer mon abonnement et mes factures ».'
        : 'Votre formule a été accordée par Relais sur facture : écrivez-nous pour en changer, ou attendez la fin de sa période.'
      : null;
  return (
    <section
      aria-labelledby="changer-formule"
      className="rounded-2xl border border-line bg-surface-raised p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="changer-formule" className="text-lg font-bold">
          {title}
        </h2>
        <IntervalSwitch value={interval} onChange={setBillingInterval} />
      </div>
      <p className="mt-2 text-sm text-ink-muted">
        {view.stripeEnabled
          ? 'Paiement sécurisé par carte avec Stripe : votre formule s’active dès que Stripe confirme le paiement.'
          : 'Sans paiement en ligne : un administrateur active votre formule ; Relais émet la facture, à régler par virement sous 30 jours.'}
      </p>
      {demo && <NotInDemoNote className="mt-3" />}
      <ul className={cn('mt-4 grid gap-4', choices.length > 1 && 'md:grid-cols-2')}>
        {choices.map((choice) => {
          const open = choice.state === 'switch' || choice.state === 'change';
          return (
            <li
              key={choice.plan}
              className={cn(
                'flex flex-col rounded-xl border p-4',
                choice.state === 'current' ? 'border-accent ring-1 ring-accent' : 'border-line',
              )}
            >
              <h3 className="text-lg font-extrabold">{choice.name}</h3>
              <p className="mt-1">
                <span className="text-2xl font-extrabold">{choice.price}</span>
              </p>
              {choice.vat && <p className="text-sm text-ink-muted">{choice.vat}</p>}
              {choice.priceNote && <p className="text-sm font-semibold text-success">{choice.priceNote}</p>}
              <div className="mt-3 flex-1">
                <ul className="space-y-1.5 text-sm">
                  {choice.limits.map((line) => (
                    <li key={line} className="flex gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                      {line}
                    </li>
                  ))}
                </ul>
                {choice.note && <p className="mt-2 text-sm text-ink-muted">{choice.note}</p>}
              </div>
              <Button
                className="mt-4 w-full"
                variant={choice.state === 'current' ? 'secondary' : 'primary'}
                disabled={choice.state === 'current' || !open || checkout.isPending || demo}
                aria-label={
                  choice.state === 'current' || !open ? undefined : `${choice.action} (${choice.price})`
                }
                onClick={() => setChosen({ plan: choice.plan, interval })}
              >
                {choice.action}
              </Button>
            </li>
          );
        })}
      </ul>
      {lockedNote && <p className="mt-3 text-sm text-ink-muted">{lockedNote}</p>}
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(open) => !open && setChosen(null)}
        title={chosenChoice ? `${chosenChoice.action} ?` : ''}
        confirmLabel={view.stripeEnabled ? 'Payer avec Stripe' : 'Envoyer la demande'}
        busy={checkout.isPending}
        onConfirm={() => chosen && checkout.mutate(chosen)}
      >
        {chosen && chosenChoice && (
          <>
            <p>
              {planAndInterval(chosen.plan, chosen.interval)} : <strong>{chosenChoice.price}</strong>
              {chosenChoice.vat ? ` (${chosenChoice.vat})` : ''}.
            </p>
            <p>
              {view.stripeEnabled
                ? 'Vous allez sur la page de paiement sécurisée de Stripe ; vos données de carte ne passent pas par Relais.'
                : 'Un administrateur active votre formule ; Relais émet la facture, à régler par virement sous 30 jours.'}
            </p>
            {current && !view.stripeEnabled && (
              <p>Votre formule actuelle reste active jusqu’à l’activation de la nouvelle.</p>
            )}
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
