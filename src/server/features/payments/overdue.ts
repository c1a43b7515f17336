import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { missions } from '../../db/schema/missions.js';
import { driverPayments } from '../../db/schema/payments.js';
import { recordDomainEvents } from '../../platform/outbox.js';
import type { PaymentDeps } from './shared.js';

/**
 * Payments still owed (or disputed) after their due date, `today` in Paris: each is claimed by setting its
 * overdueAlertedAt in one UPDATE … RETURNING, so that two runs (two instances, a retry) alert once, and both
 * parties are told. Returns how many were found overdue now.
 */
export async function alertOverduePayments(
  { db, events }: Pick<PaymentDeps, 'db' | 'events'>,
  today: string,
): Promise<number> {
  // The claims and their events commit together: a crash in between loses no alert.
  const told = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(driverPayments)
      .set({ overdueAlertedAt: sql`now()` })
      .where(
        and(
          inArray(driverPayments.settlementStatus, ['owed', 'disputed']),
          // Paid by card and waiting for the transporter's validation is not late.
          eq(driverPayments.method, 'transfer'),
          lt(driverPayments.dueDate, today),
          isNull(driverPayments.overdueAlertedAt),
        ),
      )
      .returning();
    if (claimed.length === 0) return [];
    const titles = new Map(
      (
        await tx
          .select({ id: missions.id, title: missions.title })
          .from(missions)
          .where(
            inArray(
              missions.id,
              claimed.map((payment) => payment.missionId),
            ),
          )
      ).map((row) => [row.id, row.title]),
    );
    return recordDomainEvents(
      tx,
      claimed.map((payment) => ({
        type: 'payment.overdue' as const,
        missionId: payment.missionId,
        title: titles.get(payment.missionId) ?? '',
        companyId: payment.transporterId,
        driverId: payment.driverId,
        amount: payment.amount,
        dueDate: payment.dueDate,
      })),
    );
  });
  await events.publish(told);
  return told.length;
}
