import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDecimal, toCents } from '#core/rules/money.js';
import type { DbOrTx } from '../../db/client.js';
import { stripePayments } from '../../db/schema/payments.js';
import type { DomainEvent } from '../../platform/events.js';
import type { StripeClient } from '../../platform/stripe.js';
import { addTransactions, callStripe, quoted, type MissionRow, type RefundReason } from './shared.js';

type StripePaymentRow = typeof stripePayments.$inferSelect;

/** A card payment of a mission that Relais took (counted or refunded since): what it holds is amount − refunds. */
const TAKEN = ['succeeded', 'refunded'];

/**
 * What Relais holds for this mission, in cents: its deposits and balances paid on the card, less what was
 * refunded on them. A payout never sends more.
 */
export async function collectedCents(tx: DbOrTx, missionId: string): Promise<number> {
  const [row] = await tx
    .select({
      cents: sql<string>`coalesce(sum(${stripePayments.amount} - ${stripePayments.refundedAmount}), 0)`,
    })
    .from(stripePayments)
    .where(and(eq(stripePayments.missionId, missionId), inArray(stripePayments.status, TAKEN)));
  return toCents(row?.cents ?? '0');
}

const REFUND_LINES: Record<RefundReason, string> = {
  deposit_excess: 'Trop-perçu remboursé',
  not_due: 'Paiement non dû remboursé',
};

/**
 * Gives `cents` back on the card of this payment (Stripe refund, idempotency key per payment and running total,
 * so a retried step refunds once), records it on the row, and writes the line both wallets show: the
 * transporter's credit, and for the driver the same amount noted as not theirs. Call it in the transaction
 * that holds the mission's lock.
 */
export async function refundOnCard(
  stripe: StripeClient,
  log: FastifyBaseLogger,
  tx: DbOrTx,
  mission: MissionRow,
  payment: StripePaymentRow,
  cents: number,
  reason: RefundReason,
): Promise<DomainEvent> {
  const refundedBefore = toCents(payment.refundedAmount);
  const refundedAfter = refundedBefore + cents;
  await callStripe(log, () =>
    stripe.refunds.create(
      {
        payment_intent: payment.stripePaymentIntentId!,
        amount: cents,
        reason: reason === 'not_due' ? 'duplicate' : 'requested_by_customer',
        metadata: { missionId: mission.id, kind: reason },
      },
      { idempotencyKey: `refund-${payment.stripePaymentIntentId}-${refundedAfter}` },
    ),
  );
  const fully = refundedAfter >= toCents(payment.amount);
  await tx
    .update(stripePayments)
    .set({ refundedAmount: centsToDecimal(refundedAfter), ...(fully ? { status: 'refunded' } : {}) })
    .where(eq(stripePayments.id, payment.id));
  const amount = centsToDecimal(cents);
  const what = `${REFUND_LINES[reason]} sur la carte du transporteur — mission ${quoted(mission.title)}`;
  await addTransactions(tx, [
    {
      userId: mission.companyId,
      missionId: mission.id,
      type: 'credit',
      category: 'refund',
      amount,
      description: what,
    },
    ...(mission.driverId
      ? [
          {
            userId: mission.driverId,
            missionId: mission.id,
            type: 'debit' as const,
            category: 'refund' as const,
            amount,
            description: `${what} (ne réduit pas ce qui vous est dû)`,
          },
        ]
      : []),
  ]);
  return {
    type: 'stripe.refunded',
    reason,
    missionId: mission.id,
    title: mission.title,
    companyId: mission.companyId,
    driverId: mission.driverId,
    amount,
  };
}

/**
 * Gives back `cents` taken above what the mission owes, from its newest card payments first. Returns the events
 * to record (one per payment refunded).
 */
export async function refundExcess(
  stripe: StripeClient,
  log: FastifyBaseLogger,
  tx: DbOrTx,
  mission: MissionRow,
  cents: number,
): Promise<DomainEvent[]> {
  const taken = await tx
    .select()
    .from(stripePayments)
    .where(and(eq(stripePayments.missionId, mission.id), eq(stripePayments.status, 'succeeded')))
    .orderBy(desc(stripePayments.createdAt), desc(stripePayments.id))
    .for('update');
  const events: DomainEvent[] = [];
  let left = cents;
  for (const payment of taken) {
    if (left <= 0) break;
    const part = Math.min(left, toCents(payment.amount) - toCents(payment.refundedAmount));
    if (part <= 0 || !payment.stripePaymentIntentId) continue;
    events.push(await refundOnCard(stripe, log, tx, mission, payment, part, 'deposit_excess'));
    left -= part;
  }
  return events;
}
