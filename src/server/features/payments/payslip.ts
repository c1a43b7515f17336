import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MONEY_DOCUMENT_LABELS, MONEY_DOCUMENT_TYPES } from '#core/rules/money.js';
import { paymentMessages } from '#core/schemas/payments.js';
import { documents } from '../../db/schema/documents.js';
import { driverPayments } from '../../db/schema/payments.js';
import type { User } from '../../db/schema/users.js';
import { AppError, forbidden } from '../../platform/errors.js';
import type { FormFile } from '../../platform/form-data.js';
import { sha256Hex } from '../../platform/pdf.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { inspectUpload, sanitizeUpload } from '../../platform/uploads.js';
import { ensurePayment } from './create.js';
import {
  documentUrl,
  lockedPayment,
  missingPayment,
  requireCompleted,
  sideOf,
  type PaymentDeps,
} from './shared.js';
import { parisDate } from '#core/rules/days.js';

export const PAYSLIP_MAX_BYTES = 10 * 1024 * 1024;
const PAYSLIP_PDF_ONLY = 'Le bulletin de paie doit être un fichier PDF.';
export const PAYSLIP_TOO_LARGE = 'Le bulletin de paie ne doit pas dépasser 10 Mo.';

const fileError = (status: number, message: string) => new AppError(status, message, { file: message });

/**
 * The employer (transporter of an employment mission) uploads the payslip from its payroll: a PDF, checked like
 * every upload (it must parse, not be encrypted). It becomes the payment's payslip (number and link); the hours
 * statement stays listed, a previous payslip is kept as replaced. The file is written first and removed if the
 * row cannot be.
 */
export async function uploadPayslip(
  deps: PaymentDeps,
  viewer: User,
  missionId: string,
  number: string,
  files: FormFile[],
): Promise<void> {
  const { db, storage } = deps;
  const { mission, side } = await sideOf(db, viewer, missionId);
  if (side !== 'transporter') throw forbidden('Seul l’employeur dépose le bulletin de paie de la mission');
  requireCompleted(mission);
  if (mission.engagementType !== 'employment') throw new AppError(409, paymentMessages.employmentOnly);
  const sent = files.filter((file) => file.field === 'file');
  if (sent.length !== 1) throw fileError(400, PAYSLIP_PDF_ONLY);
  const { bytes } = sent[0]!;
  if (bytes.length === 0) throw fileError(400, PAYSLIP_PDF_ONLY);
  if (bytes.length > PAYSLIP_MAX_BYTES) throw fileError(413, PAYSLIP_TOO_LARGE);
  if (inspectUpload(bytes)?.kind !== 'pdf') throw fileError(415, PAYSLIP_PDF_ONLY);
  const clean = await sanitizeUpload(bytes, 'pdf').catch((error: unknown) => {
    if (error instanceof AppError) throw fileError(error.statusCode, error.message);
    throw error;
  });
  if (!(await ensurePayment(deps, missionId))) throw missingPayment();
  const id = randomUUID();
  const key = `payments/${missionId}/${id}.pdf`;
  await storage.put(key, clean);
  let event;
  try {
    event = await db.transaction(async (tx) => {
      const payment = (await lockedPayment(tx, missionId))?.payment;
      if (!payment || payment.engagementType !== 'employment')
        throw new AppError(409, paymentMessages.employmentOnly);
      await tx
        .update(documents)
        .set({ status: 'replaced' })
        .where(and(eq(documents.missionId, missionId), eq(documents.type, MONEY_DOCUMENT_TYPES.payslip)));
      await tx.insert(documents).values({
        id,
        userId: viewer.id,
        recipientId: payment.driverId,
        missionId,
        type: MONEY_DOCUMENT_TYPES.payslip,
        fileName: `Bulletin de paie ${number}.pdf`,
        fileUrl: key,
        mimeType: 'application/pdf',
        sizeBytes: clean.length,
        sha256: sha256Hex(clean),
        number,
        issuedAt: parisDate(new Date()),
        status: 'verified',
        details: { label: MONEY_DOCUMENT_LABELS.payslip },
      });
      await tx
        .update(driverPayments)
        .set({ payslipNumber: number, payslipUrl: documentUrl(missionId, id) })
        .where(eq(driverPayments.id, payment.id));
      return recordDomainEvent(tx, {
        type: 'payment.document',
        kind: 'payslip',
        number,
        missionId,
        title: mission.title,
        companyId: payment.transporterId,
        driverId: payment.driverId,
        amount: payment.amount,
      });
    });
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    throw error;
  }
  await deps.events.publish(event);
}
