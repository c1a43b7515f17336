import { SETTLEMENT_LABELS, type SettlementStatus } from '#core/rules/money.js';

export type Tone = 'success' | 'pending' | 'danger' | 'muted';

/**
 * The settlement's badge: its French label, "En retard" once overdue, and the colour that says it. Paid online
 * (Stripe), the mission stays owed to the driver until the transporter validates it, which sends the transfer.
 */
export function settlementBadge(
  status: SettlementStatus,
  overdue: boolean,
  paidOnline = false,
): { label: string; tone: Tone } {
  if (overdue) return { label: 'En retard', tone: 'danger' };
  if (paidOnline && status === 'owed') return { label: 'Payé en ligne, à valider', tone: 'pending' };
  const tone: Record<SettlementStatus, Tone> = {
    owed: 'pending',
    marked_paid: 'pending',
    confirmed: 'success',
    disputed: 'danger',
  };
  return { label: SETTLEMENT_LABELS[status], tone: tone[status] };
}
