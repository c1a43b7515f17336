import { formatDay } from '#core/rules/french-dates.js';
import {
  ENTITLING_STATUSES,
  INTERVAL_LABELS,
  PLAN_NAMES,
  PLAN_NOTES,
  paidPlansFor,
  planAmountText,
  planPrice,
  planPriceText,
  planVatText,
  pricedExclTax,
  shownCents,
  type BillingInterval,
  type PaidPlan,
} from '#core/rules/billing.js';
import { planSummary } from '#core/rules/plans.js';
import type { Tariffs } from '#core/rules/tariffs.js';
import type { SubscriptionView } from '#core/schemas/billing.js';

type Subscription = NonNullable<SubscriptionView['subscription']>;

/** "Premium", "Elite", "Transporteur": the plan's name in a button. */
const SHORT_PLAN_NAMES: Record<PaidPlan, string> = {
  premium: 'Premium',
  elite: 'Elite',
  transporter: 'Transporteur',
};

const per = (interval: BillingInterval) => (interval === 'month' ? 'mois' : 'an');

/** "14,90 € / mois", "741,58 € HT / an". */
export function priceLabel(tariffs: Tariffs, plan: PaidPlan, interval: BillingInterval): string {
  return `${planPriceText(planPrice(tariffs, plan, interval))} / ${per(interval)}`;
}

/**
 * Twelve months at the monthly price minus the annual price, in cents (never below 0), in the figures the plan is
 * shown by (before VAT for the transport companies' plan).
 */
export function annualSavingCents(tariffs: Tariffs, plan: PaidPlan): number {
  const shown = (interval: BillingInterval) => shownCents(planPrice(tariffs, plan, interval));
  return Math.max(0, shown('month') * 12 - shown('year'));
}

/** Whether the subscription gives its plan's rights now (active, trial, or a payment late but not lost). */
export const isEntitling = (subscription: Subscription | null) =>
  subscription !== null && ENTITLING_STATUSES.includes(subscription.status);

/** When the current period ends, as its holder needs to read it. */
export function periodText(subscription: Subscription): string | null {
  if (!subscription.currentPeriodEnd) return null;
  const date = formatDay(subscription.currentPeriodEnd);
  if (subscription.cancelAtPeriodEnd) return `Résiliation à la fin de la période le ${date}`;
  if (!isEntitling(subscription)) return null;
  return subscription.source === 'stripe'
    ? `Renouvellement automatique le ${date}`
    : `Période en cours jusqu’au ${date}`;
}

/**
 * `pending`: a request waits; `locked`: with online payment, a live subscription changes elsewhere (Stripe's
 * portal, or Relais for a plan it granted), so nothing is chosen here.
 */
type ChoiceState = 'current' | 'switch' | 'change' | 'pending' | 'locked';

export interface PlanChoice {
  plan: PaidPlan;
  name: string;
  state: ChoiceState;
  /** The button's words ("Votre formule", "Passer à l’annuel", "Choisir Elite"). */
  action: string;
  price: string;
  /** Beside a price before VAT: "TVA 20 % : 14,98 € · 89,90 € TTC"; null for a price VAT included. */
  vat: string | null;
  /** Annual: what twelve months would cost more; monthly: the annual offer. */
  priceNote: string | null;
  limits: string[];
  note: string | null;
}

/**
 * The paid plans the holder's role may take, for the interval shown: theirs (nothing to do, or a switch of
 * interval), the others (a change), or all waiting while a request is pending.
 */
export function planChoices(
  view: SubscriptionView,
  tariffs: Tariffs,
  interval: BillingInterval,
): PlanChoice[] {
  const current = isEntitling(view.subscription) ? view.subscription : null;
  return paidPlansFor(view.role).map((plan) => {
    const mine = view.plan === plan;
    const sameInterval = mine && (current?.interval ?? interval) === interval;
    const state: ChoiceState =
      mine && sameInterval
        ? 'current'
        : view.request
          ? 'pending'
          : view.stripeEnabled && view.subscription
            ? 'locked'
            : mine
              ? 'switch'
              : 'change';
    const action =
      state === 'current'
        ? 'Votre formule'
        : state === 'switch'
          ? interval === 'year'
            ? 'Passer à l’annuel'
            : 'Passer au mensuel'
          : `Choisir ${SHORT_PLAN_NAMES[plan]}`;
    const saving = planAmountText(annualSavingCents(tariffs, plan), pricedExclTax(plan));
    const saves = annualSavingCents(tariffs, plan) > 0;
    const price = planPrice(tariffs, plan, interval);
    const priceNote =
      interval === 'year'
        ? saves
          ? `soit ${saving} d’économie sur un an`
          : null
        : `ou ${priceLabel(tariffs, plan, 'year')}${saves ? `, soit ${saving} d’économie` : ''}`;
    return {
      plan,
      name: PLAN_NAMES[plan],
      state,
      action,
      price: priceLabel(tariffs, plan, interval),
      vat: price.exclTax ? planVatText(price) : null,
      priceNote,
      limits: planSummary(view.role, plan).limits,
      note: PLAN_NOTES[plan] ?? null,
    };
  });
}

/** "Premium Chauffeur, mensuel". */
export const planAndInterval = (plan: keyof typeof PLAN_NAMES, interval: BillingInterval) =>
  `${PLAN_NAMES[plan]}, ${INTERVAL_LABELS[interval].toLowerCase()}`;
