import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  badgeCriteria,
  COMPUTED_BADGES,
  earnedBadges,
  type ComputedBadgeType,
  type DriverBadgeFigures,
} from '#core/rules/badges.js';
import { roleOf } from '#core/rules/roles.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { badges } from '../../db/schema/documents.js';
import { users, type User } from '../../db/schema/users.js';
import type { EventBus } from '../../platform/events.js';
import { recordDomainEvents } from '../../platform/outbox.js';
import { isOpenAccount } from '../../platform/sessions.js';
import { measureDriver } from '../../platform/badge-figures.js';

export interface BadgeSync {
  figures: DriverBadgeFigures | null;
  earned: ComputedBadgeType[];
  lost: ComputedBadgeType[];
}

/**
 * The member's row, locked for the transaction: the badge syncs and the admin's awards of one driver run one
 * after the other (a deletion of the account waits too, or is waited for). Null unless an open driver account.
 */
export async function lockDriver(tx: DbOrTx, userId: string): Promise<User | null> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return isOpenAccount(user) && roleOf(user) === 'driver' ? user : null;
}

/**
 * Brings a driver's computed badges in line with their figures now: inserts the badges the figures reach (with
 * the figures of the moment as criteria), deletes those they no longer reach, then tells the driver ("badge.earned"
 * / "badge.lost" alerts) once committed. The eco_driver badge, given by an administrator, is never touched here.
 * Anything but an open driver account is left as it is.
 */
export async function syncDriverBadges(db: Db, events: EventBus, userId: string): Promise<BadgeSync> {
  const { told, ...result } = await db.transaction(async (tx) => {
    if (!(await lockDriver(tx, userId))) return { figures: null, earned: [], lost: [], told: [] };
    const figures = await measureDriver(tx, userId);
    const held = new Set(
      (
        await tx
          .select({ type: badges.type })
          .from(badges)
          .where(and(eq(badges.userId, userId), inArray(badges.type, [...COMPUTED_BADGES])))
      ).map((row) => row.type),
    );
    const due = new Set(earnedBadges(figures));
    const earned = COMPUTED_BADGES.filter((type) => due.has(type) && !held.has(type));
    const lost = COMPUTED_BADGES.filter((type) => held.has(type) && !due.has(type));
    if (earned.length > 0)
      await tx
        .insert(badges)
        .values(earned.map((type) => ({ userId, type, criteria: badgeCriteria(type, figures) })))
        .onConflictDoNothing();
    if (lost.length > 0)
      await tx.delete(badges).where(and(eq(badges.userId, userId), inArray(badges.type, lost)));
    const told = await recordDomainEvents(tx, [
      ...earned.map((badge) => ({ type: 'badge.earned' as const, userId, badge })),
      ...lost.map((badge) => ({ type: 'badge.lost' as const, userId, badge })),
    ]);
    return { figures, earned, lost, told };
  });
  await events.publish(told);
  return result;
}

/**
 * The drivers whose badges may change with time alone (windows move, an unanswered message passes the hour, a
 * review is removed): every open driver account with a mission, a received message or a computed badge.
 */
export async function driversToSweep(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select u.id from users u
    where u.user_type = 'driver' and not u.is_admin and u.is_active and u.account_status = 'active'
      and (exists (select 1 from missions m where m.driver_id = u.id)
        or exists (select 1 from messages q where q.receiver_id = u.id)
        or exists (select 1 from badges b where b.user_id = u.id))
    order by u.id`);
  return rows.map((row) => row.id);
}
