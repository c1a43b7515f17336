import { formatNumericDay } from '#core/rules/french-dates.js';
import { formatIban } from '#core/rules/iban.js';
import {
  EMPLOYMENT_PAY_NOTE,
  formatCents,
  invoiceTitle,
  LATE_PAYMENT_MENTION,
  OPERATION_CATEGORY,
  PAYMENT_TERMS_LABELS,
  TRANSPORT_VAT_RATE_PERCENT,
  VAT_FRANCHISE_MENTION,
  type PaymentTerms,
} from '#core/rules/money.js';
import { INVOICE_PARTY_TITLES, PARTY_TITLES } from '#core/rules/parties.js';
import type { PdfDoc, PdfRow } from '../../platform/pdf.js';
import { parisDate } from '#core/rules/days.js';
import { formatNumericDateTime } from '#core/rules/french-dates.js';
import { formatWaiting, WAITING_EMPLOYMENT_NOTE } from '#core/rules/road.js';
import { franchiseLabel } from '#core/rules/waiting-rate.js';

/**
 * What the money documents say, as plain data (sections, rows, paragraphs) for platform/pdf.ts: a pure function
 * of its inputs, so that a unit test reads every legal mention and amount without parsing a PDF.
 */

export interface ServiceDates {
  /** Real times when known, else the planned ones. */
  startedAt: Date | null;
  deliveredAt: Date | null;
  startDate: Date;
  endDate: Date;
}

/** A line of a money document, from what the payment row recorded (lines.ts). */
export interface DocumentLine {
  /** The transport at the agreed price, or the waiting billed beyond the franchise (decision 042). */
  kind: 'transport' | 'waiting';
  /** flat, hourly or daily for the transport; the waiting counts started quarter hours. */
  pricingType: string;
  /** "7,25 h × 32,00 €", "Forfait", "3 quarts d’heure commencés × 12,50 €" */
  detail: string;
  /** Decimal string: hours, days, 1, or the number of quarter hours. */
  quantity: string;
  unitPriceCents: number;
  amountCents: number;
}

/** The waiting the driver recorded, and the franchise each operation had (the billed line's description). */
export interface RecordedWaiting {
  franchiseMinutes: number;
  pickupMinutes: number;
  deliveryMinutes: number;
}

export interface InvoiceInput {
  number: string;
  /** YYYY-MM-DD (Paris) */
  issuedOn: string;
  /** When the carrier accepted the self-billing mandate. */
  mandateAcceptedAt: Date;
  seller: {
    name: string;
    address: string;
    siret: string;
    vatRegime: 'franchise' | 'normal';
    vatNumber: string | null;
    /** Subject to VAT and opted to pay it on invoicing (« d’après les débits »). */
    vatOnDebits: boolean;
    /** Where a transfer goes (normalised), when the carrier gave it. */
    iban: string | null;
  };
  buyer: { companyName: string; address: string; siret: string };
  /** How the transporter pays: by transfer to the carrier, or by card on Relais (Stripe). */
  paymentMethod: 'transfer' | 'stripe';
  mission: ServiceDates & { title: string; pickupAddress: string; deliveryAddress: string };
  /** The transport, then the waiting beyond the franchise when the mission had a waiting rate. */
  lines: DocumentLine[];
  /** What the waiting line bills, as recorded (null: no waiting billed). */
  waiting: RecordedWaiting | null;
  netCents: number;
  vatCents: number;
  grossCents: number;
  dueDate: string;
  paymentTerms: PaymentTerms;
}

const UNIT_LABELS: Record<string, string> = { flat: 'forfait', hourly: 'heure', daily: 'jour' };

/** "7.25" → "7,25"; "1.00" → "1" */
export const frenchQuantity = (quantity: string) =>
  (quantity.includes('.') ? quantity.replace(/0+$/, '').replace(/\.$/, '') : quantity).replace('.', ',');

/** "le 10/03/2026" or "du 10/03/2026 au 12/03/2026" (Paris days of the service). */
export function serviceDays(mission: ServiceDates): string {
  const first = parisDate(mission.startedAt ?? mission.startDate);
  const last = parisDate(mission.deliveredAt ?? mission.endDate);
  return first === last
    ? `le ${formatNumericDay(first)}`
    : `du ${formatNumericDay(first)} au ${formatNumericDay(last)}`;
}

/**
 * The carrier invoices under their own name and SIRET: a sole trader (entrepreneur individuel), whose name the law
 * wants followed by « EI » on every invoice (article R526-27 du Code de commerce).
 */
export const sellerDisplayName = (name: string) => `${name} EI`;

/** The mention a carrier who opted to pay VAT on invoicing must print (article 242 nonies A, I-13° de l’annexe II au CGI). */
export const VAT_ON_DEBITS_MENTION = 'Option pour le paiement de la taxe d’après les débits';

/** How the invoice is paid, in words, and the account a transfer goes to. */
function paymentMeansRows(input: Pick<InvoiceInput, 'paymentMethod' | 'seller'>): PdfRow[] {
  if (input.paymentMethod === 'stripe')
    return [{ label: 'Mode de paiement', value: 'Carte bancaire, en ligne sur Relais (Stripe)' }];
  const iban = input.seller.iban ? ` — IBAN du prestataire : ${formatIban(input.seller.iban)}` : '';
  return [{ label: 'Mode de paiement', value: `Virement bancaire${iban}` }];
}

/** Who issues the invoice, for whom, and under which mandate (article 289 I-2 du CGI). */
export function selfBillingMention(sellerName: string, mandateAcceptedAt: Date): string {
  return `Autofacturation : facture émise par Relais au nom et pour le compte de ${sellerDisplayName(sellerName)} (mandat de facturation du ${formatNumericDay(mandateAcceptedAt)}, article 289 I-2 du code général des impôts).`;
}

function selfBillingLine(sellerName: string, mandateAcceptedAt: Date): string {
  return `Facture émise par Relais au nom et pour le compte de ${sellerDisplayName(sellerName)} (mandat de facturation du ${formatNumericDay(mandateAcceptedAt)})`;
}

/** The waiting line's name on the invoice and in the e-invoice. */
export const WAITING_LINE_NAME = 'Temps d’attente au-delà de la franchise';

/** « 1 h 40 au chargement, 20 min à la livraison » */
const recordedWaitingText = (waiting: Pick<RecordedWaiting, 'pickupMinutes' | 'deliveryMinutes'>) =>
  `${formatWaiting(waiting.pickupMinutes)} au chargement, ${formatWaiting(waiting.deliveryMinutes)} à la livraison`;

/** « franchise de 1 h par opération », « sans franchise » */
const franchiseText = (minutes: number) =>
  minutes === 0 ? 'sans franchise' : `franchise de ${franchiseLabel(minutes)} par opération`;

/** What the waiting line bills, in a sentence (the e-invoice line's description). */
export const waitingLineDescription = (waiting: RecordedWaiting, line: DocumentLine) =>
  `Attente relevée : ${recordedWaitingText(waiting)} ; ${franchiseText(waiting.franchiseMinutes)} (${line.detail})`;

/**
 * The quantity, unit price and amount of each line. One line: a row for each. With the waiting billed (decision
 * 042), each line on one row, « quantity × unit price = amount HT », and the waiting recorded: the invoice stays one
 * page.
 */
function lineRows(
  line: DocumentLine,
  waitingLine?: DocumentLine,
  waiting?: RecordedWaiting | null,
): PdfRow[] {
  const quantity = `${frenchQuantity(line.quantity)} ${UNIT_LABELS[line.pricingType] ?? ''}`.trim();
  if (!waitingLine || !waiting)
    return [
      { label: 'Quantité', value: quantity },
      { label: 'Prix unitaire HT', value: formatCents(line.unitPriceCents) },
      { label: 'Montant HT', value: formatCents(line.amountCents) },
    ];
  return [
    {
      label: 'Transport',
      value: `${quantity} × ${formatCents(line.unitPriceCents)} = ${formatCents(line.amountCents)} HT`,
    },
    {
      label: 'Attente facturée',
      value: `${waitingLine.detail} = ${formatCents(waitingLine.amountCents)} HT`,
    },
    {
      label: 'Attente relevée',
      value: `${recordedWaitingText(waiting)} (${franchiseText(waiting.franchiseMinutes)})`,
    },
  ];
}

/** The carrier's invoice, issued by Relais under the self-billing mandate: the mentions of a French invoice. */
export function invoiceModel(input: InvoiceInput): PdfDoc {
  const { seller, buyer, mission } = input;
  const [line, waitingLine] = input.lines as [DocumentLine, DocumentLine?];
  const subject = seller.vatRegime === 'normal';
  const sellerRows: PdfRow[] = [
    { label: 'Nom', value: sellerDisplayName(seller.name) },
    { label: 'Adresse', value: seller.address },
    { label: 'SIRET', value: seller.siret },
    subject && seller.vatNumber
      ? { label: 'N° de TVA intracommunautaire', value: seller.vatNumber }
      : { label: 'TVA', value: VAT_FRANCHISE_MENTION },
  ];
  const totals: PdfRow[] = [
    { label: 'Total HT', value: formatCents(input.netCents) },
    subject
      ? {
          label: `TVA ${TRANSPORT_VAT_RATE_PERCENT} %`,
          // Beside the VAT it concerns, where a reader looks for when it is due.
          value: `${formatCents(input.vatCents)}${seller.vatOnDebits ? ` — ${VAT_ON_DEBITS_MENTION}` : ''}`,
        }
      : { label: 'TVA', value: VAT_FRANCHISE_MENTION },
    { label: 'Total TTC', value: formatCents(input.grossCents) },
  ];
  return {
    title: invoiceTitle(input.number),
    dense: true,
    subtitle: `Autofacturation — ${selfBillingLine(seller.name, input.mandateAcceptedAt)}`,
    meta: [
      { label: 'Date d’émission', value: formatNumericDay(input.issuedOn) },
      { label: 'Échéance', value: formatNumericDay(input.dueDate) },
    ],
    sections: [
      { heading: INVOICE_PARTY_TITLES.seller, rows: sellerRows },
      {
        heading: INVOICE_PARTY_TITLES.buyer,
        rows: [
          { label: 'Raison sociale', value: buyer.companyName },
          { label: 'Adresse', value: buyer.address },
          { label: 'SIRET', value: buyer.siret },
        ],
      },
      {
        heading: 'Prestation',
        rows: [
          { label: 'Catégorie de l’opération', value: OPERATION_CATEGORY },
          { label: 'Désignation', value: `Transport routier de marchandises : ${mission.title}` },
          { label: 'Trajet', value: `${mission.pickupAddress} → ${mission.deliveryAddress}` },
          { label: 'Date(s) de la prestation', value: serviceDays(mission) },
          ...lineRows(line, waitingLine, input.waiting),
        ],
      },
      {
        heading: 'Montants et règlement',
        rows: [
          ...totals,
          { label: 'Conditions de paiement', value: PAYMENT_TERMS_LABELS[input.paymentTerms] },
          ...paymentMeansRows(input),
        ],
      },
      {
        heading: 'Mentions',
        fine: true,
        paragraphs: [
          LATE_PAYMENT_MENTION,
          'Autofacturation (article 289 I-2 du code général des impôts) : le prestataire reste responsable des mentions de cette facture et de la déclaration de la TVA.',
        ],
      },
    ],
    footer: `${invoiceTitle(input.number)} — émise par Relais au nom et pour le compte de ${sellerDisplayName(seller.name)}`,
  };
}

export interface StatementInput {
  number: string;
  issuedOn: string;
  employer: { companyName: string; address: string | null; siret: string | null };
  employee: { name: string };
  mission: ServiceDates & { title: string; pickupAddress: string; deliveryAddress: string };
  line: DocumentLine;
  /** The waiting the driver recorded (working time, for the payroll); null when none. */
  waiting: Pick<RecordedWaiting, 'pickupMinutes' | 'deliveryMinutes'> | null;
  grossCents: number;
}

export const STATEMENT_NOTICE =
  'Ce document n’est pas un bulletin de paie : il sert à l’employeur pour établir la paie.';

/** "24/11/2026 à 10:05". */
const when = (date: Date) => formatNumericDateTime(date).replace(' ', ' à ');

const RATE_LABELS: Record<string, string> = {
  hourly: 'Taux horaire convenu',
  daily: 'Tarif journalier convenu',
  flat: 'Forfait convenu',
};

/** The hours and pay statement of a hired driver, for the employer's payroll (not a payslip). */
export function statementModel(input: StatementInput): PdfDoc {
  const { mission, line } = input;
  const worked: Record<string, string> = {
    hourly: `${frenchQuantity(line.quantity)} h`,
    daily: `${frenchQuantity(line.quantity)} jour${Number(line.quantity) > 1 ? 's' : ''}`,
    flat: 'Forfait',
  };
  return {
    title: `Relevé d’heures et de rémunération n° ${input.number}`,
    subtitle: STATEMENT_NOTICE,
    meta: [{ label: 'Établi le', value: formatNumericDay(input.issuedOn) }],
    sections: [
      { heading: 'À l’attention de l’employeur', paragraphs: [STATEMENT_NOTICE, EMPLOYMENT_PAY_NOTE] },
      {
        heading: PARTY_TITLES.employment.company,
        rows: [
          { label: 'Raison sociale', value: input.employer.companyName },
          ...(input.employer.address ? [{ label: 'Adresse', value: input.employer.address }] : []),
          ...(input.employer.siret ? [{ label: 'SIRET', value: input.employer.siret }] : []),
        ],
      },
      { heading: PARTY_TITLES.employment.driver, rows: [{ label: 'Nom', value: input.employee.name }] },
      {
        heading: 'Mission',
        rows: [
          { label: 'Mission', value: mission.title },
          { label: 'Trajet', value: `${mission.pickupAddress} → ${mission.deliveryAddress}` },
          { label: 'Date(s)', value: serviceDays(mission) },
          { label: 'Début', value: when(mission.startedAt ?? mission.startDate) },
          { label: 'Fin (livraison)', value: when(mission.deliveredAt ?? mission.endDate) },
        ],
      },
      {
        heading: 'Temps et rémunération convenue',
        rows: [
          { label: 'Temps retenu', value: worked[line.pricingType] ?? line.detail },
          { label: RATE_LABELS[line.pricingType] ?? 'Prix convenu', value: formatCents(line.unitPriceCents) },
          { label: 'Détail', value: line.detail },
          { label: 'Rémunération brute convenue', value: formatCents(input.grossCents) },
        ],
      },
      ...(input.waiting
        ? [
            {
              heading: 'Attente relevée par le conducteur',
              rows: [{ label: 'Attente', value: recordedWaitingText(input.waiting) }],
              paragraphs: [WAITING_EMPLOYMENT_NOTE],
            },
          ]
        : []),
    ],
    footer: `Relevé d’heures et de rémunération n° ${input.number} — ce n’est pas un bulletin de paie`,
  };
}
