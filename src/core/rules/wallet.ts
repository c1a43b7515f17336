/**
 * The wallet's lines (decision 040): each money event is one line, in the state it has reached, in the words of
 * the viewer's side. What a completed mission owes is one line from « À recevoir » (or « À régler ») to « Reçu »,
 * read from its payment; a card payment, a refund and a subscription are lines of their own. The steps of a
 * mission's settlement (declared paid, confirmed, disputed, the Stripe payout) stay in `transactions` as its
 * history; they are states of the mission's line, never lines again.
 */
import { formatNumericDay } from './french-dates.js';
import type { SettlementState } from './money.js';

export const WALLET_LINE_KINDS = ['mission', 'deposit', 'balance', 'refund', 'subscription'] as const;
export type WalletLineKind = (typeof WALLET_LINE_KINDS)[number];

/** The `transactions` categories that are lines of their own (the mission_* steps and the payout are states). */
export const LINE_CATEGORIES = ['deposit', 'balance', 'refund', 'subscription'] as const satisfies Exclude<
  WalletLineKind,
  'mission'
>[];

export const WALLET_LINE_KIND_LABELS: Record<WalletLineKind, string> = {
  mission: 'Règlement de mission',
  deposit: 'Acompte',
  balance: 'Solde',
  refund: 'Remboursement',
  subscription: 'Abonnement',
};

/** A mission's settlement states, then `paid` (a card payment, a subscription) and `refunded` (a refund). */
export const WALLET_LINE_STATES = [
  'owed',
  'overdue',
  'marked_paid',
  'paid_online',
  'confirmed',
  'disputed',
  'paid',
  'refunded',
] as const satisfies ReadonlyArray<SettlementState | 'paid' | 'refunded'>;
export type WalletLineState = (typeof WALLET_LINE_STATES)[number];

/** The state in each side's words (the driver is owed, the transporter owes). */
export const WALLET_STATE_LABELS: Record<'driver' | 'transporter', Record<WalletLineState, string>> = {
  driver: {
    owed: 'À recevoir',
    overdue: 'En retard',
    marked_paid: 'Payé — réception à confirmer',
    paid_online: 'Payé en ligne, à valider',
    confirmed: 'Reçu',
    disputed: 'Contesté',
    paid: 'Payé',
    refunded: 'Remboursé au transporteur',
  },
  transporter: {
    owed: 'À régler',
    overdue: 'En retard',
    marked_paid: 'Payé — réception à confirmer',
    paid_online: 'Payé en ligne, à valider',
    confirmed: 'Reçu par le chauffeur',
    disputed: 'Contesté',
    paid: 'Payé',
    refunded: 'Remboursé',
  },
};

/** The state of a line that is not a mission's: a refund is given back, anything else was paid. */
export const stateOfCategory = (kind: Exclude<WalletLineKind, 'mission'>): WalletLineState =>
  kind === 'refund' ? 'refunded' : 'paid';

/** What a mission's line says beside its amount: how the pay comes, when it falls due, the transfer, a dispute. */
export function missionLineDetail(line: {
  engagementType: 'employment' | 'independent' | null;
  method: 'transfer' | 'stripe' | null;
  dueDate: string | null;
  paidOn: string | null;
  reference: string | null;
  disputeReason: string | null;
}): string {
  const parts: string[] = [];
  if (line.engagementType === 'employment') parts.push('Rémunération brute, versée avec la paie');
  if (line.dueDate) parts.push(`échéance le ${formatNumericDay(line.dueDate)}`);
  if (line.paidOn)
    parts.push(
      `${line.method === 'stripe' ? 'versement Stripe' : 'virement'} du ${formatNumericDay(line.paidOn)}${line.reference ? `, réf. ${line.reference}` : ''}`,
    );
  if (line.disputeReason) parts.push(`contesté : ${line.disputeReason}`);
  const text = parts.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
