import { eq, inArray } from 'drizzle-orm';
import {
  paymentOverdue,
  centsToDecimal,
  MONEY_DOCUMENT_LABELS,
  MONEY_DOCUMENT_TYPES,
  SETTLEMENT_ACTIONS,
  settlementTransition,
  type PaymentTerms,
  type SettlementAction,
  type SettlementStatus,
} from '#core/rules/money.js';
import type { MissionPayment, MoneyDocument } from '#core/schemas/payments.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments } from '../../db/schema/payments.js';
import { users, type User } from '../../db/schema/users.js';
import { invoiceBlockers } from './blockers.js';
import { ensurePayment } from './create.js';
import { issueDueDocuments } from './documents.js';
import { detailOf, linesOf } from './lines.js';
import {
  documentUrl,
  missingPayment,
  moneyDocumentsOf,
  recordedWaiting,
  requireCompleted,
  sideOf,
  type DocumentRow,
  type MissionRow,
  type PaymentDeps,
  type PaymentRow,
  type Side,
} from './shared.js';
import { parisDate } from '#core/rules/days.js';

/**
 * GET /api/missions/:id/payment: what the mission owes, how and by when, where its settlement stands, its
 * documents and what the viewer may do now. The payment is made here if the completion event did not make it,
 * and the document it calls for issued if nothing blocks it any more.
 */
export async function paymentView(
  deps: PaymentDeps,
  viewer: User,
  missionId: string,
): Promise<MissionPayment> {
  const { db } = deps;
  const { side, mission: first } = await sideOf(db, viewer, missionId);
  requireCompleted(first);
  let payment = await ensurePayment(deps, missionId);
  if (!payment) throw missingPayment();
  let mission = first;
  let documents = await moneyDocumentsOf(db, missionId);
  const parties = await partiesOf(payment);
  const blockers =
    payment.engagementType === 'independent' && !mission.invoiceNumber
      ? invoiceBlockers(parties.driver, parties.transporter)
      : [];
  const due =
    payment.engagementType === 'independent'
      ? !mission.invoiceNumber && blockers.length === 0
      : !documents.some((row) => row.type === MONEY_DOCUMENT_TYPES.statement);
  // Read again whenever a document was due: issued now, or already by the payment's creation just above (the
  // mission was read before it), the page shows it at once.
  if (due) {
    await issueDueDocuments(deps, payment);
    [mission = first] = await db.select().from(missions).where(eq(missions.id, missionId));
    [payment = payment] = await db.select().from(driverPayments).where(eq(driverPayments.id, payment.id));
    documents = await moneyDocumentsOf(db, missionId);
  }
  // The waiting the driver recorded, totalled as the mission page shows it; billed beyond the franchise when the
  // payment was computed with a waiting rate (decision 042).
  const recorded = await recordedWaiting(db, missionId, mission.deliveredAt);
  const waiting = { ...recorded, billed: payment.waitingQuarterPrice !== null };
  return { ...toView(deps, side, mission, payment, parties, documents, blockers), waiting };

  async function partiesOf(row: PaymentRow) {
    const found = await db
      .select()
      .from(users)
      .where(inArray(users.id, [row.driverId, row.transporterId]));
    const byId = new Map(found.map((user) => [user.id, user]));
    return { driver: byId.get(row.driverId)!, transporter: byId.get(row.transporterId)! };
  }
}

function moneyDocumentView(row: DocumentRow): MoneyDocument {
  const type = row.type as MoneyDocument['type'];
  return {
    id: row.id,
    type,
    label: MONEY_DOCUMENT_LABELS[type],
    number: row.number,
    fileName: row.fileName,
    url: documentUrl(row.missionId!, row.id),
    createdAt: row.uploadedAt.toISOString(),
  };
}

function settlementActions(side: Side, payment: PaymentRow, driver: User): MissionPayment['actions'] {
  if (side === 'admin') return [];
  const status = payment.settlementStatus as SettlementStatus;
  // A carrier's amount is not settled while their VAT regime is unknown (the server refuses it; the invoice
  // blockers say what is missing): only a dispute stays open.
  const amountKnown = payment.engagementType !== 'independent' || driver.vatRegime !== null;
  // Paid by card (Stripe mode): settled by the validated transfer, not by these steps.
  const online = payment.method === 'stripe';
  const actions: MissionPayment['actions'] = (Object.keys(SETTLEMENT_ACTIONS) as SettlementAction[]).filter(
    (action) =>
      SETTLEMENT_ACTIONS[action].by === side &&
      settlementTransition(status, action).ok &&
      !online &&
      (amountKnown || action === 'dispute'),
  );
  if (side === 'transporter' && payment.engagementType === 'employment') actions.push('uploadPayslip');
  return actions;
}

function stripeView(
  deps: PaymentDeps,
  side: Side,
  mission: MissionRow,
  payment: PaymentRow,
  driver: User,
): MissionPayment['stripe'] {
  if (!deps.stripe) return null;
  const actions: NonNullable<MissionPayment['stripe']>['actions'] = [];
  if (side === 'transporter') {
    // The deposit is paid while the mission runs; once completed, the balance covers whatever was not paid.
    if (!mission.depositPaid && mission.status !== 'completed' && mission.paymentStatus !== 'paid')
      actions.push('payDeposit');
    if (mission.status === 'completed' && mission.paymentStatus !== 'paid') actions.push('payBalance');
    if (mission.paymentStatus === 'paid' && payment.validatedAt === null) actions.push('validate');
  }
  if (side === 'driver' && driver.stripeAccountId === null) actions.push('connect');
  return {
    depositAmount: mission.depositAmount,
    depositPaid: mission.depositPaid,
    finalPaymentDue: mission.finalPaymentDue,
    paymentStatus: mission.paymentStatus,
    transferStatus: payment.stripePaymentStatus,
    paidAt: payment.paidAt?.toISOString() ?? null,
    validatedAt: payment.validatedAt?.toISOString() ?? null,
    actions,
  };
}

function toView(
  deps: PaymentDeps,
  side: Side,
  mission: MissionRow,
  payment: PaymentRow,
  parties: { driver: User; transporter: User },
  documents: DocumentRow[],
  blockers: string[],
): Omit<MissionPayment, 'waiting'> {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    missionId: mission.id,
    missionTitle: mission.title,
    viewerRole: side,
    engagementType: payment.engagementType as MissionPayment['engagementType'],
    driver: { id: parties.driver.id, fullName: parties.driver.fullName },
    transporter: {
      id: parties.transporter.id,
      fullName: parties.transporter.fullName,
      companyName: parties.transporter.companyName,
    },
    pricingType: payment.pricingType as MissionPayment['pricingType'],
    unitPrice: payment.unitPrice,
    quantity: payment.quantity,
    detail: detailOf(payment),
    lines: linesOf(payment).map((line) => ({
      kind: line.kind,
      detail: line.detail,
      amountExclTax: centsToDecimal(line.amountCents),
    })),
    waitingRate:
      payment.waitingQuarterPrice === null || payment.waitingFranchiseMinutes === null
        ? null
        : { quarterPrice: payment.waitingQuarterPrice, franchiseMinutes: payment.waitingFranchiseMinutes },
    amountExclTax: payment.amountExclTax,
    vatAmount: payment.vatAmount,
    vatRate: payment.vatRate,
    vatKnown:
      payment.engagementType !== 'independent' ||
      mission.invoiceNumber !== null ||
      parties.driver.vatRegime !== null,
    amount: payment.amount,
    currency: 'eur',
    paymentTerms: payment.paymentTerms as PaymentTerms,
    dueDate: payment.dueDate,
    overdue: paymentOverdue(payment, parisDate(new Date())),
    method: payment.method as MissionPayment['method'],
    status: payment.settlementStatus as SettlementStatus,
    paidOn: payment.paidOn,
    reference: payment.paymentReference,
    markedPaidAt: iso(payment.markedPaidAt),
    confirmedAt: iso(payment.confirmedAt),
    disputedAt: iso(payment.disputedAt),
    disputeReason: payment.disputeReason,
    completedAt: iso(mission.completedAt ?? payment.completedAt),
    startedAt: iso(mission.startedAt),
    deliveredAt: iso(mission.deliveredAt),
    invoiceNumber: mission.invoiceNumber,
    payslipNumber: payment.payslipNumber,
    documents: documents.map(moneyDocumentView),
    invoiceBlockers: mission.invoiceNumber ? [] : blockers,
    actions: settlementActions(side, payment, parties.driver),
    stripe: stripeView(deps, side, mission, payment, parties.driver),
  };
}
