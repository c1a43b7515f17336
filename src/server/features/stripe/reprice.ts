import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { centsToDecimal, mulDiv, toCents } from '#core/rules/money.js';
import type { DbOrTx } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments, stripePayments } from '../../db/schema/payments.js';
import type { FeatureDeps } from '../../platform/deps.js';
import type { DomainEvent } from '../../platform/events.js';
import { recordDomainEvents } from '../../platform/outbox.js';
import type { StripeClient } from '../../platform/stripe.js';
import { collectedCents, refundExcess } from './collected.js';
import { expectedCents, markPaid, settleOpenSessions } from './mission-payments.js';
import { DEPOSIT_PERCENT, DEPOSIT_STATUSES, type MissionRow } from './shared.js';

export const REPRICE_JOB = 'stripe-reprice';

/**
 * When what a carrier's missions owe changes (their VAT regime), each of their missions paid on the card is
 * brought in step, one transaction per mission: see repriceMission.
 */
export function registerRepricing({ db, events, jobs, stripe }: FeatureDeps): void {
  if (!stripe) return;
  jobs.define<{ driverId: string }>(
    REPRICE_JOB,
    async ({ data, log }) => {
      for (const missionId of await missionsToReprice(db, data.driverId)) {
        const told = await db.transaction(async (tx) => repriceMission(stripe, log, tx, missionId));
        await events.publish(told);
      }
    },
    { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 300 },
  );
  events.subscribe(async (event) => {
    if (event.type === 'billing.vat_regime_changed')
      await jobs.send(REPRICE_JOB, { driverId: event.driverId });
  });
}

/** The carrier's missions with a card payment or a payment page, whose driver is not paid out yet. */
async function missionsToReprice(db: DbOrTx, driverId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: missions.id })
    .from(missions)
    .innerJoin(stripePayments, eq(stripePayments.missionId, missions.id))
    .leftJoin(driverPayments, eq(driverPayments.missionId, missions.id))
    .where(
      and(
        eq(missions.driverId, driverId),
        inArray(stripePayments.kind, ['deposit', 'balance']),
        inArray(stripePayments.status, ['open', 'failed', 'succeeded']),
        or(isNull(driverPayments.id), isNull(driverPayments.validatedAt)),
      ),
    )
    .orderBy(asc(missions.id));
  return rows.map((row) => row.id);
}

/**
 * One mission brought in step with what it owes now: its open payment pages for another amount are closed (at
 * Stripe too) and the transporter is told what is left to pay; once completed, a mission counted as paid that
 * now owes more is no longer paid (the balance page asks for the difference), and what was collected above what
 * it owes is refunded on the card. Locks the mission, then its payment rows.
 */
async function repriceMission(
  stripe: StripeClient,
  log: FastifyBaseLogger,
  tx: DbOrTx,
  missionId: string,
): Promise<ReturnType<typeof recordDomainEvents>> {
  const [mission] = await tx.select().from(missions).where(eq(missions.id, missionId)).for('update');
  if (!mission?.driverId) return [];
  const [payment] = await tx
    .select()
    .from(driverPayments)
    .where(eq(driverPayments.missionId, mission.id))
    .for('update');
  if (payment?.validatedAt) return [];
  const events: DomainEvent[] = [];
  const collected = await collectedCents(tx, mission.id);
  if (mission.status === 'completed' && payment) {
    const due = toCents(payment.amount) - collected;
    const closed = await closePagesBut(stripe, log, tx, mission, 'balance', due);
    if (due > 0 && (closed || mission.paymentStatus === 'paid')) {
      if (mission.paymentStatus === 'paid') await reopen(tx, mission, payment.id);
      events.push(amountChanged(mission, due));
    }
    if (due <= 0 && (due < 0 || mission.paymentStatus !== 'paid')) {
      // What was collected covers what is owed now: the excess goes back, the payout may follow.
      if (due < 0) events.push(...(await refundExcess(stripe, log, tx, mission, -due)));
      await markPaid(tx, mission.id, payment.id);
    }
  } else if (DEPOSIT_STATUSES.includes(mission.status) && !mission.depositPaid) {
    const deposit = mulDiv(await expectedCents(tx, mission), DEPOSIT_PERCENT, 100);
    if (await closePagesBut(stripe, log, tx, mission, 'deposit', deposit)) {
      await tx
        .update(missions)
        .set({ depositAmount: centsToDecimal(deposit) })
        .where(eq(missions.id, mission.id));
      events.push(amountChanged(mission, deposit));
    }
  }
  return recordDomainEvents(tx, events);
}

/**
 * Closes the mission's open pages of this part that ask another amount than `cents` (at Stripe too); true when
 * one was closed. A page already paid is left to its webhook, which refunds the payment if it no longer counts.
 */
async function closePagesBut(
  stripe: StripeClient,
  log: FastifyBaseLogger,
  tx: DbOrTx,
  mission: MissionRow,
  kind: 'deposit' | 'balance',
  cents: number,
): Promise<boolean> {
  const { closed } = await settleOpenSessions(stripe, tx, log, mission.id, kind, {
    reuseCents: cents > 0 ? cents : null,
    whenPaid: 'leave',
  });
  return closed > 0;
}

/** A mission counted as paid that owes more now: the balance is due again, the payout waits for it. */
async function reopen(tx: DbOrTx, mission: MissionRow, paymentId: string): Promise<void> {
  await tx
    .update(missions)
    .set({ paymentStatus: mission.depositPaid ? 'deposit_paid' : 'pending' })
    .where(eq(missions.id, mission.id));
  await tx
    .update(driverPayments)
    .set({ stripePaymentStatus: 'pending' })
    .where(and(eq(driverPayments.id, paymentId), eq(driverPayments.stripePaymentStatus, 'processing')));
}

const amountChanged = (mission: MissionRow, cents: number): DomainEvent => ({
  type: 'stripe.amount_changed',
  missionId: mission.id,
  title: mission.title,
  companyId: mission.companyId,
  driverId: mission.driverId,
  amount: centsToDecimal(cents),
});
