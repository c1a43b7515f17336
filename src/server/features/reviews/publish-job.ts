import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { REVIEW_WINDOW_DAYS } from '#core/rules/reviews.js';
import type { Db } from '../../db/client.js';
import { missions, reviews } from '../../db/schema/missions.js';
import type { EventBus } from '../../platform/events.js';
import { recordDomainEvents } from '../../platform/outbox.js';
import { lockMembers, recomputeReputation } from './shared.js';
import { reviewerNames } from './write.js';

/** Missions handled per run; the next hour takes the rest. */
const BATCH = 500;

/**
 * The hourly job: reviews whose 14-day window has closed without the other party's are published (the
 * reviewee's reputation recomputed in the same transaction, mission by mission), and each reviewee is told
 * ('review.published'). Safe to run twice: a published review is never published again.
 */
export async function publishDueReviews(
  deps: { db: Db; events: EventBus },
  now = new Date(),
): Promise<number> {
  const { db, events } = deps;
  const deadline = new Date(now.getTime() - REVIEW_WINDOW_DAYS * 86_400_000);
  const due = await db
    .selectDistinct({ id: missions.id, companyId: missions.companyId, driverId: missions.driverId })
    .from(reviews)
    .innerJoin(missions, eq(missions.id, reviews.missionId))
    .where(and(isNull(reviews.publishedAt), lte(missions.completedAt, deadline)))
    .limit(BATCH);
  let published = 0;
  for (const mission of due) {
    const { count, told } = await db.transaction(async (tx) => {
      await lockMembers(tx, [mission.companyId, mission.driverId]);
      const [locked] = await tx
        .select({ title: missions.title })
        .from(missions)
        .where(and(eq(missions.id, mission.id), lte(missions.completedAt, deadline)))
        .for('update');
      if (!locked) return { count: 0, told: [] };
      const rows = await tx
        .update(reviews)
        .set({ publishedAt: now })
        .where(and(eq(reviews.missionId, mission.id), isNull(reviews.publishedAt)))
        .returning({
          id: reviews.id,
          reviewerId: reviews.reviewerId,
          revieweeId: reviews.revieweeId,
          rating: reviews.rating,
          removed: sql<boolean>`${reviews.removedAt} is not null`,
        });
      for (const id of new Set(rows.map((row) => row.revieweeId))) await recomputeReputation(tx, id);
      const names = await reviewerNames(
        tx,
        rows.map((row) => row.reviewerId),
      );
      const told = await recordDomainEvents(
        tx,
        rows
          .filter((row) => !row.removed)
          .map((row) => ({
            type: 'review.published' as const,
            reviewId: row.id,
            missionId: mission.id,
            title: locked.title,
            reviewerName: names.get(row.reviewerId) ?? 'Un membre',
            revieweeId: row.revieweeId,
            rating: row.rating,
          })),
      );
      return { count: rows.length, told };
    });
    published += count;
    await events.publish(told);
  }
  return published;
}
