import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminReviewReports } from '#core/schemas/reviews.js';
import type { Db } from '../../db/client.js';
import { missions, reviews } from '../../db/schema/missions.js';
import { reviewReports } from '../../db/schema/road.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { accountInWorld, REAL_WORLD } from '../../platform/demo-world.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { lockMembers, personOf, recomputeReputation, visibleReview } from './shared.js';
import { reviewView } from './shared.js';

const missingReview = () => notFound('Avis introuvable');

/**
 * The member a published review is about reports it to the administrators, once (unique index): the report is
 * listed, open first, on /admin/avis with a counter in the back office's menu. The author cannot report their
 * own review (they chose its words; what they regret is for the administrators through the contact page).
 */
export async function reportReview(db: Db, viewer: User, reviewId: string, reason: string): Promise<void> {
  const [review] = await db
    .select({ revieweeId: reviews.revieweeId })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), visibleReview()));
  if (!review) throw missingReview();
  if (review.revieweeId !== viewer.id)
    throw forbidden('Seul le membre concerné par cet avis peut le signaler.');
  const inserted = await db
    .insert(reviewReports)
    .values({ reviewId, reporterId: viewer.id, reason })
    .onConflictDoNothing()
    .returning({ id: reviewReports.id });
  if (inserted.length === 0) throw new AppError(409, 'Vous avez déjà signalé cet avis.');
}

/**
 * The reports for /admin/avis: open ones first (oldest first, a queue), then the decided ones, newest first. Real
 * members' reports only (a reporter whose account is gone included): a demo account's review is scenery
 * (platform/demo-world.ts).
 */
export async function listReviewReports(db: Db): Promise<AdminReviewReports> {
  const real = accountInWorld(reviewReports.reporterId, REAL_WORLD);
  const reporter = alias(users, 'reporter');
  const reviewer = alias(users, 'reviewer');
  const reviewee = alias(users, 'reviewee');
  const isOpen = sql`${reviewReports.status} = 'open'`;
  const rows = await db
    .select({
      report: reviewReports,
      review: reviews,
      reporterName: reporter.fullName,
      reviewer,
      reviewee,
      missionTitle: missions.title,
    })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .innerJoin(missions, eq(missions.id, reviews.missionId))
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewee, eq(reviewee.id, reviews.revieweeId))
    .leftJoin(reporter, eq(reporter.id, reviewReports.reporterId))
    .where(real)
    .orderBy(
      desc(isOpen),
      asc(sql`case when ${isOpen} then ${reviewReports.createdAt} end`),
      desc(reviewReports.resolvedAt),
      desc(reviewReports.createdAt),
      desc(reviewReports.id),
    )
    .limit(200);
  const [counted] = await db
    .select({ open: sql<number>`count(*)::int` })
    .from(reviewReports)
    .where(and(eq(reviewReports.status, 'open'), real));
  return {
    open: counted?.open ?? 0,
    reports: rows.map((row) => ({
      id: row.report.id,
      reason: row.report.reason,
      status: row.report.status as 'open' | 'dismissed' | 'removed',
      createdAt: row.report.createdAt.toISOString(),
      resolvedAt: row.report.resolvedAt?.toISOString() ?? null,
      reporterName: row.reporterName ?? 'Ancien membre',
      review: {
        ...reviewView(row.review, personOf(row.reviewer)),
        missionId: row.review.missionId,
        missionTitle: row.missionTitle,
        removedAt: row.review.removedAt?.toISOString() ?? null,
        reviewee: personOf(row.reviewee),
      },
    })),
  };
}

/**
 * An administrator's decision on an open report: keep the review (dismiss) or remove it — then it is no longer
 * shown nor counted, the reviewee's reputation is recomputed in the same transaction, and every open report of it
 * is closed with it. Logged in the admin log with its reason.
 */
export async function decideReviewReport(
  db: Db,
  admin: User,
  reportId: string,
  decision: 'dismiss' | 'remove',
  reason: string,
  ipAddress: string,
): Promise<void> {
  const [found] = await db
    .select({ reviewId: reviewReports.reviewId, revieweeId: reviews.revieweeId })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .where(eq(reviewReports.id, reportId));
  if (!found) throw notFound('Signalement introuvable');
  await db.transaction(async (tx) => {
    await lockMembers(tx, [found.revieweeId]);
    const [report] = await tx
      .select()
      .from(reviewReports)
      .where(eq(reviewReports.id, reportId))
      .for('update');
    if (!report) throw notFound('Signalement introuvable');
    if (report.status !== 'open') throw new AppError(409, 'Ce signalement a déjà été traité.');
    const now = new Date();
    if (decision === 'remove') {
      await tx
        .update(reviews)
        .set({ removedAt: sql`coalesce(${reviews.removedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(reviews.id, found.reviewId));
      await tx
        .update(reviewReports)
        .set({ status: 'removed', resolvedBy: admin.id, resolvedAt: now })
        .where(and(eq(reviewReports.reviewId, found.reviewId), eq(reviewReports.status, 'open')));
      await recomputeReputation(tx, found.revieweeId);
    } else {
      await tx
        .update(reviewReports)
        .set({ status: 'dismissed', resolvedBy: admin.id, resolvedAt: now })
        .where(eq(reviewReports.id, reportId));
    }
    await logAdminAction(tx, {
      adminId: admin.id,
      action: decision === 'remove' ? 'review.remove' : 'review_report.dismiss',
      targetType: 'review',
      targetId: found.reviewId,
      details: { reportId, reason },
      ipAddress,
    });
  });
}
