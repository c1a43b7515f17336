import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { roleOf } from '#core/rules/roles.js';
import { VIEW_COALESCE_MINUTES, VIEW_CONTINUED_SECONDS } from '#core/rules/tracking.js';
import { trackingMessages, type TrackingView } from '#core/schemas/tracking.js';
import type { Db } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import { trackingViews } from '../../db/schema/road.js';
import { users, type User } from '../../db/schema/users.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { MISSION_NOT_FOUND, readerOf } from './shared.js';

/**
 * Logs a look at a mission's positions by someone other than its driver (RGPD): looks by one person within
 * VIEW_COALESCE_MINUTES of their previous one extend that entry (last time, count — reads within
 * VIEW_CONTINUED_SECONDS of the previous are the same look, an open page following updates). A per-(mission, viewer) lock
 * keeps two simultaneous reads from opening two entries.
 */
export async function logView(db: Db, missionId: string, viewer: User, role: 'transporter' | 'admin') {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`tracking-view:${missionId}:${viewer.id}`}))`,
    );
    const extended = await tx
      .update(trackingViews)
      .set({
        lastViewedAt: sql`now()`,
        // A page left open re-reads at each update: one look going on, not one more.
        views: sql`${trackingViews.views} + case when ${trackingViews.lastViewedAt} < now() - make_interval(secs => ${VIEW_CONTINUED_SECONDS}) then 1 else 0 end`,
      })
      .where(
        and(
          eq(trackingViews.missionId, missionId),
          eq(trackingViews.viewerId, viewer.id),
          gt(trackingViews.lastViewedAt, sql`now() - make_interval(mins => ${VIEW_COALESCE_MINUTES})`),
        ),
      )
      .returning({ id: trackingViews.id });
    if (extended.length === 0)
      await tx.insert(trackingViews).values({ missionId, viewerId: viewer.id, viewerRole: role });
  });
}

/** Who looked at the positions, newest first: for the driver (and administrators), not the transporter. */
export async function listViews(db: Db, user: User, missionId: string): Promise<TrackingView[]> {
  const [mission] = await db
    .select({ companyId: missions.companyId, driverId: missions.driverId })
    .from(missions)
    .where(eq(missions.id, missionId));
  if (!mission) throw notFound(MISSION_NOT_FOUND);
  const reader = readerOf(user, mission);
  if (reader === 'transporter' && roleOf(user) !== 'admin') throw forbidden(trackingMessages.viewsDriverOnly);
  const rows = await db
    .select({
      fullName: users.fullName,
      companyName: users.companyName,
      accountStatus: users.accountStatus,
      viewerRole: trackingViews.viewerRole,
      firstViewedAt: trackingViews.firstViewedAt,
      lastViewedAt: trackingViews.lastViewedAt,
      views: trackingViews.views,
    })
    .from(trackingViews)
    .leftJoin(users, eq(users.id, trackingViews.viewerId))
    .where(eq(trackingViews.missionId, missionId))
    .orderBy(desc(trackingViews.lastViewedAt), desc(trackingViews.id))
    .limit(200);
  return rows.map((row) => ({
    viewerName:
      row.fullName === null || row.accountStatus === 'deleted'
        ? 'Compte supprimé'
        : row.viewerRole === 'admin'
          ? `${row.fullName} (équipe Relais)`
          : row.companyName
            ? `${row.fullName} · ${row.companyName}`
            : row.fullName,
    viewerRole: row.viewerRole,
    firstViewedAt: row.firstViewedAt.toISOString(),
    lastViewedAt: row.lastViewedAt.toISOString(),
    views: row.views,
  }));
}
