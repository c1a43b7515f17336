import type { PgColumn } from 'drizzle-orm/pg-core';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { adminUsersMessages, type AdminUserDetail } from '#core/schemas/admin-users.js';
import type { Db } from '../../db/client.js';
import { adminLogs } from '../../db/schema/admin.js';
import { documents } from '../../db/schema/documents.js';
import { missionApplications, missions, reviews } from '../../db/schema/missions.js';
import { subscriptions } from '../../db/schema/payments.js';
import { users, type User } from '../../db/schema/users.js';
import { isPaperType } from '../../platform/driver-papers.js';
import { notFound } from '../../platform/errors.js';
import { listSessions } from '../../platform/sessions.js';
import { toRow } from './search.js';

/** Rows of each list the page shows at most (the newest). */
const RECENT = 50;
/** A mission still under way: published and open, assigned, started or delivered but not yet closed. */
const UNDERWAY_STATUSES = ['available', 'assigned', 'in_progress', 'delivered'] as const;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The profile as the team sees it: no password, no second-factor secret, no token of any kind. */
function profileOf(user: User): AdminUserDetail['profile'] {
  return {
    ...toRow(user),
    userType: user.userType,
    isAdmin: user.isAdmin,
    deactivationReason: user.deactivationReason,
    deactivatedAt: iso(user.deactivatedAt),
    deletedAt: iso(user.deletedAt),
    licenseNumber: user.licenseNumber,
    licenseType: user.licenseType,
    yearsExperience: user.yearsExperience,
    certifications: user.certifications,
    vehicleTypes: user.vehicleTypes,
    currentLocation: user.currentLocation,
    documentsVerified: user.documentsVerified,
    billingAddress: user.billingAddress,
    vatRegime: user.vatRegime,
    vatNumber: user.vatNumber,
    reputationScore: user.reputationScore,
    secondFactorEnabled: user.totpEnabledAt !== null,
  };
}

/**
 * What is under way for the member: their missions not yet closed (published, assigned, started, delivered), as
 * the transporter or as the driver, and their applications waiting. A deactivation leaves them as they are and
 * shows them to the administrator, who cancels a mission from its page when needed.
 */
export async function underwayOf(
  db: Pick<Db, 'select'>,
  userId: string,
): Promise<AdminUserDetail['underway']> {
  const [open, [pending]] = await Promise.all([
    db
      .select({
        id: missions.id,
        title: missions.title,
        status: missions.status,
        companyId: missions.companyId,
      })
      .from(missions)
      .where(
        and(
          or(eq(missions.companyId, userId), eq(missions.driverId, userId)),
          inArray(missions.status, [...UNDERWAY_STATUSES]),
        ),
      )
      .orderBy(missions.startDate, missions.id)
      .limit(RECENT),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(missionApplications)
      .innerJoin(missions, eq(missions.id, missionApplications.missionId))
      .where(
        and(
          eq(missionApplications.driverId, userId),
          eq(missionApplications.status, 'pending'),
          eq(missions.status, 'available'),
        ),
      ),
  ]);
  return {
    missions: open.map(({ companyId, ...mission }) => ({
      ...mission,
      as: companyId === userId ? ('company' as const) : ('driver' as const),
    })),
    pendingApplications: pending?.value ?? 0,
  };
}

/**
 * GET /api/admin/users/:id: the member's profile, papers, missions, applications, reviews, sessions, plan and the
 * team's past actions on the account. Never their messages nor conversations.
 */
export async function userDetail(db: Db, userId: string): Promise<AdminUserDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound(adminUsersMessages.userNotFound);
  const company = alias(users, 'company');
  const driver = alias(users, 'driver');
  const other = alias(users, 'other');
  const reviewColumns = {
    id: reviews.id,
    missionId: reviews.missionId,
    missionTitle: missions.title,
    otherName: other.fullName,
    rating: reviews.rating,
    comment: reviews.comment,
    createdAt: reviews.createdAt,
    publishedAt: reviews.publishedAt,
    removedAt: reviews.removedAt,
  }; /** The member's reviews on one side (`mine`: received or given), each with the other party's name. */
  const reviewsOf = (mine: PgColumn, theirs: PgColumn) =>
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(missions, eq(missions.id, reviews.missionId))
      .innerJoin(other, eq(other.id, theirs))
      .where(eq(mine, userId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(RECENT);

  const [docs, missionRows, applications, received, given, sessionRows, subscriptionRows, history, underway] =
    await Promise.all([
      db
        .select()
        .from(documents)
        .where(eq(documents.userId, userId))
        .orderBy(desc(documents.uploadedAt), desc(documents.id))
        .limit(RECENT),
      db
        .select({
          id: missions.id,
          title: missions.title,
          status: missions.status,
          companyId: missions.companyId,
          companyName: sql<string>`coalesce(${company.companyName}, ${company.fullName})`,
          driverName: driver.fullName,
          pickupCity: missions.pickupCity,
          deliveryCity: missions.deliveryCity,
          startDate: missions.startDate,
          price: missions.price,
          createdAt: missions.createdAt,
        })
        .from(missions)
        .innerJoin(company, eq(company.id, missions.companyId))
        .leftJoin(driver, eq(driver.id, missions.driverId))
        .where(or(eq(missions.companyId, userId), eq(missions.driverId, userId)))
        .orderBy(desc(missions.createdAt), desc(missions.id))
        .limit(RECENT),
      db
        .select({
          id: missionApplications.id,
          status: missionApplications.status,
          createdAt: missionApplications.createdAt,
          missionId: missions.id,
          missionTitle: missions.title,
          missionStatus: missions.status,
          companyName: sql<string>`coalesce(${company.companyName}, ${company.fullName})`,
        })
        .from(missionApplications)
        .innerJoin(missions, eq(missions.id, missionApplications.missionId))
        .innerJoin(company, eq(company.id, missions.companyId))
        .where(eq(missionApplications.driverId, userId))
        .orderBy(desc(missionApplications.createdAt), desc(missionApplications.id))
        .limit(RECENT),
      reviewsOf(reviews.revieweeId, reviews.reviewerId),
      reviewsOf(reviews.reviewerId, reviews.revieweeId),
      listSessions(db, userId),
      db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(20),
      db
        .select({
          id: adminLogs.id,
          action: adminLogs.action,
          adminName: other.fullName,
          details: adminLogs.details,
          createdAt: adminLogs.createdAt,
        })
        .from(adminLogs)
        .leftJoin(other, eq(other.id, adminLogs.adminId))
        .where(and(eq(adminLogs.targetType, 'user'), eq(adminLogs.targetId, userId)))
        .orderBy(desc(adminLogs.createdAt), desc(adminLogs.id))
        .limit(RECENT),
      underwayOf(db, userId),
    ]);
  const review = (row: (typeof received)[number]) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    publishedAt: iso(row.publishedAt),
    removedAt: iso(row.removedAt),
  });
  return {
    profile: profileOf(user),
    documents: docs.map((doc) => ({
      id: doc.id,
      type: doc.type,
      fileName: doc.fileName,
      status: doc.status,
      expirationDate: doc.expirationDate,
      uploadedAt: doc.uploadedAt.toISOString(),
      rejectionReason: doc.rejectionReason,
      missionId: doc.missionId,
      fileUrl: isPaperType(doc.type) ? `/api/documents/${doc.id}/file` : null,
    })),
    missions: missionRows.map(({ companyId, companyName, driverName, ...mission }) => {
      const asCompany = companyId === userId;
      return {
        ...mission,
        as: asCompany ? ('company' as const) : ('driver' as const),
        counterpart: asCompany ? driverName : companyName,
        startDate: mission.startDate.toISOString(),
        createdAt: mission.createdAt.toISOString(),
      };
    }),
    applications: applications.map((row) => ({
      id: row.id,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      mission: {
        id: row.missionId,
        title: row.missionTitle,
        status: row.missionStatus,
        companyName: row.companyName,
      },
    })),
    reviews: { received: received.map(review), given: given.map(review) },
    sessions: sessionRows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    })),
    subscriptions: subscriptionRows.map((row) => ({
      id: row.id,
      plan: row.plan,
      interval: row.interval,
      status: row.status,
      source: row.source,
      currentPeriodEnd: iso(row.currentPeriodEnd),
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      invoiceReference: row.invoiceReference,
      amount: row.amount,
      createdAt: row.createdAt.toISOString(),
      endedAt: iso(row.endedAt),
    })),
    underway,
    history: history.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
