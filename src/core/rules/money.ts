/**
 * Money (decision 018): amounts are integer cents in code and numeric(12,2) in PostgreSQL, never floating point;
 * the API carries them as decimal strings with two decimals ("1234.50"). What a mission owes, payment terms
 * and due dates, the settlement steps and the legal mentions of a French invoice live here, shared by the
 * server (PDFs, checks) and the screens.
 */
import { addDays, daysBetween, parisDate } from './days.js';

const DECIMAL = /^(-)?(\d{1,10})(?:[.,](\d{1,2}))?$/;

/** "1234.5" → 123450, "12" → 1200, 14.9 → 1490. Throws on anything that is not an amount with ≤ 2 decimals. */
export function toCents(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`Not an amount: ${String(value)}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] && cents !== 0 ? -cents : cents;
}

/** 123450 → "1234.50" (what the API and PostgreSQL numeric carry). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * 123450 → "1 234,50 €": what `Intl.NumberFormat('fr-FR', EUR)` prints (narrow no-break space between thousands,
 * no-break space before €; tariffs.test.ts compares them), written out because creating that formatter costs ~20 ms
 * on a phone, on the landing page's critical path.
 */
export function formatCents(cents: number): string {
  const abs = Math.abs(cents);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return `${cents < 0 ? '-' : ''}${units},${String(abs % 100).padStart(2, '0')}\u00a0€`;
}

/** "1234.5" → "1 234,50 €". */
export const formatMoney = (decimal: string | number): string => formatCents(toCents(decimal));

/** `cents × numerator / denominator`, rounded half up to the cent, in integers. */
export function mulDiv(cents: number, numerator: number, denominator: number): number {
  const product = cents * numerator;
  const quotient = Math.floor(product / denominator);
  const remainder = product - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

// ——— Payment terms ————————————————————————————————————————————————————————————————

/**
 * Chosen at publication. For road haulage the agreed term may never exceed 30 days from the invoice date
 * (article L441-11 II du Code de commerce), so no longer term is offered.
 */
export const PAYMENT_TERMS = ['reception', '15_days', '30_days'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  reception: 'À réception',
  '15_days': '15 jours',
  '30_days': '30 jours',
};
const TERMS_DAYS: Record<PaymentTerms, number> = { reception: 0, '15_days': 15, '30_days': 30 };
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = 'reception';

export const PAYMENT_TERMS_LEGAL_NOTE =
  'Pour le transport routier de marchandises, le délai de paiement ne peut dépasser 30 jours à compter de la date d’émission de la facture (article L441-11 du Code de commerce).';
export const EMPLOYMENT_PAY_NOTE =
  'Dans le cadre d’un contrat de travail, la rémunération est versée par l’employeur avec la paie, au moins une fois par mois (article L3242-1 du Code du travail).';

export function dueDateFor(terms: PaymentTerms | string, issuedOn: string): string {
  return addDays(issuedOn, TERMS_DAYS[terms as PaymentTerms] ?? 0);
}

/**
 * When what a mission owes falls due, from the day it was completed: for a carrier, the agreed term from the
 * invoice (that day); for an employee, pay comes with the payroll, so never before the end of that month.
 */
export function paymentDueDate(
  engagementType: 'employment' | 'independent' | string,
  terms: PaymentTerms | string,
  completedOn: string,
): string {
  const agreed = dueDateFor(terms, completedOn);
  if (engagementType !== 'employment') return agreed;
  const [year, month] = completedOn.split('-').map(Number);
  const monthEnd = new Date(Date.UTC(year!, month!, 0)).toISOString().slice(0, 10);
  return agreed > monthEnd ? agreed : monthEnd;
}

// ——— What a mission owes ———————————————————————————————————————————————————————————

export interface AmountOwed {
  pricingType: 'flat' | 'hourly' | 'daily';
  /** Hours (quarter-hour steps) or days worked; 1 for a flat price. Decimal string, e.g. "7.25". */
  quantity: string;
  unitPriceCents: number;
  amountCents: number;
  /** "7,25 h × 32,00 €", "2 jours × 250,00 €", "Forfait" */
  detail: string;
}

const quantityText = (value: number) =>
  Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0$/, '').replace('.', ',');

/**
 * The agreed price applied to the real times: a flat price as agreed; hourly, every started quarter of an hour
 * between the start and the delivery (at least one hour); daily, every calendar day (Paris) from the start day
 * to the delivery day. Integer arithmetic throughout.
 */
export function amountOwed(mission: {
  pricingType: string;
  price: string;
  startedAt: Date | string | null;
  deliveredAt: Date | string | null;
  startDate: Date | string;
  endDate: Date | string;
}): AmountOwed {
  const unit = toCents(mission.price);
  const from = new Date(mission.startedAt ?? mission.startDate);
  const to = new Date(mission.deliveredAt ?? mission.endDate);
  if (mission.pricingType === 'hourly') {
    const minutes = Math.max(0, Math.ceil((to.getTime() - from.getTime()) / 60_000));
    const quarters = Math.max(4, Math.ceil(minutes / 15));
    const hours = quarters / 4;
    return {
      pricingType: 'hourly',
      quantity: hours.toFixed(2),
      unitPriceCents: unit,
      amountCents: mulDiv(unit, quarters, 4),
      detail: `${quantityText(hours)} h × ${formatCents(unit)}`,
    };
  }
  if (mission.pricingType === 'daily') {
    const days = Math.max(1, daysBetween(parisDate(from), parisDate(to)) + 1);
    return {
      pricingType: 'daily',
      quantity: days.toFixed(2),
      unitPriceCents: unit,
      amountCents: unit * days,
      detail: `${days} jour${days > 1 ? 's' : ''} × ${formatCents(unit)}`,
    };
  }
  return {
    pricingType: 'flat',
    quantity: '1.00',
    unitPriceCents: unit,
    amountCents: unit,
    detail: 'Forfait',
  };
}

// ——— VAT of an independent carrier ————————————————————————————————————————————————

export const VAT_REGIMES = ['franchise', 'normal'] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];
export const VAT_REGIME_LABELS: Record<VatRegime, string> = {
  franchise: 'Franchise en base de TVA (micro-entreprise)',
  normal: 'Assujetti à la TVA (20 %)',
};
/** Road haulage of goods: the normal rate. */
export const TRANSPORT_VAT_RATE_PERCENT = 20;
export const VAT_FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';

/** An amount before VAT, its VAT and the total with VAT, in cents; the rate in percent (null: no VAT applies). */
export interface VatAmounts {
  netCents: number;
  vatCents: number;
  grossCents: number;
  ratePercent: number | null;
}

/** The VAT added to an amount before VAT: `net × rate / 100`, rounded half up to the cent. */
export function addVat(netCents: number, ratePercent: number): VatAmounts {
  const vatCents = mulDiv(netCents, ratePercent, 100);
  return { netCents, vatCents, grossCents: netCents + vatCents, ratePercent };
}

/**
 * An amount with VAT included, split: before VAT `gross × 100 / (100 + rate)` rounded half up, the VAT the rest.
 * For a total addVat made, this finds its amount before VAT again exactly (at 20 % the rounding moves the total
 * by less than half a cent of the amount before VAT); for any other total, it is the VAT that total includes.
 */
export function splitVat(grossCents: number, ratePercent: number): VatAmounts {
  const netCents = mulDiv(grossCents, 100, 100 + ratePercent);
  return { netCents, vatCents: grossCents - netCents, grossCents, ratePercent };
}

/** "20.00" or 20 → "20 %", "5.50" → "5,5 %" (a no-break space before the sign, as French writes it). */
export const vatRateText = (rate: string | number): string =>
  `${String(Number(rate)).replace('.', ',')}\u00a0%`;

/** "TVA 20 % : 130,10 €". */
const vatText = ({ vatCents, ratePercent }: VatAmounts): string =>
  `TVA ${vatRateText(ratePercent ?? 0)}\u00a0: ${formatCents(vatCents)}`;

/** What stands beside an amount before VAT: "TVA 20 % : 130,10 € · 780,60 € TTC". */
export const vatBeside = (amounts: VatAmounts): string =>
  `${vatText(amounts)} · ${formatCents(amounts.grossCents)}\u00a0TTC`;

/** Under an amount with VAT: "650,50 € HT · TVA 20 % : 130,10 €". */
export const exclTaxAndVat = (amounts: VatAmounts): string =>
  `${formatCents(amounts.netCents)}\u00a0HT · ${vatText(amounts)}`;

export function withVat(netCents: number, regime: VatRegime | string | null): VatAmounts {
  if (regime !== 'normal') return { netCents, vatCents: 0, grossCents: netCents, ratePercent: null };
  return addVat(netCents, TRANSPORT_VAT_RATE_PERCENT);
}

/** The category of the operation the e-invoicing reform asks every invoice to state: Relais's and road haulage are services. */
export const OPERATION_CATEGORY = 'Prestation de services';

export const invoiceTitle = (number: string) => `Facture n° ${number}`;

export const LATE_PAYMENT_MENTION =
  'En cas de retard de paiement : pénalités au taux directeur de la Banque centrale européenne majoré de 10 points, exigibles sans rappel, et indemnité forfaitaire pour frais de recouvrement de 40 € (articles L441-10 et D441-5 du Code de commerce). Pas d’escompte pour paiement anticipé.';

export const SELF_BILLING_MANDATE_TEXT =
  'Je donne mandat à Relais d’émettre en mon nom et pour mon compte les factures de mes prestations de transport réalisées via Relais (article 289 I-2 du CGI). Chaque facture m’est adressée dès son émission ; je reste responsable de ses mentions et de la déclaration de la TVA. Je peux contester une facture dans les 30 jours et mettre fin à ce mandat à tout moment pour les missions à venir.';

// ——— Settlement between the parties (direct, by bank transfer) ————————————————————————

export const SETTLEMENT_STATUSES = ['owed', 'marked_paid', 'confirmed', 'disputed'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
export const SETTLEMENT_LABELS: Record<SettlementStatus, string> = {
  owed: 'À régler',
  marked_paid: 'Payé — réception à confirmer',
  confirmed: 'Reçu',
  disputed: 'Contesté',
};

export const SETTLEMENT_ACTIONS = {
  markPaid: { by: 'transporter', from: ['owed', 'disputed'], to: 'marked_paid' },
  confirm: { by: 'driver', from: ['owed', 'marked_paid', 'disputed'], to: 'confirmed' },
  dispute: { by: 'driver', from: ['owed', 'marked_paid'], to: 'disputed' },
} as const satisfies Record<
  string,
  { by: 'driver' | 'transporter'; from: readonly SettlementStatus[]; to: SettlementStatus }
>;
export type SettlementAction = keyof typeof SETTLEMENT_ACTIONS;

export function settlementTransition(
  status: SettlementStatus,
  action: SettlementAction,
): { ok: true; to: SettlementStatus } | { ok: false; message: string } {
  const rule = SETTLEMENT_ACTIONS[action];
  if ((rule.from as readonly SettlementStatus[]).includes(status)) return { ok: true, to: rule.to };
  return {
    ok: false,
    message: `Action impossible : le règlement est « ${SETTLEMENT_LABELS[status].toLowerCase()} ».`,
  };
}

/** Owed (or disputed) after the due date, in Paris. */
export function isOverdue(status: SettlementStatus | string, dueDate: string | null, today: string): boolean {
  return (status === 'owed' || status === 'disputed') && dueDate !== null && dueDate < today;
}

/** A payment late: owed or disputed after its due date, unless paid by card (it then waits for the payout). */
export const paymentOverdue = (
  payment: { settlementStatus: string; dueDate: string | null; method: string },
  today: string,
): boolean => payment.method !== 'stripe' && isOverdue(payment.settlementStatus, payment.dueDate, today);

/** Where a mission's payment stands for its parties: late first, then paid by card and waiting for the payout. */
export type SettlementState = SettlementStatus | 'overdue' | 'paid_online';

export function settlementState(
  status: SettlementStatus,
  overdue: boolean,
  paidOnline: boolean,
): SettlementState {
  if (overdue) return 'overdue';
  if (paidOnline && status === 'owed') return 'paid_online';
  return status;
}

// ——— Transactions (each step of each money event, for the user concerned; the wallet's lines: wallet.ts) ———

export const TRANSACTION_CATEGORIES = [
  'mission_owed',
  'mission_marked_paid',
  'mission_confirmed',
  'mission_disputed',
  'deposit',
  'balance',
  'payout',
  'refund',
  'subscription',
] as const;

/** Document types of a mission's money documents (rows of `documents`, missionId set). */
export const MONEY_DOCUMENT_TYPES = {
  invoice: 'invoice',
  statement: 'pay_statement',
  payslip: 'payslip',
} as const;
export const MONEY_DOCUMENT_LABELS = {
  invoice: 'Facture',
  pay_statement: 'Relevé d’heures et de rémunération',
  payslip: 'Bulletin de paie',
} as const;

/** "2026-11" → "nov. 2026" */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number);
  const names = [
    'janv.',
    'févr.',
    'mars',
    'avr.',
    'mai',
    'juin',
    'juil.',
    'août',
    'sept.',
    'oct.',
    'nov.',
    'déc.',
  ];
  return `${names[(index ?? 1) - 1]} ${year}`;
}
