/**
 * Plans and subscriptions (decision 018, docs/specification.md §9): which paid plans each role may hold, their price per
 * interval from the tariff settings, and the subscription statuses. Without Stripe an administrator grants or
 * ends a plan (B2B invoice paid by transfer); with Stripe the plan changes only from the verified webhook.
 */
import type { SubscriptionPlan } from './enums.js';
import {
  addVat,
  centsToDecimal,
  formatCents,
  splitVat,
  toCents,
  vatBeside,
  type VatAmounts,
} from './money.js';
import { TARIFFS_EXCL_TAX, type Tariffs } from './tariffs.js';

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

/** Relais's VAT on its plans (a service sold in France): the normal rate. */
export const PLAN_VAT_RATE_PERCENT = 20;

/** Which tariff setting prices each plan for each interval. */
const TARIFF_OF: Record<PaidPlan, Record<BillingInterval, keyof Tariffs>> = {
  premium: { month: 'driverPremiumMonthly', year: 'driverPremiumAnnual' },
  elite: { month: 'driverEliteMonthly', year: 'driverEliteAnnual' },
  transporter: { month: 'transporterMonthly', year: 'transporterAnnual' },
};

/** Whether the plan is priced before VAT (the transport companies' plan, sold between professionals). */
export const pricedExclTax = (plan: PaidPlan): boolean => TARIFFS_EXCL_TAX.includes(TARIFF_OF[plan].month);

/** A plan's price: before VAT, the VAT, with VAT (what is charged), and whether it is entered and shown HT. */
export interface PlanPrice extends VatAmounts {
  ratePercent: number;
  exclTax: boolean;
}

/**
 * The plan's price for one interval, from the tariff settings (decision 041): the one computation of what is
 * charged, in cents. A plan priced before VAT gets the VAT added (rounded half up to the cent); a plan priced VAT
 * included is split into the VAT it includes.
 */
export function planPrice(tariffs: Tariffs, plan: PaidPlan, interval: BillingInterval): PlanPrice {
  const key = TARIFF_OF[plan][interval];
  return tariffPrice(key, tariffs[key]);
}

/** The price one tariff setting gives (the back office shows it as the tariff is typed). */
export function tariffPrice(key: keyof Tariffs, euros: number): PlanPrice {
  const entered = toCents(euros);
  const exclTax = TARIFFS_EXCL_TAX.includes(key);
  const amounts = exclTax ? addVat(entered, PLAN_VAT_RATE_PERCENT) : splitVat(entered, PLAN_VAT_RATE_PERCENT);
  return { ...amounts, ratePercent: PLAN_VAT_RATE_PERCENT, exclTax };
}

/** What the plan costs for one interval, VAT included, in cents: what Checkout charges and a grant invoices. */
export const planPriceCents = (tariffs: Tariffs, plan: PaidPlan, interval: BillingInterval): number =>
  planPrice(tariffs, plan, interval).grossCents;

/** The figure a plan's price is shown by: before VAT for a plan priced so, else VAT included. */
export const shownCents = (price: PlanPrice): number => (price.exclTax ? price.netCents : price.grossCents);

/** 7492 → "74,92 € HT" for a plan priced before VAT, 1490 → "14,90 €" for one priced VAT included. */
export const planAmountText = (cents: number, exclTax: boolean): string =>
  `${formatCents(cents)}${exclTax ? '\u00a0HT' : ''}`;

/** "74,92 € HT", "14,90 €": the plan's price as it is shown first. */
export const planPriceText = (price: PlanPrice): string => planAmountText(shownCents(price), price.exclTax);

/** Beside it: "TVA 20 % : 14,98 € · 89,90 € TTC", or "TVA incluse". */
export const planVatText = (price: PlanPrice): string => (price.exclTax ? vatBeside(price) : 'TVA incluse');

/** An invoice of a plan: its amount (VAT included), split into before VAT and the VAT at the plans' rate. */
export const planInvoiceAmounts = (amountCents: number): VatAmounts =>
  splitVat(amountCents, PLAN_VAT_RATE_PERCENT);

/** As the API carries them: "74.92", "14.98", "20.00", "89.90". */
export const vatAmountsDecimal = (amounts: VatAmounts) => ({
  amountExclTax: centsToDecimal(amounts.netCents),
  vatAmount: centsToDecimal(amounts.vatCents),
  vatRate: centsToDecimal((amounts.ratePercent ?? 0) * 100),
  amount: centsToDecimal(amounts.grossCents),
});

/** A plan's price as the API carries it, with how it is shown. */
export const planPriceDecimal = (price: PlanPrice) => ({
  ...vatAmountsDecimal(price),
  exclTax: price.exclTax,
});

/** And back, for the screens. */
export const vatAmountsOf = (decimal: ReturnType<typeof vatAmountsDecimal>) => ({
  netCents: toCents(decimal.amountExclTax),
  vatCents: toCents(decimal.vatAmount),
  grossCents: toCents(decimal.amount),
  ratePercent: Number(decimal.vatRate),
});

export const planPriceOf = (decimal: ReturnType<typeof planPriceDecimal>): PlanPrice => ({
  ...vatAmountsOf(decimal),
  exclTax: decimal.exclTax,
});

/** The price of no paid plan: nothing. */
export const FREE_PLAN_PRICE = planPriceDecimal({
  ...planInvoiceAmounts(0),
  ratePercent: PLAN_VAT_RATE_PERCENT,
  exclTax: false,
});

/** All of it on one line: "74,92 € HT · TVA 20 % : 14,98 € · 89,90 € TTC", or "14,90 € TTC". */
export const planPriceLine = (price: PlanPrice): string =>
  price.exclTax
    ? `${planPriceText(price)} · ${vatBeside(price)}`
    : `${formatCents(price.grossCents)}\u00a0TTC`;

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
