import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  BILLING_INTERVALS,
  ENTITLING_STATUSES,
  INTERVAL_LABELS,
  PLAN_NAMES,
  paidPlansFor,
  planPriceCents,
  SUBSCRIPTION_STATUSES,
  type BillingInterval,
  type PaidPlan,
  type SubscriptionStatus,
} from '#core/rules/billing.js';
import type { SubscriptionPlan } from '#core/rules/enums.js';
import { centsToDecimal } from '#core/rules/money.js';
import { roleOf } from '#core/rules/roles.js';
import { DEFAULT_TARIFFS, type Tariffs } from '#core/rules/tariffs.js';
import type { DbOrTx } from '../../db/client.js';
import { stripePayments, subscriptions } from '../../db/schema/payments.js';
import { users, type User } from '../../db/schema/users.js';
import type { DomainEvent } from '../../platform/events.js';
import { readTariffs } from '../../platform/tariffs.js';
import { addTransactions, uuidOrNull } from './shared.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The statuses of the one live subscription a user may hold (partial unique index subscriptions_one_live_key). */
const LIVE: readonly SubscriptionStatus[] = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'paused',
];
/** Statuses a subscription never leaves. */
const FINAL: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired', 'ended'];

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
const instant = (seconds: number | null | undefined) =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;

/** The member (driver or transporter) a Stripe object is about, locked for update; null when none is known. */
async function memberOf(
  tx: DbOrTx,
  candidates: { userId: unknown; customer: string | null; subscription: string | null },
): Promise<User | null> {
  let userId = uuidOrNull(candidates.userId);
  if (!userId && candidates.customer) {
    const [byCustomer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.stripeCustomerId, candidates.customer));
    userId = byCustomer?.id ?? null;
  }
  if (!userId && candidates.subscription) {
    const [bySubscription] = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, candidates.subscription));
    userId = bySubscription?.userId ?? null;
  }
  if (!userId) return null;
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user && roleOf(user) !== 'admin' ? user : null;
}

/** Links the Stripe customer (and subscription) to the member, unless another member holds them already. */
async function linkCustomer(
  tx: DbOrTx,
  user: User,
  customer: string | null,
  subscription: string | null,
): Promise<void> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (customer && !user.stripeCustomerId) {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customer));
    if (!taken) changes.stripeCustomerId = customer;
  }
  if (subscription && user.stripeSubscriptionId !== subscription) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.stripeSubscriptionId, subscription), ne(users.id, user.id)));
    if (!taken) changes.stripeSubscriptionId = subscription;
  }
  if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, user.id));
}

/**
 * checkout.session.completed of a subscription: the member gets their Stripe customer and subscription ids.
 * The plan itself changes only with the subscription's own events (customer.subscription.*).
 */
export async function applySubscriptionCheckout(tx: DbOrTx, session: Stripe.Checkout.Session): Promise<void> {
  const customer = idOf(session.customer);
  const subscription = idOf(session.subscription);
  const user = await memberOf(tx, {
    userId: session.client_reference_id ?? session.metadata?.userId,
    customer,
    subscription,
  });
  if (user) await linkCustomer(tx, user, customer, subscription);
}

/** The subscription's first item (its price and, in API 2026, its current period). */
function firstItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem | undefined {
  return subscription.items?.data?.[0];
}

function intervalOf(subscription: Stripe.Subscription, row: SubscriptionRow | undefined): BillingInterval {
  const fromMetadata = subscription.metadata?.interval;
  if ((BILLING_INTERVALS as readonly string[]).includes(fromMetadata ?? ''))
    return fromMetadata as BillingInterval;
  const fromPrice: string | undefined = firstItem(subscription)?.price?.recurring?.interval;
  if (fromPrice === 'year' || fromPrice === 'month') return fromPrice;
  return (row?.interval as BillingInterval | undefined) ?? 'month';
}

/**
 * The paid plan the subscription is for: its metadata (what Relais's Checkout sets), else the price's lookup key
 * or metadata, else the tariff its amount and interval match for the member's role (the tariffs in force, then
 * the defaults: a subscription keeps the price it started at), else what the row had.
 */
function planOf(
  subscription: Stripe.Subscription,
  row: SubscriptionRow | undefined,
  role: 'driver' | 'transporter',
  interval: BillingInterval,
  tariffs: Tariffs,
): PaidPlan | null {
  const allowed: readonly string[] = paidPlansFor(role);
  const price = firstItem(subscription)?.price;
  const named = [subscription.metadata?.plan, price?.metadata?.plan, price?.lookup_key?.split(/[_:-]/)[0]];
  for (const candidate of named) if (candidate && allowed.includes(candidate)) return candidate as PaidPlan;
  if (typeof price?.unit_amount === 'number') {
    for (const figures of [tariffs, DEFAULT_TARIFFS]) {
      const matching = paidPlansFor(role).find(
        (plan) => planPriceCents(figures, plan, interval) === price.unit_amount,
      );
      if (matching) return matching;
    }
  }
  return row && allowed.includes(row.plan) ? (row.plan as PaidPlan) : null;
}

/** The current period: on the items in API 2026 (read defensively), on the subscription before it. */
function periodOf(subscription: Stripe.Subscription): { start: Date | null; end: Date | null } {
  const item = firstItem(subscription) as
    (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined;
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  return {
    start: instant(item?.current_period_start ?? legacy.current_period_start),
    end: instant(item?.current_period_end ?? legacy.current_period_end),
  };
}

/**
 * customer.subscription.created / updated / deleted: the `subscriptions` row (by Stripe id) takes the
 * subscription's plan, interval, status, period and cancellation; an event older than the last one applied is
 * ignored (out of order). The member's plan follows: the plan of their live subscription while its status
 * entitles (active, trialing, past_due), else Freemium. Only this verified webhook changes a plan in Stripe mode.
 */
export async function applySubscriptionEvent(
  tx: DbOrTx,
  event: Stripe.Event,
  subscription: Stripe.Subscription,
): Promise<DomainEvent[]> {
  const eventAt = new Date(event.created * 1000);
  const customer = idOf(subscription.customer);
  const user = await memberOf(tx, {
    userId: subscription.metadata?.userId,
    customer,
    subscription: subscription.id,
  });
  if (!user) return [];
  const role = roleOf(user) as 'driver' | 'transporter';
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, subscription.id))
    .for('update');
  const status: SubscriptionStatus =
    event.type === 'customer.subscription.deleted'
      ? 'canceled'
      : (SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status)
        ? (subscription.status as SubscriptionStatus)
        : ((row?.status as SubscriptionStatus | undefined) ?? 'incomplete');
  if (row?.stripeEventAt) {
    const last = row.stripeEventAt.getTime();
    // Older than what was applied: a late delivery. At the same second, an end is never undone.
    if (eventAt.getTime() < last) return [];
    if (
      eventAt.getTime() === last &&
      FINAL.includes(row.status as SubscriptionStatus) &&
      !FINAL.includes(status)
    )
      return [];
  }
  const interval = intervalOf(subscription, row);
  const plan = planOf(subscription, row, role, interval, await readTariffs(tx));
  if (!plan) return [];
  const price = firstItem(subscription)?.price;
  const period = periodOf(subscription);
  const values = {
    userId: user.id,
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: customer,
    stripePriceId: price?.id ?? row?.stripePriceId ?? null,
    plan,
    status,
    interval,
    source: 'stripe',
    currentPeriodStart: period.start ?? row?.currentPeriodStart ?? null,
    currentPeriodEnd: period.end ?? row?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd:
      subscription.cancel_at_period_end === true || typeof subscription.cancel_at === 'number',
    trialStart: instant(subscription.trial_start),
    trialEnd: instant(subscription.trial_end),
    amount:
      typeof price?.unit_amount === 'number' ? centsToDecimal(price.unit_amount) : (row?.amount ?? null),
    endedAt: FINAL.includes(status) ? (instant(subscription.ended_at) ?? eventAt) : null,
    stripeEventAt: eventAt,
  };
  if (LIVE.includes(status)) {
    // One live subscription per member: another one (an older Stripe one, or one granted by an administrator) ends.
    await tx
      .update(subscriptions)
      .set({ status: 'ended', endedAt: new Date() })
      .where(
        and(
          eq(subscriptions.userId, user.id),
          inArray(subscriptions.status, [...LIVE]),
          row ? ne(subscriptions.id, row.id) : sql`true`,
        ),
      );
  }
  if (row) await tx.update(subscriptions).set(values).where(eq(subscriptions.id, row.id));
  else await tx.insert(subscriptions).values(values);
  // The next period paid for, the same plan: the holder hears it is renewed.
  const renewed =
    row !== undefined &&
    row.plan === plan &&
    ENTITLING_STATUSES.includes(status) &&
    row.currentPeriodEnd !== null &&
    values.currentPeriodEnd !== null &&
    values.currentPeriodEnd > row.currentPeriodEnd;
  return settlePlan(tx, user, subscription.id, customer, renewed);
}

/** users.subscriptionPlan from the member's live subscription; a `plan.changed` event when it moved or renewed. */
async function settlePlan(
  tx: DbOrTx,
  user: User,
  subscriptionId: string,
  customer: string | null,
  renewed: boolean,
): Promise<DomainEvent[]> {
  const [live] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), inArray(subscriptions.status, [...ENTITLING_STATUSES])))
    .limit(1);
  const plan: SubscriptionPlan = (live?.plan as SubscriptionPlan | undefined) ?? 'basic';
  await linkCustomer(
    tx,
    user,
    customer,
    live?.stripeSubscriptionId === subscriptionId ? subscriptionId : null,
  );
  const updates: Partial<typeof users.$inferInsert> = {};
  if (plan !== user.subscriptionPlan) updates.subscriptionPlan = plan;
  if (!live && user.stripeSubscriptionId === subscriptionId) updates.stripeSubscriptionId = null;
  if (Object.keys(updates).length > 0) await tx.update(users).set(updates).where(eq(users.id, user.id));
  if (plan === user.subscriptionPlan && !renewed) return [];
  return [
    {
      type: 'plan.changed',
      userId: user.id,
      plan,
      previousPlan: user.subscriptionPlan,
      cause: 'stripe',
      periodEnd: live?.currentPeriodEnd?.toISOString() ?? null,
      reason: null,
    },
  ];
}

/**
 * invoice.paid: the member's subscription payment (stripe_payments, unique by invoice; its hosted page as the
 * receipt) and a debit in their transactions; Relais's own invoice of it is then due (plan.paid, decision 043).
 * A replayed invoice is recorded once.
 */
export async function applyInvoicePaid(
  tx: DbOrTx,
  event: Stripe.Event,
  invoice: Stripe.Invoice,
): Promise<DomainEvent[]> {
  const details = invoice.parent?.subscription_details ?? null;
  const subscriptionId = idOf(details?.subscription);
  const user = await memberOf(tx, {
    userId: details?.metadata?.userId ?? invoice.metadata?.userId,
    customer: idOf(invoice.customer),
    subscription: subscriptionId,
  });
  if (!user || !invoice.id) return [];
  const cents = invoice.amount_paid;
  if (!Number.isSafeInteger(cents) || cents < 0) return [];
  const [subscription] = subscriptionId
    ? await tx.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subscriptionId))
    : [];
  const description = subscription
    ? `Abonnement ${PLAN_NAMES[subscription.plan as SubscriptionPlan] ?? subscription.plan} (${INTERVAL_LABELS[subscription.interval as BillingInterval]?.toLowerCase() ?? subscription.interval})`
    : (invoice.lines?.data?.[0]?.description ?? 'Abonnement Relais');
  const amount = centsToDecimal(cents);
  const [saved] = await tx
    .insert(stripePayments)
    .values({
      userId: user.id,
      stripeInvoiceId: invoice.id,
      amount,
      currency: invoice.currency ?? 'eur',
      status: 'paid',
      description,
      receiptUrl: invoice.hosted_invoice_url ?? null,
      kind: 'subscription',
      stripeEventAt: new Date(event.created * 1000),
    })
    .onConflictDoNothing({ target: stripePayments.stripeInvoiceId })
    .returning({ id: stripePayments.id });
  if (!saved || cents === 0) return [];
  await addTransactions(tx, [
    { userId: user.id, type: 'debit', category: 'subscription', amount, description },
  ]);
  return [{ type: 'plan.paid', userId: user.id }];
}
