import { PLAN_VAT_RATE_PERCENT } from '#core/rules/billing.js';
import { addDays } from '#core/rules/days.js';
import { formatNumericDay } from '#core/rules/french-dates.js';
import { formatIban } from '#core/rules/iban.js';
import {
  formatCents,
  invoiceTitle,
  LATE_PAYMENT_MENTION,
  OPERATION_CATEGORY,
  type VatAmounts,
} from '#core/rules/money.js';
import type { EInvoice } from '../../platform/e-invoice.js';
import type { PdfDoc, PdfRow } from '../../platform/pdf.js';
import type { Publisher } from '../../platform/publisher.js';

/**
 * The invoice of a plan (decision 043): Relais, its publisher, sells the plan to the member. One input gives the PDF
 * people read (platform/pdf.ts) and the e-invoice it carries (platform/e-invoice.ts), so both say the same.
 */

/** A plan paid by transfer is due this many days after its invoice. */
const TRANSFER_TERM_DAYS = 30;

export interface PlanInvoiceInput {
  number: string;
  /** YYYY-MM-DD (Paris) */
  issuedOn: string;
  seller: Publisher;
  buyer: { name: string; address: string; siret: string | null; vatNumber: string | null };
  /** « Formule Transporteur, mensuelle » */
  description: string;
  /** The days the plan runs (YYYY-MM-DD), when known. */
  period: { start: string; end: string } | null;
  /** Paid by card on Relais when issued (Stripe, on that day), or due by transfer. */
  payment: { kind: 'card'; paidOn: string } | { kind: 'transfer' };
  /** The member's reference the administrator recorded (their order), when any. */
  orderReference: string | null;
  amounts: VatAmounts;
}

const dueDateOf = (input: Pick<PlanInvoiceInput, 'issuedOn' | 'payment'>) =>
  input.payment.kind === 'card' ? input.payment.paidOn : addDays(input.issuedOn, TRANSFER_TERM_DAYS);

const periodText = (period: NonNullable<PlanInvoiceInput['period']>) =>
  `du ${formatNumericDay(period.start)} au ${formatNumericDay(period.end)}`;

function paymentRows(input: PlanInvoiceInput): PdfRow[] {
  if (input.payment.kind === 'card')
    return [
      {
        label: 'Règlement',
        value: `Payée par carte bancaire en ligne (Stripe) le ${formatNumericDay(input.payment.paidOn)}`,
      },
      { label: 'Reste à payer', value: formatCents(0) },
    ];
  return [
    { label: 'Conditions de paiement', value: `À ${TRANSFER_TERM_DAYS} jours, par virement` },
    ...(input.seller.iban ? [{ label: 'IBAN', value: formatIban(input.seller.iban) }] : []),
    { label: 'Référence à rappeler', value: input.number },
  ];
}

/** The PDF: the mentions of a French invoice between professionals, on one page. */
export function planInvoiceModel(input: PlanInvoiceInput): PdfDoc {
  const { seller, buyer, amounts } = input;
  return {
    title: invoiceTitle(input.number),
    dense: true,
    subtitle: `${seller.name} — abonnement à Relais`,
    meta: [
      { label: 'Date d’émission', value: formatNumericDay(input.issuedOn) },
      { label: 'Échéance', value: formatNumericDay(dueDateOf(input)) },
    ],
    sections: [
      {
        heading: 'Prestataire',
        rows: [
          { label: 'Raison sociale', value: seller.name },
          ...(seller.form ? [{ label: 'Forme', value: seller.form }] : []),
          { label: 'Siège', value: seller.address },
          { label: 'SIRET', value: seller.siret },
          ...(seller.registration ? [{ label: 'Immatriculation', value: seller.registration }] : []),
          { label: 'N° de TVA intracommunautaire', value: seller.vatNumber },
        ],
      },
      {
        heading: 'Client',
        rows: [
          { label: 'Nom', value: buyer.name },
          { label: 'Adresse', value: buyer.address },
          ...(buyer.siret ? [{ label: 'SIRET', value: buyer.siret }] : []),
          ...(buyer.vatNumber ? [{ label: 'N° de TVA intracommunautaire', value: buyer.vatNumber }] : []),
          ...(input.orderReference ? [{ label: 'Votre référence', value: input.orderReference }] : []),
        ],
      },
      {
        heading: 'Prestation',
        rows: [
          { label: 'Catégorie de l’opération', value: OPERATION_CATEGORY },
          { label: 'Désignation', value: `Abonnement à Relais : ${input.description}` },
          ...(input.period ? [{ label: 'Période', value: periodText(input.period) }] : []),
          { label: 'Quantité', value: '1' },
          { label: 'Prix unitaire HT', value: formatCents(amounts.netCents) },
        ],
      },
      {
        heading: 'Montants et règlement',
        rows: [
          { label: 'Total HT', value: formatCents(amounts.netCents) },
          { label: `TVA ${PLAN_VAT_RATE_PERCENT} %`, value: formatCents(amounts.vatCents) },
          { label: 'Total TTC', value: formatCents(amounts.grossCents) },
          ...paymentRows(input),
        ],
      },
      { heading: 'Mentions', fine: true, paragraphs: [LATE_PAYMENT_MENTION] },
    ],
    footer: `${invoiceTitle(input.number)} — ${seller.name}`,
  };
}

/** The same invoice as an EN 16931 e-invoice: a commercial invoice (380) of one line, VAT at the plans' rate. */
export function planEInvoice(input: PlanInvoiceInput): EInvoice {
  const { seller, buyer, amounts } = input;
  const paid = input.payment.kind === 'card';
  return {
    number: input.number,
    issuedOn: input.issuedOn,
    dueDate: dueDateOf(input),
    typeCode: '380',
    notes: [`Catégorie de l’opération : ${OPERATION_CATEGORY}`, LATE_PAYMENT_MENTION],
    period: input.period,
    orderReference: input.orderReference,
    deliveredOn: input.period?.start ?? input.issuedOn,
    seller: {
      name: seller.name,
      address: seller.address,
      siret: seller.siret,
      vatNumber: seller.vatNumber,
      iban: seller.iban,
    },
    buyer,
    // A service paid when it is sold: the VAT falls due on payment.
    vat: { kind: 'standard', percent: PLAN_VAT_RATE_PERCENT, dueOn: 'payment' },
    paymentMeans: paid ? 'card' : 'transfer',
    paymentTerms: paid
      ? `Payée par carte bancaire le ${formatNumericDay(dueDateOf(input))}`
      : `À ${TRANSFER_TERM_DAYS} jours, par virement — échéance le ${formatNumericDay(dueDateOf(input))}`,
    lines: [
      {
        name: `Abonnement à Relais : ${input.description}`,
        description: input.period ? `${input.description}, ${periodText(input.period)}` : input.description,
        quantity: '1',
        unitCode: 'C62',
        unitPriceCents: amounts.netCents,
        amountCents: amounts.netCents,
      },
    ],
    netCents: amounts.netCents,
    vatCents: amounts.vatCents,
    grossCents: amounts.grossCents,
    paidCents: paid ? amounts.grossCents : 0,
    meta: {
      title: invoiceTitle(input.number),
      subject: `Facture électronique Factur-X (EN 16931) de ${seller.name} : ${input.description}`,
      author: seller.name,
    },
  };
}
