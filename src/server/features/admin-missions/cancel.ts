import { and, eq, isNull } from 'drizzle-orm';
import {
  ADMIN_CANCELLABLE,
  adminMissionMessages,
  teamCancellationReason,
} from '#core/schemas/admin-missions.js';
import type { MissionStatus } from '#core/rules/enums.js';
import type { Db } from '../../db/client.js';
import { missionApplications, missionEvents, missions } from '../../db/schema/missions.js';
import { waitingPeriods } from '../../db/schema/road.js';
import type { User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { RecordedEvent } from '../../platform/events.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { capturedPayments } from './detail.js';
import { formatCents } from '#core/rules/money.js';

const PAYMENT_CAPTURED = 'payment_captured';

/**
 * POST /api/admin/missions/:id/cancel: the Relais team cancels a (fraudulent) mission in any status before its
 * end, under the mission's row lock: pending applications are rejected, a wait still counting ends, the timeline
 * and the administration log record it. Card payments captured for the mission are never kept silently: the
 * cancellation is refused until the admin confirms they refund them on Stripe (Relais does not refund by itself),
 * and the log line lists them. Returns the domain event, recorded with the change, to publish once committed
 * (the parties are told).
 */
export async function cancelMissionAsTeam(
  db: Db,
  admin: User,
  missionId: string,
  input: { reason: string; refundAcknowledged?: boolean | undefined },
  ipAddress: string,
): Promise<RecordedEvent> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(missions).where(eq(missions.id, missionId)).for('update');
    if (!row) throw notFound(adminMissionMessages.notFound);
    if (row.status === 'cancelled') throw new AppError(409, adminMissionMessages.alreadyCancelled);
    if (!ADMIN_CANCELLABLE.includes(row.status as MissionStatus))
      throw new AppError(409, adminMissionMessages.completed);
    const captured = await capturedPayments(tx, missionId);
    if (captured.length > 0 && input.refundAcknowledged !== true) {
      const cents = captured.reduce((total, payment) => total + Math.round(Number(payment.amount) * 100), 0);
      throw new AppError(
        409,
        adminMissionMessages.paymentCaptured(formatCents(cents)),
        undefined,
        undefined,
        PAYMENT_CAPTURED,
      );
    }
    const now = new Date();
    const rejected = await tx
      .update(missionApplications)
      .set({ status: 'rejected', rejectedOnAssignment: false })
      .where(and(eq(missionApplications.missionId, missionId), eq(missionApplications.status, 'pending')))
      .returning({ driverId: missionApplications.driverId });
    await tx
      .update(missions)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancellationReason: teamCancellationReason(input.reason),
      })
      .where(eq(missions.id, missionId));
    await tx
      .update(waitingPeriods)
      .set({ endedAt: now })
      .where(and(eq(waitingPeriods.missionId, missionId), isNull(waitingPeriods.endedAt)));
    await tx.insert(missionEvents).values({
      missionId,
      actorId: admin.id,
      type: 'cancelled',
      status: 'cancelled',
      reason: input.reason,
    });
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'mission.cancel',
      targetType: 'mission',
      targetId: missionId,
      details: {
        reason: input.reason,
        title: row.title,
        previousStatus: row.status,
        companyId: row.companyId,
        driverId: row.driverId,
        rejectedApplications: rejected.length,
        ...(captured.length > 0 ? { capturedPayments: captured, refundToMakeOnStripe: true } : {}),
      },
      ipAddress,
    });
    return recordDomainEvent(tx, {
      type: 'mission.cancelled',
      missionId,
      title: row.title,
      companyId: row.companyId,
      driverId: row.driverId,
      applicantIds: rejected.map((application) => application.driverId),
      reason: input.reason,
      byTeam: true,
    });
  });
}
