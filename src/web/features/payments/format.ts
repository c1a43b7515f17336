import { SETTLEMENT_LABELS, type SettlementStatus } from '#core/rules/money.js';

const PARIS = 'Europe/Paris';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "23 novembre 2026": a calendar day ("2026-11-23", read as such, no time zone involved) or the Paris day of an
 * instant.
 */
export function formatDay(value: string): string {
  const date = DAY.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return date.toLocaleDateString('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: DAY.test(value) ? 'UTC' : PARIS,
  });
}

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
