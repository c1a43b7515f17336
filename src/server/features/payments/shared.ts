import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WaitingPlace } from '#core/rules/enums.js';
import { MONEY_DOCUMENT_TYPES } from '#core/rules/money.js';
import { waitingTotals } from '#core/rules/road.js';
import { roleOf } from '#core/rules/roles.js';
import { paymentMessages } from '#core/schemas/payments.js';
import type { DbOrTx } from '../../db/client.js';
import { documents } from '../../db/schema/documents.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments } from '../../db/schema/payments.js';
import { waitingPeriods } from '../../db/schema/road.js';
import type { User } from '../../db/schema/users.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { FeatureDeps } from '../../platform/deps.js';

export type PaymentDeps = Pick<FeatureDeps, 'db' | 'storage' | 'events' | 'stripe'> & {
  /** Where a document that could not be issued is reported (it is tried again on the next opening). */
  log?: Pick<FastifyBaseLogger, 'error'>;
};
export type MissionRow = typeof missions.$inferSelect;
export type PaymentRow = typeof driverPayments.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type Side = 'driver' | 'transporter' | 'admin';

export const MONEY_TYPES = Object.values(MONEY_DOCUMENT_TYPES);

export const missingPayment = () => notFound(paymentMessages.notFound);

/** The URL a party opens a money document at (access-checked); what invoiceUrl and payslipUrl hold. */
export const documentUrl = (missionId: string, documentId: string) =>
  `/api/missions/${missionId}/payment/documents/${documentId}`;

/** « Livraison Rungis → Lille » */
export const quoted = (title: string) => `« ${title} »`;

/**
 * The viewer's side of a mission: its transporter, its driver, or an administrator. Anyone else is told there
 * is no payment (they do not learn that the mission exists).
 */
export async function sideOf(
  db: DbOrTx,
  viewer: User,
  missionId: string,
): Promise<{ mission: MissionRow; side: Side }> {
  const [mission] = await db.select().from(missions).where(eq(missions.id, missionId));
  if (!mission) throw missingPayment();
  if (mission.companyId === viewer.id) return { mission, side: 'transporter' };
  if (mission.driverId !== null && mission.driverId === viewer.id) return { mission, side: 'driver' };
  if (roleOf(viewer) === 'admin') return { mission, side: 'admin' };
  throw missingPayment();
}

/** The payment opens when the transporter has confirmed the end of the mission. */
export function requireCompleted(mission: MissionRow): void {
  if (mission.status !== 'completed' || !mission.driverId)
    throw new AppError(409, paymentMessages.notCompleted);
}

/** The money documents of a mission still in force (a replaced payslip is kept, not listed). */
export async function moneyDocumentsOf(db: DbOrTx, missionId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.missionId, missionId),
        inArray(documents.type, MONEY_TYPES),
        ne(documents.status, 'replaced'),
      ),
    )
    .orderBy(documents.uploadedAt, documents.id);
}

/** The mission row, then its payment row, locked (the order every change of a payment takes). */
export async function lockedPayment(tx: DbOrTx, missionId: string) {
  const [mission] = await tx.select().from(missions).where(eq(missions.id, missionId)).for('no key update');
  const [payment] = mission
    ? await tx.select().from(driverPayments).where(eq(driverPayments.missionId, missionId)).for('update')
    : [];
  return payment && mission ? { payment, mission } : null;
}

/**
 * The waiting the driver recorded on a mission (the delivery feature's table), per operation, in whole minutes,
 * counted up to the delivery (a period still open then was closed by it), or up to now before it.
 */
export async function recordedWaiting(db: DbOrTx, missionId: string, deliveredAt: Date | null) {
  const periods = await db.select().from(waitingPeriods).where(eq(waitingPeriods.missionId, missionId));
  return waitingTotals(
    periods.map((row) => ({ ...row, place: row.place as WaitingPlace })),
    deliveredAt ?? new Date(),
  );
}
