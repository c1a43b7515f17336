/**
 * Plans and subscriptions (decision 018, docs/specification.md §9): which paid plans each role may hold, their price per
 * interval from the tariff settings, and the subscription statuses. Without Stripe an administrator grants or
 * ends a plan (B2B invoice paid by transfer); with Stripe the plan changes only from the verified webhook.
 */
import type { SubscriptionPlan } from './enums.js';
import { toCents } from './money.js';
import type { Tariffs } from './tariffs.js';

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export const INTERVAL_LABELS: Record<BillingInterval, string> = { month: 'Mensuel', year: 'Annuel' };

export const PAID_PLANS = ['premium', 'elite', 'transporter'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

export function paidPlansFor(role: 'driver' | 'transporter'): PaidPlan[] {
  return role === 'transporter' ? ['transporter'] : ['premium', 'elite'];
}

export function planFitsRole(plan: SubscriptionPlan | string, role: 'driver' | 'transporter'): boolean {
  return plan === 'basic' || (paidPlansFor(role) as string[]).includes(plan);
}

export const PLAN_NAMES: Record<SubscriptionPlan, string> = {
  basic: 'Freemium',
  premium: 'Premium Chauffeur',
  elite: 'Elite Chauffeur',
  transporter: 'Transporteur',
};

/**
 * Said with a plan wherever it is offered (/pricing, /driver/subscription), when a plan's card needs a caveat so
 * that a member never pays more believing otherwise. None today: Elite's applications come first (missions).
 */
export const PLAN_NOTES: Partial<Record<PaidPlan, string>> = {};

/** What Elite gives beyond Premium (the transporter sees an Elite driver's application first, marked "Elite"). */
export const ELITE_FEATURE = 'Candidatures en tête de liste chez le transporteur';

/** The plan's price for one interval, in cents, from the tariff settings. */
export function planPriceCents(tariffs: Tariffs, plan: PaidPlan, interval: BillingInterval): number {
  const euros =
    plan === 'premium'
      ? interval === 'month'
        ? tariffs.driverPremiumMonthly
        : tariffs.driverPremiumAnnual
      : plan === 'elite'
        ? interval === 'month'
          ? tariffs.driverEliteMonthly
          : tariffs.driverEliteAnnual
        : interval === 'month'
          ? tariffs.transporterMonthly
          : tariffs.transporterAnnual;
  return toCents(euros);
}

/**
 * `requested`: asked for without Stripe, waiting for an administrator; the Stripe statuses as Stripe names them;
 * `ended`: over (ended by an administrator, or its period ran out after a cancellation).
 */
export const SUBSCRIPTION_STATUSES = [
  'requested',
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'canceled',
  'paused',
  'ended',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Statuses in which the plan's rights apply. */
export const ENTITLING_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  requested: 'Demande en cours',
  active: 'Active',
  trialing: 'Période d’essai',
  past_due: 'Paiement en retard',
  unpaid: 'Impayée',
  incomplete: 'Paiement à finaliser',
  incomplete_expired: 'Paiement non finalisé',
  canceled: 'Résiliée',
  paused: 'En pause',
  ended: 'Terminée',
};

/** End of a period started on `from`: one calendar month or year later. */
export function periodEnd(from: Date, interval: BillingInterval): Date {
  const end = new Date(from);
  if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}
