import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { roleOf } from '#core/rules/roles.js';
import { reputationScore } from '#core/rules/reviews.js';
import type { Review, ReviewPerson } from '#core/schemas/reviews.js';
import type { DbOrTx } from '../../db/client.js';
import { reviews } from '../../db/schema/missions.js';
import { users, type User } from '../../db/schema/users.js';

export type ReviewRow = typeof reviews.$inferSelect;

/** What the lists need of a person: a deleted account shows as "Ancien membre", with no link nor photo. */
export function personOf(
  user: Pick<User, 'id' | 'fullName' | 'avatar' | 'userType' | 'isAdmin' | 'companyName' | 'deletedAt'>,
): ReviewPerson {
  const role = roleOf(user) === 'transporter' ? 'transporter' : 'driver';
  if (user.deletedAt) return { id: null, fullName: 'Ancien membre', avatar: null, role, companyName: null };
  return {
    id: user.id,
    fullName: user.fullName,
    avatar: user.avatar,
    role,
    companyName: user.companyName,
  };
}

export const personColumns = {
  id: users.id,
  fullName: users.fullName,
  avatar: users.avatar,
  userType: users.userType,
  isAdmin: users.isAdmin,
  companyName: users.companyName,
  deletedAt: users.deletedAt,
};

/** The URL that serves a review's photo after checking who asks (routes.ts). */
const photoUrl = (reviewId: string, index: number) => `/api/reviews/${reviewId}/photos/${index}`;

export function reviewView(row: ReviewRow, reviewer: ReviewPerson): Review {
  return {
    id: row.id,
    rating: row.rating,
    professionalismScore: row.professionalismScore,
    communicationScore: row.communicationScore,
    drivingSkillScore: row.drivingSkillScore,
    safetyScore: row.safetyScore,
    comment: row.comment,
    photos: row.photos.map((_key, index) => photoUrl(row.id, index)),
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    reviewer,
  };
}

/** Published and not removed: what shows and what counts. */
export const visibleReview = () => and(isNotNull(reviews.publishedAt), isNull(reviews.removedAt));

/**
 * Locks the users' rows (FOR UPDATE, in id order, before any mission row as the platform's locks go) of the
 * people whose reputation the transaction may recompute: two publications for one member never compute from
 * each other's stale count.
 */
export async function lockMembers(tx: DbOrTx, ids: Array<string | null>): Promise<Map<string, User>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx.select().from(users).where(inArray(users.id, wanted)).orderBy(users.id).for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * users.reputationScore from the member's published, not removed reviews (core reputationScore, a Bayesian
 * average); call it in the transaction that publishes or removes, after lockMembers.
 */
export async function recomputeReputation(tx: DbOrTx, userId: string): Promise<string> {
  const [totals] = await tx
    .select({ count: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` })
    .from(reviews)
    .where(and(eq(reviews.revieweeId, userId), visibleReview()));
  const score = reputationScore(totals?.count ?? 0, totals?.sum ?? 0).toFixed(2);
  await tx.update(users).set({ reputationScore: score }).where(eq(users.id, userId));
  return score;
}
