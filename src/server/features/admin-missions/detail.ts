import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ADMIN_CANCELLABLE,
  adminMissionMessages,
  type AdminMissionDetail,
  type AdminMissionPerson,
} from '#core/schemas/admin-missions.js';
import type { MissionStatus } from '#core/rules/enums.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { missionApplications, missions } from '../../db/schema/missions.js';
import { driverPayments, stripePayments } from '../../db/schema/payments.js';
import { users } from '../../db/schema/users.js';
import { notFound } from '../../platform/errors.js';
import { applicationCount, iso, pendingApplicationCount, toItem } from './shared.js';
import { missionTimeline } from './timeline.js';

const personColumns = {
  id: users.id,
  fullName: users.fullName,
  companyName: users.companyName,
  email: users.email,
  phone: users.phone,
  accountStatus: users.accountStatus,
  isDemo: users.isDemo,
};

async function personOf(db: Db, id: string | null): Promise<AdminMissionPerson | null> {
  if (!id) return null;
  const [person] = await db.select(personColumns).from(users).where(eq(users.id, id));
  return person ?? null;
}

/** Card payments Stripe captured for the mission (deposit, balance). */
export async function capturedPayments(db: DbOrTx, missionId: string) {
  const rows = await db
    .select({ kind: stripePayments.kind, amount: stripePayments.amount, at: stripePayments.updatedAt })
    .from(stripePayments)
    .where(
      and(
        eq(stripePayments.missionId, missionId),
        inArray(stripePayments.kind, ['deposit', 'balance']),
        eq(stripePayments.status, 'succeeded'),
      ),
    )
    .orderBy(asc(stripePayments.createdAt), asc(stripePayments.id));
  return rows.map((row) => ({ kind: row.kind, amount: row.amount, at: row.at.toISOString() }));
}

/** GET /api/admin/missions/:id: the mission, its parties, applications, payments and whole timeline. */
export async function adminMissionDetail(db: Db, missionId: string): Promise<AdminMissionDetail> {
  const [found] = await db
    .select({ mission: missions, applicationCount, pendingApplicationCount })
    .from(missions)
    .where(eq(missions.id, missionId));
  if (!found) throw notFound(adminMissionMessages.notFound);
  const row = found.mission;
  const [company, driver, applications, captured, [settlement], timeline] = await Promise.all([
    personOf(db, row.companyId),
    personOf(db, row.driverId),
    db
      .select({
        application: missionApplications,
        driver: { id: users.id, fullName: users.fullName },
      })
      .from(missionApplications)
      .innerJoin(users, eq(users.id, missionApplications.driverId))
      .where(eq(missionApplications.missionId, missionId))
      .orderBy(asc(missionApplications.createdAt), asc(missionApplications.id)),
    capturedPayments(db, missionId),
    db
      .select({
        amount: driverPayments.amount,
        status: driverPayments.settlementStatus,
        dueDate: driverPayments.dueDate,
        method: driverPayments.method,
      })
      .from(driverPayments)
      .where(eq(driverPayments.missionId, missionId)),
    missionTimeline(db, missionId),
  ]);
  return {
    mission: {
      ...toItem(row, {
        company: company!,
        driver,
        applicationCount: found.applicationCount,
        pendingApplicationCount: found.pendingApplicationCount,
      }),
      description: row.description,
      pickupAddress: row.pickupAddress,
      deliveryAddress: row.deliveryAddress,
      vehicleType: row.vehicleType,
      cargoType: row.cargoType,
      requiredDocuments: row.requiredDocuments,
      engagementType: row.engagementType,
      paymentTerms: row.paymentTerms,
      paymentStatus: row.paymentStatus,
      depositPaid: row.depositPaid,
      depositAmount: row.depositAmount,
      assignedAt: iso(row.assignedAt),
      startedAt: iso(row.startedAt),
      deliveredAt: iso(row.deliveredAt),
      completedAt: iso(row.completedAt),
      cancelledAt: iso(row.cancelledAt),
      cancellationReason: row.cancellationReason,
    },
    company: company!,
    driver,
    applications: applications.map(({ application, driver: applicant }) => ({
      id: application.id,
      driver: applicant,
      status: application.status,
      message: application.message,
      createdAt: application.createdAt.toISOString(),
      updatedAt: application.updatedAt.toISOString(),
    })),
    capturedPayments: captured,
    settlement: settlement ?? null,
    timeline,
    cancellable: ADMIN_CANCELLABLE.includes(row.status as MissionStatus),
  };
}
