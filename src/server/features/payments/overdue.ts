import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { missions } from '../../db/schema/missions.js';
import { driverPayments } from '../../db/schema/payments.js';
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
  const claimed = await db
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
  if (claimed.length === 0) return 0;
  const titles = new Map(
    (
      await db
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
  for (const payment of claimed)
    await events.publish({
      type: 'payment.overdue',
      missionId: payment.missionId,
      title: titles.get(payment.missionId) ?? '',
      companyId: payment.transporterId,
      driverId: payment.driverId,
      amount: payment.amount,
      dueDate: payment.dueDate,
    });
  return claimed.length;
}
