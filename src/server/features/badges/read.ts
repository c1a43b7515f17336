import { and, asc, eq } from 'drizzle-orm';
import { AWARDED_BADGES, type BadgeType } from '#core/rules/badges.js';
import { BADGE_TYPES } from '#core/rules/enums.js';
import { roleOf } from '#core/rules/roles.js';
import type { MemberBadge, MemberBadges, MyBadges } from '#core/schemas/badges.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { badges } from '../../db/schema/documents.js';
import { users, type User } from '../../db/schema/users.js';
import { inWorld, worldOf } from '../../platform/demo-world.js';
import { notFound } from '../../platform/errors.js';
import { measureDriver } from '../../platform/badge-figures.js';

const order = (type: string) => BADGE_TYPES.indexOf(type as BadgeType);

/** A member's badges in the order of BADGE_TYPES; the admin's reason only when asked for (the driver, admins). */
export async function badgesOf(db: DbOrTx, userId: string, withReason: boolean): Promise<MemberBadge[]> {
  const rows = await db.select().from(badges).where(eq(badges.userId, userId)).orderBy(asc(badges.earnedAt));
  return rows
    .sort((a, b) => order(a.type) - order(b.type))
    .map((row) => ({
      type: row.type as BadgeType,
      earnedAt: row.earnedAt.toISOString(),
      awarded: AWARDED_BADGES.includes(row.type as BadgeType),
      ...(withReason ? { reason: row.reason } : {}),
    }));
}

/**
 * GET /api/users/{id}/badges: seen by whoever may see the member's profile (not admins', not closed accounts, not
 * a member of another world).
 */
export async function memberBadges(db: Db, viewer: User | null, id: string): Promise<MemberBadges> {
  const [member] = await db
    .select({ id: users.id, userType: users.userType, isAdmin: users.isAdmin, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.id, id), inWorld(users.sandboxId, worldOf(viewer))));
  const role = member ? roleOf(member) : null;
  if (!member || role === 'admin' || !member.isActive) throw notFound('Profil introuvable');
  const mine = viewer !== null && (viewer.id === id || roleOf(viewer) === 'admin');
  return {
    role: role === 'transporter' ? 'transporter' : 'driver',
    badges: await badgesOf(db, id, mine),
  };
}

/** GET /api/badges/mine: the driver's badges and the figures measured now (their way to each). */
export async function myBadges(db: Db, driver: User): Promise<MyBadges> {
  const [figures, held] = await Promise.all([measureDriver(db, driver.id), badgesOf(db, driver.id, true)]);
  return { badges: held, figures };
}
