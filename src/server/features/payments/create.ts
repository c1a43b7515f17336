import { eq } from 'drizzle-orm';
import { centsToDecimal, DEFAULT_PAYMENT_TERMS, paymentDueDate } from '#core/rules/money.js';
import { formatNumericDay } from '#core/rules/french-dates.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments, transactions } from '../../db/schema/payments.js';
import { users } from '../../db/schema/users.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { amountsOf } from './amounts.js';
import { issueDueDocuments } from './documents.js';
import { quoted, recordedWaiting, type PaymentDeps, type PaymentRow } from './shared.js';
import { parisDate } from '#core/rules/days.js';

/**
 * The one payment of a completed mission (what it owes, due when), made once: when the transporter confirms the
 * end of the mission (event) or, failing that, when a party first opens it. The unique index on mission_id
 * settles races (ON CONFLICT DO NOTHING): only the request that inserted the row writes the two "montant dû"
 * transactions (same transaction), announces it and issues its document.
 */
export async function ensurePayment(deps: PaymentDeps, missionId: string): Promise<PaymentRow | null> {
  const { db } = deps;
  const [existing] = await db.select().from(driverPayments).where(eq(driverPayments.missionId, missionId));
  if (existing) return existing;
  const [mission] = await db.select().from(missions).where(eq(missions.id, missionId));
  if (!mission || mission.status !== 'completed' || !mission.driverId) return null;
  const [driver] = await db.select().from(users).where(eq(users.id, mission.driverId));
  if (!driver) return null;
  // The waiting ended with the delivery: what the driver recorded by then is what the rate bills.
  const waited = await recordedWaiting(db, missionId, mission.deliveredAt);
  const { owed, waiting, vat } = amountsOf(mission, driver.vatRegime, waited);
  const completedAt = mission.completedAt ?? new Date();
  const terms = mission.paymentTerms ?? DEFAULT_PAYMENT_TERMS;
  const dueDate = paymentDueDate(mission.engagementType, terms, parisDate(completedAt));
  const amount = centsToDecimal(vat.grossCents);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(driverPayments)
      .values({
        missionId,
        driverId: driver.id,
        transporterId: mission.companyId,
        amount,
        currency: 'eur',
        completedAt,
        engagementType: mission.engagementType,
        pricingType: owed.pricingType,
        quantity: owed.quantity,
        unitPrice: centsToDecimal(owed.unitPriceCents),
        amountExclTax: centsToDecimal(vat.netCents),
        vatAmount: centsToDecimal(vat.vatCents),
        vatRate: vat.ratePercent === null ? null : String(vat.ratePercent),
        waitingQuarters: waiting?.quarters ?? 0,
        waitingQuarterPrice: waiting ? centsToDecimal(waiting.quarterHourCents) : null,
        waitingFranchiseMinutes: waiting?.franchiseMinutes ?? null,
        waitingAmount: centsToDecimal(waiting?.amountCents ?? 0),
        paymentTerms: terms,
        dueDate,
        // By transfer as agreed, until paid through Stripe (stripe feature).
        method: 'transfer',
      })
      .onConflictDoNothing({ target: driverPayments.missionId })
      .returning();
    if (!row) return null;
    const due = `échéance le ${formatNumericDay(dueDate)}`;
    await tx.insert(transactions).values([
      {
        userId: driver.id,
        missionId,
        type: 'credit',
        category: 'mission_owed',
        amount,
        description:
          mission.engagementType === 'employment'
            ? `Mission ${quoted(mission.title)} : rémunération brute due par l’employeur, versée avec la paie`
            : `Mission ${quoted(mission.title)} : montant dû par le transporteur, ${due}`,
      },
      {
        userId: mission.companyId,
        missionId,
        type: 'debit',
        category: 'mission_owed',
        amount,
        description:
          mission.engagementType === 'employment'
            ? `Mission ${quoted(mission.title)} : rémunération brute à verser à ${driver.fullName} avec la paie`
            : `Mission ${quoted(mission.title)} : montant à régler à ${driver.fullName}, ${due}`,
      },
    ]);
    const told = await recordDomainEvent(tx, {
      type: 'payment.created',
      missionId,
      title: mission.title,
      companyId: mission.companyId,
      driverId: driver.id,
      amount,
      engagementType: mission.engagementType as 'employment' | 'independent',
      dueDate,
      vat: driver.vatRegime === null ? 'unknown' : vat.ratePercent === null ? 'none' : 'included',
    });
    return { row, told };
  });
  if (!created) {
    const [winner] = await db.select().from(driverPayments).where(eq(driverPayments.missionId, missionId));
    return winner ?? null;
  }
  await deps.events.publish(created.told);
  await issueDueDocuments(deps, created.row);
  const [fresh] = await db.select().from(driverPayments).where(eq(driverPayments.id, created.row.id));
  return fresh ?? created.row;
}
