/**
 * What a completed mission owes, line by line, and its HT / TVA / TTC (decisions 018 and 042): the agreed price
 * applied to the real times, then the waiting beyond the franchise when the mission was published with a waiting
 * rate; VAT on their sum. The one computation: the payment row records its result, and every screen, alert,
 * e-mail, CSV, payment page and paper reads that row.
 */
import { amountOwed, withVat, type AmountOwed } from './money.js';
import { waitingCharge, waitingRateOf, type WaitingCharge } from './waiting-rate.js';

export interface MissionCharges {
  /** The transport itself: flat, hours or days at the agreed price. */
  owed: AmountOwed;
  /** The waiting billed beyond the franchise (null when the mission has no waiting rate). */
  waiting: WaitingCharge | null;
  vat: ReturnType<typeof withVat>;
}

export function missionCharges(
  mission: Parameters<typeof amountOwed>[0] & {
    waitingFranchiseMinutes: number | null;
    waitingQuarterPrice: string | null;
  },
  /** The waiting the driver recorded, per operation, in whole minutes (core/rules/road.ts waitingTotals). */
  waited: { pickupMinutes: number; deliveryMinutes: number },
  /** The carrier's VAT regime; null for an employee (gross pay) or while a carrier has not given theirs. */
  vatRegime: string | null,
): MissionCharges {
  const owed = amountOwed(mission);
  const rate = waitingRateOf(mission);
  const waiting = rate ? waitingCharge(waited, rate) : null;
  return { owed, waiting, vat: withVat(owed.amountCents + (waiting?.amountCents ?? 0), vatRegime) };
}
