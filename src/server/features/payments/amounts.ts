import { and, eq } from 'drizzle-orm';
import { missionCharges } from '#core/rules/charges.js';
import { centsToDecimal, toCents, withVat } from '#core/rules/money.js';
import type { DbOrTx } from '../../db/client.js';
import { driverPayments, transactions } from '../../db/schema/payments.js';
import { AppError } from '../../platform/errors.js';
import type { MissionRow, PaymentRow } from './shared.js';

/** The most a numeric(12,2) column holds, in cents. */
const MAX_STORED_CENTS = 999_999_999_999;
export const AMOUNT_TOO_LARGE =
  'Le montant calculé pour cette mission dépasse ce que Relais peut enregistrer : vérifiez ses heures de début et de livraison avec notre support.';

/** An amount no payment row can hold (an hourly mission left running for months) is refused, not a 500. */
function storable<T extends { grossCents: number }>(vat: T): T {
  if (vat.grossCents > MAX_STORED_CENTS) throw new AppError(409, AMOUNT_TOO_LARGE);
  return vat;
}

/**
 * What a completed mission owes (core missionCharges, the one computation): the agreed price applied to the real
 * times, the waiting beyond the franchise when the mission has a waiting rate, with VAT for an independent carrier
 * subject to it (none while their regime is unknown), never for an employee (gross pay).
 */
export function amountsOf(
  mission: MissionRow,
  vatRegime: string | null,
  waited: { pickupMinutes: number; deliveryMinutes: number },
) {
  const regime = mission.engagementType === 'independent' ? vatRegime : null;
  const charges = missionCharges(mission, waited, regime);
  return { ...charges, vat: storable(charges.vat) };
}

/**
 * An independent carrier's payment brought in step with their VAT regime (they set it after the mission, or
 * changed it before the invoice was issued): the VAT, the total, and what the "montant dû" transactions say.
 * Call it in the caller's transaction, the payment row locked.
 */
export async function keepVatInStep(
  tx: DbOrTx,
  payment: PaymentRow,
  vatRegime: string | null,
): Promise<PaymentRow> {
  if (payment.engagementType !== 'independent') return payment;
  const vat = storable(withVat(toCents(payment.amountExclTax), vatRegime));
  const vatRate = vat.ratePercent === null ? null : String(vat.ratePercent);
  const sameRate = (payment.vatRate === null) === (vatRate === null);
  if (sameRate && toCents(payment.vatAmount) === vat.vatCents) return payment;
  const amount = centsToDecimal(vat.grossCents);
  const [updated] = await tx
    .update(driverPayments)
    .set({ amount, vatAmount: centsToDecimal(vat.vatCents), vatRate })
    .where(eq(driverPayments.id, payment.id))
    .returning();
  await tx
    .update(transactions)
    .set({ amount })
    .where(and(eq(transactions.missionId, payment.missionId), eq(transactions.category, 'mission_owed')));
  return updated!;
}
