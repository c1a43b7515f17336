import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import { centsToDecimal, toCents } from '#core/rules/money.js';
import type { DbOrTx } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments, stripePayments } from '../../db/schema/payments.js';
import type { DomainEvent } from '../../platform/events.js';
import type { StripeClient } from '../../platform/stripe.js';
import { collectedCents, refundOnCard } from './collected.js';
import {
  addTransactions,
  DEPOSIT_STATUSES,
  MISSION_PAYMENT_KINDS,
  quoted,
  uuidOrNull,
  type MissionPaymentKind,
  type MissionRow,
} from './shared.js';

type StripePaymentRow = typeof stripePayments.$inferSelect;

/** What applying a webhook event may need: Stripe itself (to refund a payment that does not count) and a log. */
export interface StripeCalls {
  stripe: StripeClient;
  log: FastifyBaseLogger;
}

/** A mission's deposit or balance as Stripe reports it (a PaymentIntent, or the Checkout Session that made it). */
export interface MissionPaymentFacts {
  missionId: string;
  kind: MissionPaymentKind;
  paymentIntentId: string;
  sessionId: string | null;
  amountCents: number;
  currency: string;
}

/** The mission and part a PaymentIntent or Session pays, from its metadata; null when it is not a mission's. */
export function missionPaymentOf(
  metadata: Stripe.Metadata | null | undefined,
  paymentIntentId: string | null,
  sessionId: string | null,
  amountCents: number | null | undefined,
  currency: string | null | undefined,
): MissionPaymentFacts | null {
  const missionId = uuidOrNull(metadata?.missionId);
  const kind = metadata?.kind as MissionPaymentKind | undefined;
  if (!missionId || !kind || !MISSION_PAYMENT_KINDS.includes(kind) || !paymentIntentId) return null;
  if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents < 0) return null;
  return { missionId, kind, paymentIntentId, sessionId, amountCents, currency: currency ?? 'eur' };
}

const KIND_LABELS: Record<MissionPaymentKind, string> = { deposit: 'Acompte', balance: 'Solde' };

/** How a payment's row was found: by its own PaymentIntent or Checkout Session, or as the newest page waiting. */
interface FoundRow {
  row: StripePaymentRow | undefined;
  /** Only a row found by its PaymentIntent or its Session is surely this payment's page. */
  sure: boolean;
}

/**
 * The stripe_payments row of this payment: the one that already has its PaymentIntent, else the one of its
 * Checkout Session, else the newest session of this mission and part still waiting (a PaymentIntent's events do
 * not name their session). Locked for update.
 */
async function rowOf(tx: DbOrTx, facts: MissionPaymentFacts): Promise<FoundRow> {
  const [byIntent] = await tx
    .select()
    .from(stripePayments)
    .where(eq(stripePayments.stripePaymentIntentId, facts.paymentIntentId))
    .for('update');
  if (byIntent) return { row: byIntent, sure: true };
  if (facts.sessionId) {
    const [bySession] = await tx
      .select()
      .from(stripePayments)
      .where(
        and(
          eq(stripePayments.stripeCheckoutSessionId, facts.sessionId),
          isNull(stripePayments.stripePaymentIntentId),
        ),
      )
      .for('update');
    if (bySession) return { row: bySession, sure: true };
  }
  const [waiting] = await tx
    .select()
    .from(stripePayments)
    .where(
      and(
        eq(stripePayments.missionId, facts.missionId),
        eq(stripePayments.kind, facts.kind),
        inArray(stripePayments.status, ['open', 'failed']),
        isNull(stripePayments.stripePaymentIntentId),
      ),
    )
    .orderBy(desc(stripePayments.createdAt), desc(stripePayments.id))
    .limit(1)
    .for('update');
  return { row: waiting, sure: false };
}

async function lockMission(tx: DbOrTx, missionId: string): Promise<MissionRow | undefined> {
  const [mission] = await tx.select().from(missions).where(eq(missions.id, missionId)).for('update');
  return mission;
}

/**
 * Records the payment's row with this status (inserting it when Relais had none: paid from a page Relais did not
 * open, or not surely the waiting one), and returns it.
 */
async function record(
  tx: DbOrTx,
  mission: MissionRow,
  facts: MissionPaymentFacts,
  row: StripePaymentRow | undefined,
  status: 'succeeded' | 'failed',
  eventAt: Date,
): Promise<StripePaymentRow> {
  const values = {
    stripePaymentIntentId: facts.paymentIntentId,
    amount: centsToDecimal(facts.amountCents),
    currency: facts.currency,
    status,
    stripeEventAt: eventAt,
  };
  if (row) {
    const [updated] = await tx
      .update(stripePayments)
      .set(values)
      .where(eq(stripePayments.id, row.id))
      .returning();
    return updated!;
  }
  const [sessionTaken] = facts.sessionId
    ? await tx
        .select({ id: stripePayments.id })
        .from(stripePayments)
        .where(eq(stripePayments.stripeCheckoutSessionId, facts.sessionId))
    : [];
  const [inserted] = await tx
    .insert(stripePayments)
    .values({
      ...values,
      userId: mission.companyId,
      kind: facts.kind,
      missionId: mission.id,
      stripeCheckoutSessionId: sessionTaken ? null : facts.sessionId,
      description: `${KIND_LABELS[facts.kind]} de la mission ${quoted(mission.title)}`,
    })
    .returning();
  return inserted!;
}

/**
 * Whether a payment counts for its mission: in euros, for exactly what its page asked, on a page Relais opened
 * and did not close, and for what is still due — a deposit only before the mission is completed, while none is
 * counted and no balance page exists; a balance only for what is owed less what was collected.
 */
async function counts(
  tx: DbOrTx,
  mission: MissionRow,
  facts: MissionPaymentFacts,
  found: FoundRow,
): Promise<boolean> {
  const page = found.row;
  if (facts.currency !== 'eur' || !page || page.currency !== 'eur') return false;
  if (!['open', 'failed'].includes(page.status) || toCents(page.amount) !== facts.amountCents) return false;
  if (facts.kind === 'deposit') {
    if (mission.depositPaid || !DEPOSIT_STATUSES.includes(mission.status)) return false;
    const [balancePage] = await tx
      .select({ id: stripePayments.id })
      .from(stripePayments)
      .where(and(eq(stripePayments.missionId, mission.id), eq(stripePayments.kind, 'balance')))
      .limit(1);
    return !balancePage;
  }
  if (mission.status !== 'completed') return false;
  const [owed] = await tx
    .select({ amount: driverPayments.amount })
    .from(driverPayments)
    .where(eq(driverPayments.missionId, mission.id));
  if (!owed) return false;
  return toCents(owed.amount) - (await collectedCents(tx, mission.id)) === facts.amountCents;
}

/**
 * payment_intent.succeeded, or checkout.session.completed of a mission (whichever comes first; the second finds
 * the payment applied and does nothing). When it counts (see counts): the payment's row, the mission's deposit
 * or balance paid, the transporter's debit, and an alert for the driver. When it does not, it is refunded in
 * full on the card at once, and both parties are told.
 */
export async function applyMissionPaymentSucceeded(
  calls: StripeCalls,
  tx: DbOrTx,
  event: Stripe.Event,
  facts: MissionPaymentFacts,
): Promise<DomainEvent[]> {
  const mission = await lockMission(tx, facts.missionId);
  if (!mission) return [];
  const found = await rowOf(tx, facts);
  if (found.row && ['succeeded', 'refunded'].includes(found.row.status)) return [];
  const counted = await counts(tx, mission, facts, found);
  // A payment that does not count never takes over a page it is not surely from (the page stays payable).
  const row = counted || found.sure ? found.row : undefined;
  const taken = await record(tx, mission, facts, row, 'succeeded', new Date(event.created * 1000));
  if (!counted)
    return facts.amountCents > 0
      ? [await refundOnCard(calls.stripe, calls.log, tx, mission, taken, facts.amountCents, 'not_due')]
      : [];
  const amount = centsToDecimal(facts.amountCents);
  if (facts.kind === 'deposit') {
    await tx
      .update(missions)
      .set({
        depositPaid: true,
        depositAmount: amount,
        stripePaymentIntentId: facts.paymentIntentId,
        paymentStatus: 'deposit_paid',
      })
      .where(eq(missions.id, mission.id));
  } else {
    await tx
      .update(missions)
      .set({ paymentStatus: 'paid', stripePaymentIntentId: facts.paymentIntentId, finalPaymentDue: amount })
      .where(eq(missions.id, mission.id));
    await tx
      .update(driverPayments)
      .set({ stripePaymentStatus: 'processing', method: 'stripe' })
      .where(
        and(eq(driverPayments.missionId, mission.id), eq(driverPayments.stripePaymentStatus, 'pending')),
      );
  }
  await addTransactions(tx, [
    {
      userId: mission.companyId,
      missionId: mission.id,
      type: 'debit',
      category: facts.kind,
      amount,
      description: `${KIND_LABELS[facts.kind]} payé par carte — mission ${quoted(mission.title)}`,
    },
  ]);
  return [
    {
      type: 'stripe.mission_paid',
      kind: facts.kind,
      missionId: mission.id,
      title: mission.title,
      companyId: mission.companyId,
      driverId: mission.driverId,
      amount,
    },
  ];
}

/**
 * payment_intent.payment_failed of a mission: the row says so and the transporter is told; a payment already
 * made never goes back (a late failure after success changes nothing), nor does the mission's paid status.
 */
export async function applyMissionPaymentFailed(
  tx: DbOrTx,
  event: Stripe.Event,
  facts: MissionPaymentFacts,
): Promise<DomainEvent[]> {
  const mission = await lockMission(tx, facts.missionId);
  if (!mission) return [];
  const { row } = await rowOf(tx, facts);
  if (row && ['succeeded', 'refunded'].includes(row.status)) return [];
  const eventAt = new Date(event.created * 1000);
  if (row?.stripeEventAt && row.stripeEventAt > eventAt) return [];
  await record(tx, mission, facts, row, 'failed', eventAt);
  if (mission.paymentStatus === 'pending')
    await tx.update(missions).set({ paymentStatus: 'failed' }).where(eq(missions.id, mission.id));
  return [
    {
      type: 'stripe.mission_payment_failed',
      kind: facts.kind,
      missionId: mission.id,
      title: mission.title,
      companyId: mission.companyId,
      driverId: mission.driverId,
      amount: centsToDecimal(facts.amountCents),
    },
  ];
}

/** checkout.session.expired: the waiting row of that session is closed (a new click makes a new session). */
export async function applyCheckoutExpired(tx: DbOrTx, session: Stripe.Checkout.Session): Promise<void> {
  await tx
    .update(stripePayments)
    .set({ status: 'expired' })
    .where(
      and(
        eq(stripePayments.stripeCheckoutSessionId, session.id),
        inArray(stripePayments.status, ['open', 'failed']),
      ),
    );
}
