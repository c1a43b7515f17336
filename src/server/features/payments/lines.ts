import { centsToDecimal, formatCents, toCents } from '#core/rules/money.js';
import { quartersText } from '#core/rules/waiting-rate.js';
import { frenchQuantity, type DocumentLine, type RecordedWaiting } from './invoice-model.js';
import type { PaymentRow } from './shared.js';

/** "7,25 h × 32,00 €", "3 jours × 250,00 €", "Forfait": from what the payment row recorded. */
export function detailOf(payment: Pick<PaymentRow, 'pricingType' | 'quantity' | 'unitPrice'>): string {
  const unit = formatCents(toCents(payment.unitPrice));
  const quantity = frenchQuantity(payment.quantity);
  if (payment.pricingType === 'hourly') return `${quantity} h × ${unit}`;
  if (payment.pricingType === 'daily')
    return `${quantity} jour${Number(payment.quantity) > 1 ? 's' : ''} × ${unit}`;
  return 'Forfait';
}

/**
 * The lines of a money document and of the payment page, from what the payment row recorded: the transport at the
 * agreed price, then the waiting billed beyond the franchise (decision 042) when there is some. Their amounts add up
 * to the amount before VAT.
 */
export function linesOf(payment: PaymentRow): DocumentLine[] {
  const waitingCents = toCents(payment.waitingAmount);
  const transport: DocumentLine = {
    kind: 'transport',
    pricingType: payment.pricingType,
    detail: detailOf(payment),
    quantity: payment.quantity,
    unitPriceCents: toCents(payment.unitPrice),
    amountCents: toCents(payment.amountExclTax) - waitingCents,
  };
  if (payment.waitingQuarters === 0 || payment.waitingQuarterPrice === null) return [transport];
  const quarterCents = toCents(payment.waitingQuarterPrice);
  return [
    transport,
    {
      kind: 'waiting',
      pricingType: 'quarter_hour',
      detail: `${quartersText(payment.waitingQuarters)} × ${formatCents(quarterCents)}`,
      quantity: centsToDecimal(payment.waitingQuarters * 100),
      unitPriceCents: quarterCents,
      amountCents: waitingCents,
    },
  ];
}

/** The waiting a payment billed, as the driver recorded it (null when it billed none). */
export function billedWaiting(
  payment: PaymentRow,
  recorded: { pickupMinutes: number; deliveryMinutes: number },
): RecordedWaiting | null {
  if (payment.waitingQuarters === 0 || payment.waitingFranchiseMinutes === null) return null;
  return { franchiseMinutes: payment.waitingFranchiseMinutes, ...recorded };
}
