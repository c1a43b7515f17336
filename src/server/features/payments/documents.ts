import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import {
  MONEY_DOCUMENT_LABELS,
  MONEY_DOCUMENT_TYPES,
  toCents,
  type PaymentTerms,
} from '#core/rules/money.js';
import type { DbOrTx } from '../../db/client.js';
import { documents } from '../../db/schema/documents.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments } from '../../db/schema/payments.js';
import { users } from '../../db/schema/users.js';
import type { PaymentEvent } from '../../platform/events.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { renderPdf, sha256Hex } from '../../platform/pdf.js';
import { keepVatInStep } from './amounts.js';
import { invoiceBlockers } from './blockers.js';
import { facturX } from './e-invoice.js';
import { invoiceModel, statementModel, type InvoiceInput } from './invoice-model.js';
import { billedWaiting, linesOf } from './lines.js';
import { nextNumber } from './sequences.js';
import {
  documentUrl,
  lockedPayment,
  recordedWaiting,
  type MissionRow,
  type PaymentDeps,
  type PaymentRow,
} from './shared.js';
import { parisDate } from '#core/rules/days.js';

type Tx = Parameters<Parameters<PaymentDeps['db']['transaction']>[0]>[0];

/**
 * Stores a generated money document: the number is taken, the PDF written and the row inserted in one
 * transaction (`build` runs inside it). If anything fails the transaction rolls back, the number with it (the
 * sequence stays gap-free), and the file already written is removed.
 */
async function storeInTransaction<T>(
  { db, storage }: PaymentDeps,
  missionId: string,
  build: (tx: Tx, save: (bytes: Uint8Array) => Promise<{ key: string; id: string }>) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    return await db.transaction((tx) =>
      build(tx, async (bytes) => {
        const id = randomUUID();
        const key = `payments/${missionId}/${id}.pdf`;
        written.push(key);
        await storage.put(key, Buffer.from(bytes));
        return { key, id };
      }),
    );
  } catch (error) {
    for (const key of written) await storage.remove(key).catch(() => undefined);
    throw error;
  }
}

const eventBase = (mission: MissionRow, payment: PaymentRow) => ({
  missionId: mission.id,
  title: mission.title,
  companyId: payment.transporterId,
  driverId: payment.driverId,
  amount: payment.amount,
});

/**
 * The carrier's invoice (independent frame), issued by Relais in the carrier's name under their self-billing
 * mandate, as soon as nothing blocks it: at most once per mission (the mission row is locked and its
 * invoiceNumber read under the lock). Numbered AF-<year>-<n> in the carrier's own gap-free series. Returns
 * whether it was issued now.
 */
async function issueInvoice(deps: PaymentDeps, missionId: string): Promise<boolean> {
  const event = await storeInTransaction(deps, missionId, async (tx, save) => {
    const locked = await lockedPayment(tx, missionId);
    if (!locked || locked.payment.engagementType !== 'independent' || locked.mission.invoiceNumber)
      return null;
    const { mission } = locked;
    const [driver] = await tx.select().from(users).where(eq(users.id, locked.payment.driverId));
    const [transporter] = await tx.select().from(users).where(eq(users.id, locked.payment.transporterId));
    if (!driver || !transporter || invoiceBlockers(driver, transporter).length > 0) return null;
    // The invoice and the payment say the same amounts: a payment still owed follows the regime as it is now;
    // one declared paid, received or disputed keeps the amounts (and regime) it was settled on.
    const payment =
      locked.payment.settlementStatus === 'owed'
        ? await keepVatInStep(tx, locked.payment, driver.vatRegime)
        : locked.payment;
    const issuedOn = parisDate(new Date());
    const number = await nextNumber(tx, driver.id, 'AF', Number(issuedOn.slice(0, 4)));
    const input: InvoiceInput = {
      number,
      issuedOn,
      mandateAcceptedAt: driver.selfBillingAcceptedAt!,
      seller: {
        name: driver.fullName,
        address: driver.billingAddress!,
        siret: driver.siretNumber!,
        vatRegime: payment.vatRate === null ? 'franchise' : 'normal',
        vatNumber: driver.vatNumber,
        vatOnDebits: payment.vatRate !== null && driver.vatOnDebits,
        iban: driver.iban,
      },
      // With Stripe, the transporter pays by card on Relais and the carrier is paid out by Stripe.
      paymentMethod: deps.stripe || payment.method === 'stripe' ? 'stripe' : 'transfer',
      buyer: {
        companyName: transporter.companyName ?? transporter.fullName,
        address: transporter.billingAddress!,
        siret: transporter.siretNumber!,
      },
      mission,
      lines: linesOf(payment),
      waiting: billedWaiting(payment, await recordedWaiting(tx, missionId, mission.deliveredAt)),
      netCents: toCents(payment.amountExclTax),
      vatCents: toCents(payment.vatAmount),
      grossCents: toCents(payment.amount),
      dueDate: payment.dueDate,
      paymentTerms: payment.paymentTerms as PaymentTerms,
    };
    // The PDF people read, made a Factur-X e-invoice carrying the same invoice as structured data.
    const bytes = await facturX(await renderPdf(invoiceModel(input)), input);
    const { key, id } = await save(bytes);
    await tx.insert(documents).values({
      id,
      userId: driver.id,
      recipientId: transporter.id,
      missionId,
      type: MONEY_DOCUMENT_TYPES.invoice,
      fileName: `Facture ${number}.pdf`,
      fileUrl: key,
      mimeType: 'application/pdf',
      sizeBytes: bytes.length,
      sha256: sha256Hex(bytes),
      number,
      issuedAt: issuedOn,
      // Issued by Relais, nothing for an administrator to review.
      status: 'verified',
      details: { label: MONEY_DOCUMENT_LABELS.invoice },
    });
    await tx
      .update(missions)
      .set({ invoiceNumber: number, invoiceUrl: documentUrl(missionId, id) })
      .where(eq(missions.id, missionId));
    return recordDomainEvent(tx, {
      type: 'payment.document',
      kind: 'invoice',
      number,
      ...eventBase(mission, payment),
    } satisfies PaymentEvent);
  });
  if (event) await deps.events.publish(event);
  return event !== null;
}

/**
 * The hours and pay statement of a hired driver (employment frame), for the employer's payroll: once per
 * mission, numbered RH-<year>-<n> in the employer's series. It stands as the payslip reference until the
 * employer uploads the real payslip.
 */
async function issueStatement(deps: PaymentDeps, missionId: string): Promise<boolean> {
  return storeInTransaction(deps, missionId, async (tx, save) => {
    const locked = await lockedPayment(tx, missionId);
    if (!locked || locked.payment.engagementType !== 'employment') return false;
    const { payment, mission } = locked;
    const [existing] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.missionId, missionId), eq(documents.type, MONEY_DOCUMENT_TYPES.statement)));
    if (existing) return false;
    const [employer] = await tx.select().from(users).where(eq(users.id, payment.transporterId));
    const [employee] = await tx.select().from(users).where(eq(users.id, payment.driverId));
    if (!employer || !employee) return false;
    const issuedOn = parisDate(new Date());
    const number = await nextNumber(tx, employer.id, 'RH', Number(issuedOn.slice(0, 4)));
    // The waiting is working time: listed for the payroll, not billed (decision 042).
    const recorded = await recordedWaiting(tx, missionId, mission.deliveredAt);
    const bytes = await renderPdf(
      statementModel({
        number,
        issuedOn,
        employer: {
          companyName: employer.companyName ?? employer.fullName,
          address: employer.billingAddress,
          siret: employer.siretNumber,
        },
        employee: { name: employee.fullName },
        mission,
        line: linesOf(payment)[0]!,
        waiting: recorded.periods > 0 ? recorded : null,
        grossCents: toCents(payment.amount),
      }),
    );
    const { key, id } = await save(bytes);
    await tx.insert(documents).values({
      id,
      userId: employer.id,
      recipientId: employee.id,
      missionId,
      type: MONEY_DOCUMENT_TYPES.statement,
      fileName: `Relevé d’heures ${number}.pdf`,
      fileUrl: key,
      mimeType: 'application/pdf',
      sizeBytes: bytes.length,
      sha256: sha256Hex(bytes),
      number,
      issuedAt: issuedOn,
      status: 'verified',
      details: { label: MONEY_DOCUMENT_LABELS.pay_statement },
    });
    if (!payment.payslipNumber)
      await tx
        .update(driverPayments)
        .set({ payslipNumber: number, payslipUrl: documentUrl(missionId, id) })
        .where(eq(driverPayments.id, payment.id));
    return true;
  });
}

/**
 * The documents a payment calls for, when they can be made: the invoice or the hours statement. A failure is
 * reported, not thrown: the payment stands, and the document is tried again when the payment is next opened.
 */
export async function issueDueDocuments(deps: PaymentDeps, payment: PaymentRow): Promise<boolean> {
  try {
    return payment.engagementType === 'independent'
      ? await issueInvoice(deps, payment.missionId)
      : await issueStatement(deps, payment.missionId);
  } catch (error) {
    deps.log?.error({ err: error, missionId: payment.missionId }, 'money document not issued');
    return false;
  }
}

/** The invoices a change of billing details may unblock: the user's independent missions not invoiced yet. */
export async function issueUnblockedInvoices(deps: PaymentDeps, userId: string): Promise<number> {
  const waiting = await uninvoicedMissions(deps.db, userId);
  let issued = 0;
  for (const missionId of waiting) {
    try {
      if (await issueInvoice(deps, missionId)) issued++;
    } catch (error) {
      // The details are saved; this invoice is tried again when its payment is next opened.
      deps.log?.error({ err: error, missionId }, 'invoice not issued');
    }
  }
  return issued;
}

async function uninvoicedMissions(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ missionId: driverPayments.missionId })
    .from(driverPayments)
    .innerJoin(missions, eq(missions.id, driverPayments.missionId))
    .where(
      and(
        eq(driverPayments.engagementType, 'independent'),
        isNull(missions.invoiceNumber),
        or(eq(driverPayments.driverId, userId), eq(driverPayments.transporterId, userId)),
      ),
    )
    .orderBy(asc(driverPayments.createdAt), asc(driverPayments.id));
  return rows.map((row) => row.missionId);
}
