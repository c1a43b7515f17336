import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MissionStatus } from '#core/rules/enums.js';
import {
  ACTIONS_WITH_REASON,
  MISSION_ACTIONS,
  startableFrom,
  startTooEarlyMessage,
  transition,
  type MissionAction,
} from '#core/rules/missions.js';
import { roleOf } from '#core/rules/roles.js';
import { ENGAGEMENT_DOCUMENT_TYPE } from '#core/rules/documents.js';
import { engagementMessages } from '#core/schemas/engagements.js';
import { deliveryMessages } from '#core/schemas/delivery.js';
import { documents } from '../../db/schema/documents.js';
import type { Db } from '../../db/client.js';
import { missionApplications, missions } from '../../db/schema/missions.js';
import { deliveryProofs, waitingPeriods } from '../../db/schema/road.js';
import { type User } from '../../db/schema/users.js';
import { inWorld, worldOf } from '../../platform/demo-world.js';
import { timeOfAction } from '../../platform/action-time.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import type { EventBus, RecordedEvent } from '../../platform/events.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { type MissionRow, missionErrors, recordEvent, pendingApplicantIds } from './shared.js';
import { getMissionDetail } from './detail.js';

const timestampFor: Partial<Record<MissionStatus, keyof MissionRow>> = {
  in_progress: 'startedAt',
  delivered: 'deliveredAt',
  completed: 'completedAt',
  cancelled: 'cancelledAt',
};

/**
 * One step of the lifecycle (core `MISSION_ACTIONS`): only the allowed party, from the allowed status;
 * the step's time is stored, the timeline records it, and a domain event tells the others.
 */
export async function actOnMission(
  db: Db,
  events: EventBus,
  user: User,
  missionId: string,
  action: MissionAction,
  reason: string | null,
  /** When a start done without network took place (decision 055); now otherwise. */
  at?: Date,
) {
  const role = roleOf(user);
  const rule = MISSION_ACTIONS[action];
  if (rule.by !== role) {
    throw forbidden(
      rule.by === 'driver'
        ? 'Cette action est réservée au chauffeur de la mission'
        : 'Cette action est réservée au transporteur de la mission',
    );
  }
  if (ACTIONS_WITH_REASON.includes(action) && !reason) {
    throw new AppError(400, 'Indiquez la raison (10 caractères au moins)', {
      reason: 'Indiquez la raison (10 caractères au moins)',
    });
  }
  const event = await db.transaction(async (tx): Promise<RecordedEvent> => {
    // A mission of the other world (demo or real) is not there for this user (decision 022).
    const [row] = await tx
      .select()
      .from(missions)
      .where(and(eq(missions.id, missionId), inWorld(missions.sandboxId, worldOf(user))))
      .for('update');
    if (!row) throw notFound(missionErrors.notFound);
    if (role === 'transporter' && row.companyId !== user.id) throw forbidden(missionErrors.notOwner);
    if (role === 'driver' && row.driverId !== user.id) throw forbidden(missionErrors.notAssignedToYou);
    const step = transition(row.status as MissionStatus, action);
    if (!step.ok) throw new AppError(409, step.message);
    // A start done without network and sent later is dated from when it was done (decision 055).
    const now = action === 'start' ? timeOfAction(at) : new Date();
    if (action === 'start' && now < startableFrom(row.startDate))
      throw new AppError(409, startTooEarlyMessage(startableFrom(row.startDate)));
    if (action === 'start') {
      // Both parties have signed the engagement document, or the transporter waived it in writing.
      const [engagement] = await tx
        .select({ signedAt: documents.signedAt, waivedAt: documents.waivedAt })
        .from(documents)
        .where(
          and(
            eq(documents.missionId, missionId),
            eq(documents.type, ENGAGEMENT_DOCUMENT_TYPE),
            // The document of this driver: a previous driver's signatures (or waiver) do not count.
            eq(documents.recipientId, user.id),
          ),
        )
        .for('share');
      if (!engagement?.signedAt && !engagement?.waivedAt)
        throw new AppError(409, engagementMessages.notSigned, undefined, undefined, 'engagement_unsigned');
    }

    if (action === 'deliver') {
      // The proof of delivery (delivery feature) comes first: recipient and signature, sent by this driver.
      const [proof] = await tx
        .select({ id: deliveryProofs.id })
        .from(deliveryProofs)
        .where(and(eq(deliveryProofs.missionId, missionId), eq(deliveryProofs.driverId, user.id)));
      if (!proof)
        throw new AppError(
          409,
          deliveryMessages.proofMissing,
          undefined,
          undefined,
          'delivery_proof_missing',
        );
      // A wait still counting ends with the delivery.
      await tx
        .update(waitingPeriods)
        .set({ endedAt: now })
        .where(and(eq(waitingPeriods.missionId, missionId), isNull(waitingPeriods.endedAt)));
    }

    if (action === 'drop') {
      // Back to available: the driver's application is withdrawn, and those set aside when this driver
      // was chosen are pending again.
      await tx
        .update(missions)
        .set({ status: 'available', driverId: null, assignedAt: null })
        .where(eq(missions.id, missionId));
      await tx
        .update(missionApplications)
        .set({ status: 'withdrawn' })
        .where(and(eq(missionApplications.missionId, missionId), eq(missionApplications.driverId, user.id)));
      const reopened = await tx
        .update(missionApplications)
        .set({ status: 'pending', rejectedOnAssignment: false })
        .where(
          and(
            eq(missionApplications.missionId, missionId),
            eq(missionApplications.status, 'rejected'),
            eq(missionApplications.rejectedOnAssignment, true),
            // Not the applications of drivers who have closed their account since.
            sql`${missionApplications.driverId} in (select id from users where is_active and account_status = 'active')`,
          ),
        )
        .returning({ driverId: missionApplications.driverId });
      await recordEvent(tx, missionId, user.id, 'dropped', 'available', reason);
      return recordDomainEvent(tx, {
        type: 'mission.dropped',
        missionId,
        title: row.title,
        companyId: row.companyId,
        driverId: user.id,
        driverName: user.fullName,
        reopenedApplicantIds: reopened.map((application) => application.driverId),
        reason: reason!,
      });
    }

    if (action === 'cancel') {
      const applicantIds = await pendingApplicantIds(tx, missionId);
      await tx
        .update(missions)
        .set({ status: 'cancelled', cancelledAt: now, cancellationReason: reason })
        .where(eq(missions.id, missionId));
      await tx
        .update(missionApplications)
        .set({ status: 'rejected' })
        .where(and(eq(missionApplications.missionId, missionId), eq(missionApplications.status, 'pending')));
      await recordEvent(tx, missionId, user.id, 'cancelled', 'cancelled', reason);
      return recordDomainEvent(tx, {
        type: 'mission.cancelled',
        missionId,
        title: row.title,
        companyId: row.companyId,
        driverId: row.driverId,
        applicantIds,
        reason: reason!,
      });
    }

    const column = timestampFor[step.to]!;
    await tx
      .update(missions)
      .set({ status: step.to, [column]: now })
      .where(eq(missions.id, missionId));
    await recordEvent(tx, missionId, user.id, action, step.to);
    return recordDomainEvent(tx, {
      type: 'mission.status_changed',
      missionId,
      title: row.title,
      companyId: row.companyId,
      driverId: row.driverId!,
      status: step.to as 'in_progress' | 'delivered' | 'completed',
    });
  });
  await events.publish(event);
  return getMissionDetail(db, { user }, missionId);
}
