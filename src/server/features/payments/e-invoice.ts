import {
  invoiceTitle,
  LATE_PAYMENT_MENTION,
  OPERATION_CATEGORY,
  PAYMENT_TERMS_LABELS,
  TRANSPORT_VAT_RATE_PERCENT,
  VAT_FRANCHISE_MENTION,
} from '#core/rules/money.js';
import { parisDate } from '#core/rules/days.js';
import { formatNumericDay } from '#core/rules/french-dates.js';
import * as eInvoice from '../../platform/e-invoice.js';
import {
  selfBillingMention,
  sellerDisplayName,
  VAT_ON_DEBITS_MENTION,
  WAITING_LINE_NAME,
  waitingLineDescription,
  type InvoiceInput,
} from './invoice-model.js';

/**
 * The carrier's invoice as a Factur-X e-invoice (decision 035): what the carrier's self-billed invoice says, in
 * the one e-invoice model of platform/e-invoice.ts, from the same InvoiceInput as its PDF.
 */

const UNIT_CODES: Record<string, string> = { hourly: 'HUR', daily: 'DAY', flat: 'C62' };

/** The carrier's invoice in the e-invoice model: self-billed (389), issued by Relais in the carrier's name. */
export function carrierEInvoice(input: InvoiceInput): eInvoice.EInvoice {
  const { seller, buyer, mission } = input;
  const subject = seller.vatRegime === 'normal';
  const first = parisDate(mission.startedAt ?? mission.startDate);
  const last = parisDate(mission.deliveredAt ?? mission.endDate);
  return {
    number: input.number,
    issuedOn: input.issuedOn,
    dueDate: input.dueDate,
    typeCode: '389',
    notes: [
      selfBillingMention(seller.name, input.mandateAcceptedAt),
      `Catégorie de l’opération : ${OPERATION_CATEGORY}`,
      ...(subject && seller.vatOnDebits ? [VAT_ON_DEBITS_MENTION] : []),
      LATE_PAYMENT_MENTION,
    ],
    period: { start: first, end: last },
    deliveredOn: last,
    seller: {
      name: sellerDisplayName(seller.name),
      address: seller.address,
      siret: seller.siret,
      vatNumber: subject ? seller.vatNumber : null,
      iban: seller.iban,
    },
    buyer: { name: buyer.companyName, address: buyer.address, siret: buyer.siret, vatNumber: null },
    // When VAT falls due: on payment, the rule for services, or on the invoice's date under the debits option.
    vat: subject
      ? {
          kind: 'standard',
          percent: TRANSPORT_VAT_RATE_PERCENT,
          dueOn: seller.vatOnDebits ? 'invoice' : 'payment',
        }
      : { kind: 'franchise', mention: VAT_FRANCHISE_MENTION },
    paymentMeans: input.paymentMethod === 'stripe' ? 'card' : 'transfer',
    paymentTerms: `${PAYMENT_TERMS_LABELS[input.paymentTerms]} — échéance le ${formatNumericDay(input.dueDate)}`,
    // The transport, then the waiting billed beyond the franchise (decision 042), counted in quarter hours (C62).
    lines: input.lines.map((line) => ({
      name:
        line.kind === 'waiting'
          ? `${WAITING_LINE_NAME} (quart d’heure commencé)`
          : `Transport routier de marchandises : ${mission.title}`,
      description:
        line.kind === 'waiting' && input.waiting
          ? waitingLineDescription(input.waiting, line)
          : `${mission.pickupAddress} → ${mission.deliveryAddress} (${line.detail})`,
      quantity: line.quantity,
      unitCode: UNIT_CODES[line.pricingType] ?? 'C62',
      unitPriceCents: line.unitPriceCents,
      amountCents: line.amountCents,
    })),
    netCents: input.netCents,
    vatCents: input.vatCents,
    grossCents: input.grossCents,
    paidCents: 0,
    meta: {
      title: invoiceTitle(input.number),
      subject: `Facture électronique Factur-X (EN 16931) émise par Relais au nom et pour le compte de ${sellerDisplayName(seller.name)}`,
      author: sellerDisplayName(seller.name),
    },
  };
}

/** factur-x.xml of the carrier's invoice. */
export const facturXml = (input: InvoiceInput) => eInvoice.facturXml(carrierEInvoice(input));

/** The carrier's invoice PDF made a Factur-X EN 16931 e-invoice. */
export const facturX = (pdf: Uint8Array, input: InvoiceInput) =>
  eInvoice.facturX(pdf, carrierEInvoice(input));
