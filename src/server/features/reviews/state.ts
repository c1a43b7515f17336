import { eq } from 'drizzle-orm';
import { reviewClosesAt, reviewWindowOpen, SUB_SCORES_FOR } from '#core/rules/reviews.js';
import type { MissionReviewState, ReviewPerson } from '#core/schemas/reviews.js';
import type { Db } from '../../db/client.js';
import { reviews } from '../../db/schema/missions.js';
import { users } from '../../db/schema/users.js';
import type { User } from '../../db/schema/users.js';
import { isOpenAccount } from '../../platform/sessions.js';
import { personColumns, personOf, reviewView } from './shared.js';
import { notCompletedMessage, partyOf, reviewErrors } from './write.js';

const GONE: ReviewPerson = {
  id: null,
  fullName: 'Ancien membre',
  avatar: null,
  role: 'driver',
  companyName: null,
};

/**
 * Where the viewer stands on a mission's reviews: may they write, until when, their own review, and the other
 * party's only once published (double-blind). For the two parties and administrators (who see both, to
 * moderate); anyone else is told the mission is not there.
 */
export async function missionReviewState(
  db: Db,
  viewer: User,
  missionId: string,
  now = new Date(),
): Promise<MissionReviewState> {
  const { mission, role, revieweeId } = await partyOf(db, viewer, missionId);
  const reviewedRole = role === 'driver' ? 'transporter' : 'driver';
  const [reviewee] = revieweeId ? await db.select().from(users).where(eq(users.id, revieweeId)) : [];
  const rows = await db
    .select({ review: reviews, reviewer: personColumns })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(eq(reviews.missionId, missionId));
  // An administrator reads the mission from the transporter's side: "mine" is the transporter's review.
  const authorId = role === 'admin' ? mission.companyId : viewer.id;
  const mineRow = rows.find((row) => row.review.reviewerId === authorId);
  const theirsRow = rows.find((row) => row.review.reviewerId !== authorId);
  const completed = mission.status === 'completed' && mission.completedAt !== null;
  const windowOpen = completed && reviewWindowOpen(mission.completedAt, now);
  const revieweeOpen = isOpenAccount(reviewee);
  const blockedReason =
    role === 'admin'
      ? reviewErrors.admin
      : mineRow
        ? null
        : !completed
          ? notCompletedMessage(mission.status)
          : !windowOpen
            ? reviewErrors.closed
            : !revieweeOpen
              ? reviewErrors.revieweeGone
              : null;
  const theirsShown =
    theirsRow &&
    (role === 'admin' || (theirsRow.review.publishedAt !== null && theirsRow.review.removedAt === null));
  return {
    missionId: mission.id,
    title: mission.title,
    status: mission.status,
    viewerRole: role,
    reviewee: reviewee ? personOf(reviewee) : { ...GONE, role: reviewedRole },
    subScores: [...SUB_SCORES_FOR[reviewedRole]],
    completedAt: mission.completedAt?.toISOString() ?? null,
    closesAt: mission.completedAt ? reviewClosesAt(mission.completedAt).toISOString() : null,
    windowOpen,
    canWrite: role !== 'admin' && !mineRow && windowOpen && revieweeOpen,
    blockedReason,
    mine: mineRow ? reviewView(mineRow.review, personOf(mineRow.reviewer)) : null,
    mineRemoved: mineRow?.review.removedAt != null,
    otherWritten: theirsRow !== undefined,
    theirs: theirsShown ? reviewView(theirsRow.review, personOf(theirsRow.reviewer)) : null,
  };
}
