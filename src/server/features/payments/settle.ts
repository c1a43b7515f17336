import { eq, sql } from 'drizzle-orm';
import { formatNumericDay } from '#core/rules/french-dates.js';
import { SETTLEMENT_ACTIONS, settlementTransition, type SettlementStatus } from '#core/rules/money.js';
import { paymentMessages, type DisputeInput, type MarkPaidInput } from '#core/schemas/payments.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments, transactions } from '../../db/schema/payments.js';
import { users, type User } from '../../db/schema/users.js';
import { AppError, forbidden } from '../../platform/errors.js';
import type { RecordedEvent } from '../../platform/events.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { ensurePayment } from './create.js';
import {
  lockedPayment,
  missingPayment,
  quoted,
  requireCompleted,
  sideOf,
  type PaymentDeps,
} from './shared.js';
import { parisDate } from '#core/rules/days.js';

export type SettlementInput =
  | { action: 'markPaid'; input: MarkPaidInput }
  | { action: 'confirm' }
  | { action: 'dispute'; input: DisputeInput };

const ONLY: Record<'driver' | 'transporter', string> = {
  transporter: 'Cette action est réservée au transporteur de la mission',
  driver: 'Cette action est réservée au chauffeur de la mission',
};

const paidOnError = (message: string) => new AppError(400, message, { paidOn: message });
const AMOUNT_NOT_FINAL =
  'Le montant n’est pas encore définitif : le chauffeur doit d’abord indiquer son régime de TVA (la TVA peut s’y ajouter).';

/**
 * One step of the settlement (core SETTLEMENT_ACTIONS): the transporter declares the transfer made (date,
 * reference), the driver confirms receipt or disputes it. The payment row is locked while the step is checked
 * and written, so two steps at once are taken one after the other and the second sees the first. Each step
 * writes a transaction for the user who took it, and alerts the other party once committed.
 */
export async function settle(deps: PaymentDeps, viewer: User, missionId: string, step: SettlementInput) {
  const { db } = deps;
  const { mission, side } = await sideOf(db, viewer, missionId);
  const rule = SETTLEMENT_ACTIONS[step.action];
  if (side !== rule.by) throw forbidden(ONLY[rule.by]);
  requireCompleted(mission);
  if (!(await ensurePayment(deps, missionId))) throw missingPayment();
  const today = parisDate(new Date());
  const event = await db.transaction(async (tx): Promise<RecordedEvent> => {
    const locked = await lockedPayment(tx, missionId);
    if (!locked) throw missingPayment();
    const { payment } = locked;
    // Paid by card (Stripe mode): the driver is paid by the transfer the transporter validates, not declared here.
    if (payment.method === 'stripe') throw new AppError(409, paymentMessages.paidOnline);
    const move = settlementTransition(payment.settlementStatus as SettlementStatus, step.action);
    if (!move.ok) throw new AppError(409, move.message);
    // An independent carrier's amount follows their VAT regime until settled: not declared paid or received
    // while it is unknown (the amounts settled are never rewritten afterwards).
    if (step.action !== 'dispute' && payment.engagementType === 'independent') {
      const [carrier] = await tx
        .select({ vatRegime: users.vatRegime })
        .from(users)
        .where(eq(users.id, payment.driverId));
      if (!carrier?.vatRegime) throw new AppError(409, AMOUNT_NOT_FINAL);
    }
    const base = {
      missionId,
      title: mission.title,
      companyId: payment.transporterId,
      driverId: payment.driverId,
      amount: payment.amount,
    };
    const record = (userId: string, type: 'credit' | 'debit', category: string, description: string) =>
      tx
        .insert(transactions)
        .values({ userId, missionId, type, category, amount: payment.amount, description });
    const title = `Mission ${quoted(mission.title)}`;

    if (step.action === 'markPaid') {
      const { paidOn, reference } = step.input;
      if (paidOn > today) throw paidOnError(paymentMessages.paidOnFuture);
      if (paidOn < parisDate(mission.startedAt ?? mission.startDate))
        throw paidOnError(paymentMessages.paidOnBeforeCompletion);
      await tx
        .update(driverPayments)
        .set({ settlementStatus: move.to, paidOn, paymentReference: reference, markedPaidAt: sql`now()` })
        .where(eq(driverPayments.id, payment.id));
      await record(
        payment.transporterId,
        'debit',
        'mission_marked_paid',
        `${title} : virement déclaré payé le ${formatNumericDay(paidOn)} (réf. ${reference})`,
      );
      return recordDomainEvent(tx, { type: 'payment.marked_paid', ...base, paidOn, reference });
    }

    if (step.action === 'confirm') {
      await tx
        .update(driverPayments)
        .set({
          settlementStatus: move.to,
          confirmedAt: sql`now()`,
          paidAt: payment.paidAt ?? sql`now()`,
        })
        .where(eq(driverPayments.id, payment.id));
      await tx.update(missions).set({ paymentStatus: 'paid' }).where(eq(missions.id, missionId));
      await record(
        payment.driverId,
        'credit',
        'mission_confirmed',
        payment.paymentReference
          ? `${title} : réception du paiement confirmée (réf. ${payment.paymentReference})`
          : `${title} : réception du paiement confirmée`,
      );
      return recordDomainEvent(tx, { type: 'payment.confirmed', ...base });
    }

    const { reason } = step.input;
    await tx
      .update(driverPayments)
      .set({ settlementStatus: move.to, disputedAt: sql`now()`, disputeReason: reason })
      .where(eq(driverPayments.id, payment.id));
    await record(
      payment.driverId,
      'credit',
      'mission_disputed',
      payment.paymentReference
        ? `${title} : paiement contesté (réf. ${payment.paymentReference}) — ${reason}`
        : `${title} : paiement contesté — ${reason}`,
    );
    return recordDomainEvent(tx, { type: 'payment.disputed', ...base, reason });
  });
  await deps.events.publish(event);
}
