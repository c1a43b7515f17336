import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import {
  PLAN_NAMES,
  planInvoiceAmounts,
  vatAmountsDecimal,
  type BillingInterval,
} from '#core/rules/billing.js';
import { toCents } from '#core/rules/money.js';
import type { SubscriptionPlan } from '#core/rules/enums.js';
import { planSummary } from '#core/rules/plans.js';
import type { SubscriptionView } from '#core/schemas/billing.js';
import type { Db } from '../../db/client.js';
import { planInvoices, stripePayments, subscriptions } from '../../db/schema/payments.js';
import type { User } from '../../db/schema/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { planUsage } from '../../platform/plan-usage.js';
import { issuePendingPlanInvoices } from './plan-invoices.js';
import { INTERVAL_ADJECTIVES, liveSubscription, planHolder } from './shared.js';

type Invoice = SubscriptionView['invoices'][number];

/** How many invoices of each kind the page lists (the newest). */
const INVOICES_SHOWN = 50;

/** Stripe's invoice and payment statuses, in French. */
const STRIPE_STATUS_LABELS: Record<string, string> = {
  paid: 'Payée',
  succeeded: 'Payée',
  open: 'En attente de paiement',
  pending: 'En attente de paiement',
  processing: 'Paiement en cours',
  requires_payment_method: 'Paiement à finaliser',
  requires_action: 'Paiement à finaliser',
  failed: 'Paiement refusé',
  uncollectible: 'Impayée',
  void: 'Annulée',
  refunded: 'Remboursée',
  canceled: 'Annulée',
};

/** Relais's invoice of a payment (decision 043), once issued: its number and where its PDF is. */
const ownInvoice = (invoice: { id: string; number: string } | null) => ({
  invoiceNumber: invoice?.number ?? null,
  pdfUrl: invoice ? `/api/billing/invoices/${invoice.id}/pdf` : null,
});

/**
 * The plan's invoices: Stripe's (their hosted receipt or invoice), and those an administrator recorded when
 * granting a plan (a B2B invoice sent by e-mail, paid by transfer: its reference, no link). Newest first; each
 * amount (VAT included) with what it is before VAT and the VAT it includes (decision 041).
 */
async function invoicesOf(db: Db, userId: string): Promise<Invoice[]> {
  const [online, granted] = await Promise.all([
    db
      .select({ row: stripePayments, invoice: { id: planInvoices.id, number: planInvoices.number } })
      .from(stripePayments)
      .leftJoin(planInvoices, eq(planInvoices.stripePaymentId, stripePayments.id))
      .where(and(eq(stripePayments.userId, userId), eq(stripePayments.kind, 'subscription')))
      .orderBy(desc(stripePayments.createdAt), desc(stripePayments.id))
      .limit(INVOICES_SHOWN),
    db
      .select({ row: subscriptions, invoice: { id: planInvoices.id, number: planInvoices.number } })
      .from(subscriptions)
      .leftJoin(planInvoices, eq(planInvoices.subscriptionId, subscriptions.id))
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.source, 'admin'),
          ne(subscriptions.status, 'requested'),
          isNotNull(subscriptions.amount),
        ),
      )
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(INVOICES_SHOWN),
  ]);
  const invoices: Array<Invoice & { at: number }> = [
    ...online.map(({ row, invoice }) => ({
      at: row.createdAt.getTime(),
      id: row.id,
      date: row.createdAt.toISOString(),
      ...vatAmountsDecimal(planInvoiceAmounts(toCents(row.amount))),
      description: row.description,
      status: STRIPE_STATUS_LABELS[row.status] ?? row.status,
      url: row.receiptUrl,
      reference: null,
      ...ownInvoice(invoice),
    })),
    ...granted.map(({ row, invoice }) => ({
      at: row.createdAt.getTime(),
      id: row.id,
      date: row.createdAt.toISOString(),
      ...vatAmountsDecimal(planInvoiceAmounts(toCents(row.amount!))),
      description: `Formule ${PLAN_NAMES[row.plan as SubscriptionPlan] ?? row.plan}, ${INTERVAL_ADJECTIVES[row.interval as BillingInterval]}`,
      status: 'Facturée (virement)',
      url: null,
      reference: row.invoiceReference,
      ...ownInvoice(invoice),
    })),
  ];
  // Newest first; two invoices of the same instant by id, as each query orders its own.
  return invoices
    .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map(({ at: _at, ...invoice }) => invoice);
}

/**
 * An invoice that waited (the publisher's details, the member's billing address) is tried again when the page is
 * opened, as a mission's documents are; the list is read again when one was issued.
 */
async function withOwnInvoices(
  deps: Pick<FeatureDeps, 'db' | 'storage'>,
  user: User,
  invoices: Invoice[],
): Promise<Invoice[]> {
  if (!user.billingAddress || invoices.every((invoice) => invoice.invoiceNumber)) return invoices;
  const { issued } = await issuePendingPlanInvoices(deps, user.id);
  return issued > 0 ? invoicesOf(deps.db, user.id) : invoices;
}

/** GET /api/billing/subscription: the holder's plan (read on this request), usage, subscription and invoices. */
export async function subscriptionView(
  deps: Pick<FeatureDeps, 'db' | 'stripe' | 'storage'>,
  user: User,
): Promise<SubscriptionView> {
  const { db, stripe } = deps;
  const role = planHolder(user);
  const summary = planSummary(role, user.subscriptionPlan);
  const [live, [request], usage, invoices] = await Promise.all([
    liveSubscription(db, user.id),
    db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'requested'))),
    planUsage(db, user),
    invoicesOf(db, user.id),
  ]);
  return {
    billingAddressMissing: !user.billingAddress,
    role,
    plan: user.subscriptionPlan as SubscriptionPlan,
    planName: summary.name,
    limits: summary.limits,
    subscription: live
      ? {
          id: live.id,
          status: live.status as NonNullable<SubscriptionView['subscription']>['status'],
          interval: live.interval as BillingInterval,
          source: live.source as 'stripe' | 'admin',
          currentPeriodEnd: live.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: live.cancelAtPeriodEnd,
        }
      : null,
    request: request
      ? {
          plan: request.plan as SubscriptionPlan,
          interval: request.interval as BillingInterval,
          createdAt: request.createdAt.toISOString(),
        }
      : null,
    usage,
    stripeEnabled: stripe !== null,
    invoices: await withOwnInvoices(deps, user, invoices),
  };
}
