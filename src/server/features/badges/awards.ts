import { and, eq } from 'drizzle-orm';
import { BADGE_LABELS } from '#core/rules/badges.js';
import type { MemberBadges } from '#core/schemas/badges.js';
import type { Db } from '../../db/client.js';
import { badges } from '../../db/schema/documents.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { badgesOf } from './read.js';
import { lockDriver } from './sync.js';

const awardMessages = {
  noDriver: 'Chauffeur introuvable',
  notADriver: 'Les badges sont réservés aux chauffeurs',
  alreadyHeld: `Ce chauffeur a déjà le badge « ${BADGE_LABELS.eco_driver} »`,
  notHeld: `Ce chauffeur n’a pas le badge « ${BADGE_LABELS.eco_driver} »`,
} as const;

/**
 * The eco_driver badge, given or taken back by an administrator with a reason (admin log). Under the driver's
 * row lock, like the computed badges: of two admins giving it at once, the second is told it is there already.
 */
export async function setEcoDriver(
  db: Db,
  events: EventBus,
  admin: User,
  driverId: string,
  give: boolean,
  reason: string,
  ipAddress: string,
): Promise<MemberBadges> {
  const { result, told } = await db.transaction(async (tx) => {
    if (!(await lockDriver(tx, driverId))) {
      const [member] = await tx.select({ type: users.userType }).from(users).where(eq(users.id, driverId));
      throw member && member.type !== 'driver'
        ? new AppError(409, awardMessages.notADriver)
        : notFound(awardMessages.noDriver);
    }
    const mine = and(eq(badges.userId, driverId), eq(badges.type, 'eco_driver'));
    if (give) {
      const inserted = await tx
        .insert(badges)
        .values({ userId: driverId, type: 'eco_driver', awardedBy: admin.id, reason })
        .onConflictDoNothing()
        .returning({ id: badges.id });
      if (inserted.length === 0) throw new AppError(409, awardMessages.alreadyHeld);
    } else {
      const removed = await tx.delete(badges).where(mine).returning({ id: badges.id });
      if (removed.length === 0) throw new AppError(409, awardMessages.notHeld);
    }
    await logAdminAction(tx, {
      adminId: admin.id,
      action: give ? 'badge.award' : 'badge.remove',
      targetType: 'user',
      targetId: driverId,
      details: { badge: 'eco_driver', reason },
      ipAddress,
    });
    const told = await recordDomainEvent(tx, {
      type: give ? 'badge.earned' : 'badge.lost',
      userId: driverId,
      badge: 'eco_driver',
      reason,
    });
    return { result: { role: 'driver' as const, badges: await badgesOf(tx, driverId, true) }, told };
  });
  await events.publish(told);
  return result;
}
