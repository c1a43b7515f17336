import { formatDay } from '#core/rules/french-dates.js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { SUBSCRIPTION_STATUS_LABELS } from '#core/rules/billing.js';
import { coordinationNote, planSummary } from '#core/rules/plans.js';
import type { SubscriptionView } from '#core/schemas/billing.js';
import { NotInDemoNote } from '#web/ui/not-in-demo.js';
import { useIsDemo } from '#web/lib/session.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { ConfirmDialog } from '#web/ui/confirm-dialog.js';
import { useToast } from '#web/ui/toast.js';
import { billingApi, billingKeys, useBillingMutation } from './api.js';
import { isEntitling, periodText } from './format.js';

/** The status as a small pill: green while the plan applies, orange when something waits, grey when over. */
function StatusPill({ status }: { status: NonNullable<SubscriptionView['subscription']>['status'] }) {
  const tone =
    status === 'active' || status === 'trialing'
      ? 'border-success/60 text-success'
      : status === 'past_due' || status === 'incomplete' || status === 'requested'
        ? 'border-accent/60 text-accent'
        : status === 'unpaid'
          ? 'border-danger/60 text-danger'
          : 'border-line text-ink-muted';
  return (
    <span className={cn('rounded-full border px-2.5 py-0.5 text-sm font-bold', tone)}>
      {SUBSCRIPTION_STATUS_LABELS[status]}
    </span>
  );
}

/** Cancel at the end of the period (after confirming), or undo it; Stripe's portal for a Stripe subscription. */
function PlanActions({ view }: { view: SubscriptionView }) {
  const toast = useToast();
  const demo = useIsDemo();
  const [confirming, setConfirming] = useState(false);
  const subscription = view.subscription;
  const fail = (fallback: string) => (error: unknown) =>
    toast({ title: errorMessage(error, fallback), variant: 'destructive' });
  const end = subscription?.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd) : null;
  const queryClient = useQueryClient();
  // Stripe's subscription changes at Stripe, then on our side when its webhook comes: read it again shortly.
  const followStripe = () => {
    if (subscription?.source !== 'stripe') return;
    for (const delay of [1500, 4000, 8000])
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: billingKeys.subscription }), delay);
  };
  const cancel = useBillingMutation(billingApi.cancel, {
    onSuccess: () => {
      followStripe();
      setConfirming(false);
      toast({
        title: 'Résiliation enregistrée',
        description: end ? `Votre formule reste active jusqu’au ${end}.` : undefined,
        variant: 'success',
      });
    },
    onError: (error) => {
      setConfirming(false);
      fail('La résiliation n’a pas pu être enregistrée')(error);
    },
  });
  const resume = useBillingMutation(billingApi.resume, {
    onSuccess: () => {
      followStripe();
      toast({ title: 'Votre abonnement continue', variant: 'success' });
    },
    onError: fail('La reprise n’a pas pu être enregistrée'),
  });
  const portal = useMutation({
    mutationFn: billingApi.portal,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: fail('Le portail de Stripe n’a pas pu s’ouvrir. Réessayez dans un instant.'),
  });
  if (!subscription) return null;
  // The portal also serves a subscription whose payment failed (to change the card).
  const portalShown = view.stripeEnabled && subscription.source === 'stripe';
  const entitling = isEntitling(subscription);
  if (!entitling && !portalShown) return null;
  // A demo's plan is part of its story: it is neither cancelled nor managed at Stripe.
  if (demo) return <NotInDemoNote className="mt-5" />;
  const free = planSummary(view.role, 'basic');
  return (
    <div className="mt-5 flex flex-wrap gap-2">
      {entitling &&
        (subscription.cancelAtPeriodEnd ? (
          <Button variant="secondary" disabled={resume.isPending} onClick={() => resume.mutate()}>
            Reprendre mon abonnement
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Résilier à la fin de la période
          </Button>
        ))}
      {portalShown && (
        <Button variant="secondary" disabled={portal.isPending} onClick={() => portal.mutate()}>
          Gérer mon abonnement et mes factures
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Résilier à la fin de la période ?"
        confirmLabel="Résilier"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      >
        <p>
          {end
            ? `Votre formule ${view.planName} reste active jusqu’au ${end}, puis n’est pas renouvelée.`
            : `Votre formule ${view.planName} n’est pas renouvelée à la fin de la période.`}
        </p>
        <p>
          Vous revenez ensuite à la formule {free.name} : {free.limits.join(', ').toLowerCase()}. Vous pouvez
          changer d’avis d’ici là.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** What the holder has: the plan in their role's words, what it gives, where the subscription stands. */
export function CurrentPlan({ view }: { view: SubscriptionView }) {
  const summary = planSummary(view.role, view.plan);
  const subscription = view.subscription;
  const period = subscription ? periodText(subscription) : null;
  // What the server lists beyond the limits already said in the sentence.
  const said = new Set(summary.limits.map((line) => line.toLowerCase()));
  const more = view.limits.filter((line) => !said.has(line.toLowerCase()));
  return (
    <section
      aria-labelledby="formule-actuelle"
      className="rounded-2xl border border-line bg-surface-raised p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="formule-actuelle" className="text-lg font-bold">
          Votre formule
        </h2>
        {subscription && <StatusPill status={subscription.status} />}
      </div>
      <p className="mt-2 text-lg">
        <strong className="text-2xl font-extrabold">{summary.name}</strong> :{' '}
        {summary.limits.join(', ').toLowerCase()}.
      </p>
      {more.length > 0 && (
        <ul className="mt-4 space-y-1.5" aria-label="Ce que votre formule vous donne aussi">
          {more.map((line) => (
            <li key={line} className="flex gap-2">
              <Check className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden="true" />
              {line}
            </li>
          ))}
        </ul>
      )}
      {subscription && isEntitling(subscription) && (
        <p className="mt-4 text-sm">
          Facturation {subscription.interval === 'month' ? 'mensuelle' : 'annuelle'}
          {subscription.source === 'admin' ? ', par virement' : ', payée en ligne avec Stripe'}
        </p>
      )}
      {period && (
        <p
          className={cn('mt-1 text-sm', subscription?.cancelAtPeriodEnd ? 'font-semibold' : 'text-ink-muted')}
        >
          {period}
        </p>
      )}
      {view.plan === 'basic' && <p className="mt-4 text-sm text-ink-muted">{coordinationNote(view.role)}</p>}
      <PlanActions view={view} />
    </section>
  );
}

/** Today's usage: what the limits leave ("2 candidatures restantes ce mois-ci"). */
export function Usage({ view }: { view: SubscriptionView }) {
  const { usage } = view;
  if (usage.labels.length === 0) return null;
  return (
    <section aria-labelledby="utilisation" className="rounded-2xl border border-line bg-surface-raised p-5">
      <h2 id="utilisation" className="text-lg font-bold">
        Votre utilisation
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {usage.labels.map((label) => (
          <li key={label} className="rounded-xl bg-surface-sunken px-4 py-3 font-semibold">
            {label}
          </li>
        ))}
      </ul>
    </section>
  );
}
