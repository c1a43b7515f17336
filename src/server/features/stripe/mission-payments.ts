import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import Stripe from 'stripe';
import { amountOwed, centsToDecimal, mulDiv, toCents, withVat } from '#core/rules/money.js';
import { paymentMessages } from '#core/schemas/payments.js';
import type { DbOrTx } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments, stripePayments } from '../../db/schema/payments.js';
import { users, type User } from '../../db/schema/users.js';
import type { DomainEvent, RecordedEvent } from '../../platform/events.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordDomainEvents } from '../../platform/outbox.js';
import { collectedCents, refundExcess } from './collected.js';
import { lockActiveUsers } from '../../platform/sessions.js';
import type { StripeClient } from '../../platform/stripe.js';
import {
  callStripe,
  DEPOSIT_PERCENT,
  DEPOSIT_STATUSES,
  pageUrl,
  quoted,
  requireStripe,
  stripeMessages,
  type MissionPaymentKind,
  type MissionRow,
  type StripeDeps,
} from './shared.js';

/** What a Stripe step answers: the page to go to, or what was refunded or transferred (decimal strings). */
export interface StripeStepResult {
  url: string | null;
  refunded: string | null;
  transferred: string | null;
}

/** Checkout Sessions Relais opens stay payable for an hour (Stripe's minimum is 30 minutes). */
const SESSION_SECONDS = 3600;
const PRODUCT_LABELS: Record<MissionPaymentKind, string> = {
  deposit: `Acompte (${DEPOSIT_PERCENT} %)`,
  balance: 'Solde',
};

/** The transporter's own mission, locked for update; anyone else is told it is not there. */
async function ownMission(tx: DbOrTx, user: User, missionId: string): Promise<MissionRow> {
  await lockActiveUsers(tx, user.id);
  const [mission] = await tx.select().from(missions).where(eq(missions.id, missionId)).for('update');
  if (!mission || mission.companyId !== user.id) throw notFound(stripeMessages.missionNotFound);
  return mission;
}

/**
 * What the mission is expected to owe, in cents: the agreed price applied to its times (the planned ones until it
 * starts and ends: core amountOwed), with VAT for a carrier subject to it.
 */
export async function expectedCents(tx: DbOrTx, mission: MissionRow): Promise<number> {
  const net = amountOwed(mission).amountCents;
  if (mission.engagementType !== 'independent' || !mission.driverId) return net;
  const [driver] = await tx
    .select({ vatRegime: users.vatRegime })
    .from(users)
    .where(eq(users.id, mission.driverId));
  return withVat(net, driver?.vatRegime ?? null).grossCents;
}

/**
 * The Checkout Sessions of this mission and part that Relais opened and that may still be paid. A session still
 * open for `reuseCents` is handed back (two clicks, one page); other open ones are expired at Stripe so that only
 * one can be paid. One completed whose webhook has not arrived yet stops a payer's step (409), or is left to that
 * webhook (`whenPaid: 'leave'`: it refunds the payment if it no longer counts). Says how many pages it closed.
 */
export async function settleOpenSessions(
  stripe: StripeClient,
  tx: DbOrTx,
  log: FastifyBaseLogger,
  missionId: string,
  kind: MissionPaymentKind,
  {
    reuseCents = null,
    whenPaid = 'refuse',
  }: { reuseCents?: number | null; whenPaid?: 'refuse' | 'leave' } = {},
): Promise<{ url: string | null; closed: number }> {
  let closed = 0;
  const rows = await tx
    .select()
    .from(stripePayments)
    .where(
      and(
        eq(stripePayments.missionId, missionId),
        eq(stripePayments.kind, kind),
        inArray(stripePayments.status, ['open', 'failed']),
        isNotNull(stripePayments.stripeCheckoutSessionId),
      ),
    )
    .orderBy(desc(stripePayments.createdAt), desc(stripePayments.id))
    .for('update');
  for (const row of rows) {
    // A session Stripe no longer knows (another Stripe account, a test server restarted) is simply closed.
    const session = await callStripe(log, () =>
      stripe.checkout.sessions.retrieve(row.stripeCheckoutSessionId!).catch((error: unknown) => {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return null;
        throw error;
      }),
    );
    if (session?.status === 'complete') {
      if (whenPaid === 'leave') continue;
      throw new AppError(
        409,
        kind === 'deposit' ? stripeMessages.depositJustPaid : stripeMessages.missionPaid,
      );
    }
    if (session?.status === 'open') {
      if (reuseCents !== null && session.amount_total === reuseCents && session.url)
        return { url: session.url, closed };
      await callStripe(log, () => stripe.checkout.sessions.expire(session.id));
    }
    await tx.update(stripePayments).set({ status: 'expired' }).where(eq(stripePayments.id, row.id));
    closed++;
  }
  return { url: null, closed };
}

/** A Checkout Session (mode payment) for this part of the mission, and its waiting stripe_payments row. */
async function openCheckout(
  deps: StripeDeps,
  stripe: StripeClient,
  tx: DbOrTx,
  log: FastifyBaseLogger,
  user: User,
  mission: MissionRow,
  kind: MissionPaymentKind,
  cents: number,
): Promise<string> {
  const metadata = { missionId: mission.id, kind };
  const description = `${PRODUCT_LABELS[kind]} de la mission ${quoted(mission.title)}`;
  // Back where it was paid from: the deposit from the mission page, the balance from the payment page (which
  // opens only once the mission is completed).
  const from = kind === 'deposit' ? `/mission/${mission.id}` : `/mission/${mission.id}/payment`;
  const back = (outcome: string) => pageUrl(deps, `${from}?paiement=${outcome}`);
  const session = await callStripe(log, () =>
    stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: cents,
            product_data: { name: `${PRODUCT_LABELS[kind]} — ${mission.title}`.slice(0, 250) },
          },
        },
      ],
      payment_intent_data: { metadata, description, transfer_group: mission.id },
      metadata,
      client_reference_id: user.id,
      ...(user.stripeCustomerId ? { customer: user.stripeCustomerId } : { customer_email: user.email }),
      locale: 'fr',
      expires_at: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
      success_url: back('ok'),
      cancel_url: back('annule'),
    }),
  );
  if (!session.url) throw new AppError(502, stripeMessages.unavailable);
  await tx.insert(stripePayments).values({
    userId: user.id,
    amount: centsToDecimal(cents),
    status: 'open',
    kind,
    missionId: mission.id,
    stripeCheckoutSessionId: session.id,
    description,
  });
  return session.url;
}

/**
 * POST /api/missions/:id/payment/deposit: the transporter pays 30 % of what the mission is expected to owe
 * (rounded to the cent) on Stripe Checkout, once a driver is chosen and until the deposit is paid.
 */
export async function payDeposit(
  deps: StripeDeps,
  log: FastifyBaseLogger,
  user: User,
  missionId: string,
): Promise<StripeStepResult> {
  const stripe = requireStripe(deps.stripe);
  const url = await deps.db.transaction(async (tx) => {
    const mission = await ownMission(tx, user, missionId);
    if (mission.status === 'completed') throw new AppError(409, stripeMessages.depositTooLate);
    if (!DEPOSIT_STATUSES.includes(mission.status) || !mission.driverId)
      throw new AppError(409, stripeMessages.depositTooEarly);
    if (mission.paymentStatus === 'paid') throw new AppError(409, stripeMessages.missionPaid);
    if (mission.depositPaid) throw new AppError(409, stripeMessages.depositPaid);
    const deposit = mulDiv(await expectedCents(tx, mission), DEPOSIT_PERCENT, 100);
    const open = await settleOpenSessions(stripe, tx, log, mission.id, 'deposit', { reuseCents: deposit });
    if (open.url) return open.url;
    await tx
      .update(missions)
      .set({ depositAmount: centsToDecimal(deposit) })
      .where(eq(missions.id, mission.id));
    return openCheckout(deps, stripe, tx, log, user, mission, 'deposit', deposit);
  });
  return { url, refunded: null, transferred: null };
}

/**
 * POST /api/missions/:id/payment/balance: once the mission is completed and its payment row exists, what is owed
 * less what was collected on the card (exact cents). Positive: a Checkout Session. Zero: nothing more to pay.
 * Negative: the difference is refunded on the card payments (newest first) and the mission is paid.
 */
export async function payBalance(
  deps: StripeDeps,
  log: FastifyBaseLogger,
  user: User,
  missionId: string,
): Promise<StripeStepResult> {
  const stripe = requireStripe(deps.stripe);
  const { result, told } = await deps.db.transaction(async (tx) => {
    const mission = await ownMission(tx, user, missionId);
    if (mission.status !== 'completed' || !mission.driverId)
      throw new AppError(409, stripeMessages.balanceTooEarly);
    const [payment] = await tx.select().from(driverPayments).where(eq(driverPayments.missionId, mission.id));
    if (!payment) throw new AppError(409, paymentMessages.notCompleted);
    if (mission.paymentStatus === 'paid') throw new AppError(409, stripeMessages.missionPaid);
    // A deposit page still open would let the deposit be paid after the balance: closed first.
    await settleOpenSessions(stripe, tx, log, mission.id, 'deposit');
    const due = toCents(payment.amount) - (await collectedCents(tx, mission.id));
    if (due > 0) {
      await tx
        .update(missions)
        .set({ finalPaymentDue: centsToDecimal(due) })
        .where(eq(missions.id, mission.id));
      const url =
        (await settleOpenSessions(stripe, tx, log, mission.id, 'balance', { reuseCents: due })).url ??
        (await openCheckout(deps, stripe, tx, log, user, mission, 'balance', due));
      return { result: { url, refunded: null, transferred: null }, told: [] as RecordedEvent[] };
    }
    const refund = -due;
    const events: DomainEvent[] = [
      {
        type: 'stripe.mission_paid',
        kind: 'balance',
        missionId: mission.id,
        title: mission.title,
        companyId: mission.companyId,
        driverId: mission.driverId,
        amount: '0.00',
      },
    ];
    if (refund > 0) events.push(...(await refundExcess(stripe, log, tx, mission, refund)));
    await markPaid(tx, mission.id, payment.id);
    return {
      result: { url: null, refunded: refund > 0 ? centsToDecimal(refund) : null, transferred: null },
      told: await recordDomainEvents(tx, events),
    };
  });
  await deps.events.publish(told);
  return result;
}

/** The mission paid in full without a new card payment: nothing more due, the payout may follow. */
export async function markPaid(tx: DbOrTx, missionId: string, paymentId: string): Promise<void> {
  await tx
    .update(missions)
    .set({ paymentStatus: 'paid', finalPaymentDue: '0.00' })
    .where(eq(missions.id, missionId));
  await tx
    .update(driverPayments)
    .set({ stripePaymentStatus: 'processing', method: 'stripe' })
    .where(and(eq(driverPayments.id, paymentId), eq(driverPayments.stripePaymentStatus, 'pending')));
}
