import { SETTLEMENT_LABELS, settlementState, type SettlementStatus } from '#core/rules/money.js';
import type { BadgeTone } from '#web/ui/badge.js';

/**
 * The settlement's badge: its French label, "En retard" once overdue, and the colour that says it. Paid online
 * (Stripe), the mission stays owed to the driver until the transporter validates it, which sends the transfer.
 */
export function settlementBadge(
  status: SettlementStatus,
  overdue: boolean,
  paidOnline = false,
): { label: string; tone: BadgeTone } {
  const state = settlementState(status, overdue, paidOnline);
  if (state === 'overdue') return { label: 'En retard', tone: 'danger' };
  if (state === 'paid_online') return { label: 'Payé en ligne, à valider', tone: 'pending' };
  const tone: Record<SettlementStatus, BadgeTone> = {
    owed: 'pending',
    marked_paid: 'pending',
    confirmed: 'success',
    disputed: 'danger',
  };
  return { label: SETTLEMENT_LABELS[state], tone: tone[state] };
}
