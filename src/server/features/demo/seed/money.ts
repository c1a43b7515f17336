import { formatNumericDay } from '#core/rules/french-dates.js';
import {
  amountOwed,
  centsToDecimal,
  MONEY_DOCUMENT_LABELS,
  MONEY_DOCUMENT_TYPES,
  paymentDueDate,
  withVat,
  type SettlementStatus,
} from '#core/rules/money.js';
import type { driverPayments } from '../../../db/schema/payments.js';
import type { Mission } from './missions.js';
import { earliest, latest, MINUTE, plus, type World } from './world.js';
import { daysBetween, parisDate } from '#core/rules/days.js';

/**
 * The settlement of a completed mission, as the payments feature writes it: the one payment (the agreed price
 * applied to the real times, VAT for an independent carrier subject to it, due by the agreed term), its two
 * "montant dû" transactions, each settlement step with the transaction of whoever took it, and the money
 * document (the carrier's invoice, or the hours statement of a hired driver) pointing at the specimen.
 */
export interface SettlementPlan {
  status: SettlementStatus;
  /** Declared paid (marked_paid, confirmed): the day of the transfer, and when it was declared. */
  paidOn?: string;
  markedAt?: Date;
  confirmedAt?: Date;
  disputedAt?: Date;
  reason?: string;
}

type PaymentRow = typeof driverPayments.$inferInsert;

export interface Payment {
  row: PaymentRow;
  mission: Mission;
}

/** Money documents waiting for their number (given in date order per issuer and year: numberDocuments). */
const unnumbered = new WeakMap<
  World,
  Array<{
    doc: { id: string; number?: string | null; fileName: string; issuedAt?: string | null };
    series: 'AF' | 'RH';
    issuerId: string;
    payment: PaymentRow;
    mission: Mission;
  }>
>();

/** What every payment event says of its payment (platform/events.ts PaymentEventBase). */
export const paymentEventBase = ({ row, mission }: Payment) => ({
  missionId: mission.row.id,
  title: mission.row.title,
  companyId: mission.company.id,
  driverId: mission.driver!.id,
  amount: row.amount,
});

export function settle(w: World, mission: Mission, plan: SettlementPlan): Payment {
  const { row, company } = mission;
  const driver = mission.driver!;
  const completedAt = row.completedAt!;
  const owed = amountOwed({
    pricingType: row.pricingType,
    price: row.price,
    startedAt: row.startedAt ?? null,
    deliveredAt: row.deliveredAt ?? null,
    startDate: row.startDate,
    endDate: row.endDate,
  });
  const independent = row.engagementType === 'independent';
  const vat = withVat(owed.amountCents, independent ? (driver.row.vatRegime ?? null) : null);
  const amount = centsToDecimal(vat.grossCents);
  const dueDate = paymentDueDate(row.engagementType, row.paymentTerms, parisDate(completedAt));
  const reference = plan.paidOn
    ? `VIR-${plan.paidOn.replaceAll('-', '')}-${row.id.slice(0, 4).toUpperCase()}`
    : null;
  const markedAt =
    plan.status === 'marked_paid' || plan.status === 'confirmed' ? (plan.markedAt ?? null) : null;
  const confirmedAt =
    plan.status === 'confirmed'
      ? (plan.confirmedAt ?? plus(markedAt ?? completedAt, 26 * 60 * MINUTE))
      : null;
  const disputedAt =
    plan.status === 'disputed' ? (plan.disputedAt ?? plus(completedAt, 2 * 24 * 60 * MINUTE)) : null;
  const overdue = (plan.status === 'owed' || plan.status === 'disputed') && dueDate < parisDate(w.now);
  const payment: PaymentRow = {
    id: w.id(),
    missionId: row.id,
    driverId: driver.id,
    transporterId: company.id,
    amount,
    currency: 'eur',
    completedAt,
    engagementType: row.engagementType,
    pricingType: owed.pricingType,
    quantity: owed.quantity,
    unitPrice: centsToDecimal(owed.unitPriceCents),
    amountExclTax: centsToDecimal(vat.netCents),
    vatAmount: centsToDecimal(vat.vatCents),
    vatRate: vat.ratePercent === null ? null : String(vat.ratePercent),
    paymentTerms: row.paymentTerms,
    dueDate,
    method: 'transfer',
    settlementStatus: plan.status,
    paidOn: markedAt ? plan.paidOn : null,
    paymentReference: markedAt ? reference : null,
    markedPaidAt: markedAt,
    confirmedAt,
    paidAt: confirmedAt,
    disputedAt,
    disputeReason: disputedAt ? plan.reason : null,
    // The daily job told both parties the morning after the due date.
    overdueAlertedAt: overdue
      ? earliest(w.wall(daysBetween(parisDate(w.now), dueDate) + 1, '08:00'), w.at(-MINUTE))
      : null,
    createdAt: completedAt,
    updatedAt: latest(
      completedAt,
      ...[markedAt, confirmedAt, disputedAt].filter((d): d is Date => d !== null),
    ),
  };
  w.rows.payments.push(payment);
  if (confirmedAt) row.paymentStatus = 'paid';

  const title = `Mission ${quoted(row.title)}`;
  const due = `échéance le ${formatNumericDay(dueDate)}`;
  const record = (
    userId: string,
    type: 'credit' | 'debit',
    category: string,
    description: string,
    at: Date,
  ) =>
    w.rows.transactions.push({
      userId,
      missionId: row.id,
      type,
      category,
      amount,
      description,
      createdAt: at,
    });
  record(
    driver.id,
    'credit',
    'mission_owed',
    independent
      ? `${title} : montant dû par le transporteur, ${due}`
      : `${title} : rémunération brute due par l’employeur, versée avec la paie`,
    completedAt,
  );
  record(
    company.id,
    'debit',
    'mission_owed',
    independent
      ? `${title} : montant à régler à ${driver.fullName}, ${due}`
      : `${title} : rémunération brute à verser à ${driver.fullName} avec la paie`,
    completedAt,
  );
  if (markedAt)
    record(
      company.id,
      'debit',
      'mission_marked_paid',
      `${title} : virement déclaré payé le ${formatNumericDay(plan.paidOn!)} (réf. ${reference})`,
      markedAt,
    );
  if (confirmedAt)
    record(
      driver.id,
      'credit',
      'mission_confirmed',
      reference
        ? `${title} : réception du paiement confirmée (réf. ${reference})`
        : `${title} : réception du paiement confirmée`,
      confirmedAt,
    );
  if (disputedAt)
    record(
      driver.id,
      'credit',
      'mission_disputed',
      `${title} : paiement contesté — ${plan.reason}`,
      disputedAt,
    );

  moneyDocument(w, { row: payment, mission });
  return { row: payment, mission };
}

/** As the payments feature words and links them (payments/shared.ts). */
const quoted = (title: string) => `« ${title} »`;
const documentUrl = (missionId: string, documentId: string) =>
  `/api/missions/${missionId}/payment/documents/${documentId}`;

/** The invoice (independent, when nothing blocks it) or the hours statement (hired driver), issued at completion. */
function moneyDocument(w: World, payment: Payment): void {
  const { mission } = payment;
  const driver = mission.driver!;
  const independent = mission.row.engagementType === 'independent';
  // Every carrier of the data set gave the mandate, SIRET, address and VAT regime, every transporter its billing
  // address: nothing blocks an invoice (payments/blockers.ts), so it is issued with the payment.
  const issuer = independent ? driver : mission.company;
  const type = independent ? MONEY_DOCUMENT_TYPES.invoice : MONEY_DOCUMENT_TYPES.statement;
  const doc = {
    id: w.id(),
    userId: issuer.id,
    recipientId: independent ? mission.company.id : driver.id,
    missionId: mission.row.id,
    type,
    fileName: '',
    fileUrl: w.specimen.key,
    mimeType: w.specimen.mimeType,
    sizeBytes: w.specimen.sizeBytes,
    sha256: w.specimen.sha256,
    number: null as string | null,
    issuedAt: parisDate(mission.row.completedAt!),
    // Issued by Relais, nothing for an administrator to review.
    status: 'verified',
    details: { label: MONEY_DOCUMENT_LABELS[type] },
    uploadedAt: plus(mission.row.completedAt!, MINUTE),
  };
  w.rows.documents.push(doc);
  const list = unnumbered.get(w) ?? [];
  list.push({ doc, series: independent ? 'AF' : 'RH', issuerId: issuer.id, payment: payment.row, mission });
  unnumbered.set(w, list);
}

/**
 * Numbers the money documents as the payments feature does (payments/sequences.ts): AF-<year>-<n> in each
 * carrier's series, RH-<year>-<n> in each employer's, gap-free in order of issue; the sequences end where the
 * data set leaves them, so the next document issued in the sandbox takes the next number.
 */
export function numberDocuments(w: World): void {
  const list = (unnumbered.get(w) ?? []).sort((a, b) => a.doc.issuedAt!.localeCompare(b.doc.issuedAt!));
  const last = new Map<string, { issuerId: string; series: 'AF' | 'RH'; year: number; last: number }>();
  for (const entry of list) {
    const year = Number(entry.doc.issuedAt!.slice(0, 4));
    const key = `${entry.issuerId}:${entry.series}:${year}`;
    const sequence = last.get(key) ?? { issuerId: entry.issuerId, series: entry.series, year, last: 0 };
    sequence.last += 1;
    last.set(key, sequence);
    const number = `${entry.series}-${year}-${String(sequence.last).padStart(4, '0')}`;
    entry.doc.number = number;
    const url = documentUrl(entry.mission.row.id, entry.doc.id);
    if (entry.series === 'AF') {
      entry.doc.fileName = `Facture ${number}.pdf`;
      entry.mission.row.invoiceNumber = number;
      entry.mission.row.invoiceUrl = url;
    } else {
      entry.doc.fileName = `Relevé d’heures ${number}.pdf`;
      entry.payment.payslipNumber = number;
      entry.payment.payslipUrl = url;
    }
  }
  w.rows.sequences.push(...last.values());
}
