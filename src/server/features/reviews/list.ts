import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { roleOf } from '#core/rules/roles.js';
import type { UserReviews } from '#core/schemas/reviews.js';
import type { Db } from '../../db/client.js';
import { missions, reviews } from '../../db/schema/missions.js';
import { reviewReports } from '../../db/schema/road.js';
import { users, type User } from '../../db/schema/users.js';
import { inWorld, worldOf } from '../../platform/demo-world.js';
import { notFound } from '../../platform/errors.js';
import { personOf, reviewView, visibleReview } from './shared.js';

/**
 * Whether the member's reviews may be read: the same rule as their public profile (features/profile): an open
 * account that is not an administrator, of the viewer's world (platform/demo-world.ts). A deactivated or deleted
 * member's reviews are not listed at all.
 */
export async function reviewableMember(db: Db, viewer: User | null, memberId: string): Promise<User> {
  const [member] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, memberId), inWorld(users.sandboxId, worldOf(viewer))));
  if (!member || roleOf(member) === 'admin' || !member.isActive) throw notFound('Profil introuvable');
  return member;
}

const average = (value: string | null) => (value === null ? null : Math.round(Number(value) * 100) / 100);

/**
 * GET /api/reviews/user/{id}: the member's published, not removed reviews, newest first, a page at a time, with
 * a summary (count, averages, reputation score). Readable by whoever may read the member's profile.
 */
export async function userReviews(
  db: Db,
  viewer: User | null,
  memberId: string,
  page: number,
  pageSize: number,
): Promise<UserReviews> {
  const member = await reviewableMember(db, viewer, memberId);
  const mine = and(eq(reviews.revieweeId, memberId), visibleReview());
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<string | null>`avg(${reviews.rating})`,
      professionalismScore: sql<string | null>`avg(${reviews.professionalismScore})`,
      communicationScore: sql<string | null>`avg(${reviews.communicationScore})`,
      drivingSkillScore: sql<string | null>`avg(${reviews.drivingSkillScore})`,
      safetyScore: sql<string | null>`avg(${reviews.safetyScore})`,
    })
    .from(reviews)
    .where(mine);
  const reviewer = alias(users, 'reviewer');
  const rows = await db
    .select({
      review: reviews,
      reviewer,
      missionTitle: missions.title,
      reported: sql<boolean>`${reviewReports.id} is not null`,
    })
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(missions, eq(missions.id, reviews.missionId))
    .leftJoin(
      reviewReports,
      and(eq(reviewReports.reviewId, reviews.id), eq(reviewReports.reporterId, viewer?.id ?? memberId)),
    )
    .where(mine)
    .orderBy(desc(reviews.publishedAt), desc(reviews.createdAt), desc(reviews.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const isMember = viewer?.id === memberId;
  return {
    summary: {
      count: totals?.count ?? 0,
      average: average(totals?.average ?? null),
      subScores: {
        professionalismScore: average(totals?.professionalismScore ?? null),
        communicationScore: average(totals?.communicationScore ?? null),
        drivingSkillScore: average(totals?.drivingSkillScore ?? null),
        safetyScore: average(totals?.safetyScore ?? null),
      },
      reputationScore: member.reputationScore,
    },
    reviews: rows.map((row) => ({
      ...reviewView(row.review, personOf(row.reviewer)),
      missionTitle: row.missionTitle,
      reported: isMember && row.reported,
      canReport: isMember && !row.reported,
    })),
    page,
    pageSize,
    total: totals?.count ?? 0,
  };
}
