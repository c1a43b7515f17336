import { and, between, desc, eq } from 'drizzle-orm';
import { notEligible } from '#core/rules/eligibility.js';
import { APPLICATION_LIMIT_MESSAGE, applicationsLeft, monthlyApplicationLimit } from '#core/rules/plans.js';
import { emailRequiredMessages } from '#core/schemas/users.js';
import { AVAILABILITY_UNAVAILABLE, unavailableApplyMessage } from '#core/rules/availability.js';
import type { Application } from '#core/schemas/missions.js';
import type { Db } from '../../db/client.js';
import { availability } from '../../db/schema/documents.js';
import { missionApplications, missions } from '../../db/schema/missions.js';
import { users, type User } from '../../db/schema/users.js';
import { inWorld, worldOf } from '../../platform/demo-world.js';
import { AppError, emailNotVerified, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { isOpenAccount, lockActiveUsers } from '../../platform/sessions.js';
import type { EventBus, RecordedEvent } from '../../platform/events.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import {
  missionErrors,
  toMission,
  companyName,
  driverName,
  applicationCount,
  pendingApplicationCount,
  recordEvent,
  lockOwnMission,
  toApplication,
  openness,
  documentCheck,
  demandsOf,
} from './shared.js';
import { loadPapers } from '../../platform/driver-papers.js';
import { bookingMessages, lockDriverBookings, overlappingBooking } from './booking.js';
import { driverVerdict, drivingCheckFor, drivingRefusal } from './driving-check.js';
import { DRIVING_TIME_REFUSED } from '#core/schemas/missions.js';
import { applicationsThisMonth } from '../../platform/plan-usage.js';
import { parisDate } from '#core/rules/days.js';

/**
 * Applying (drivers). The driver's row is locked for the transaction, so concurrent applications of one
 * driver are counted one after the other and the Freemium limit holds.
 */
export async function applyToMission(
  db: Db,
  events: EventBus,
  driver: User,
  missionId: string,
  message: string,
  confirmUnavailable = false,
) {
  const application = await db.transaction(async (tx) => {
    const [fresh] = await tx.select().from(users).where(eq(users.id, driver.id)).for('update');
    if (!isOpenAccount(fresh)) throw unauthorized();
    if (!fresh!.emailVerified) throw emailNotVerified(emailRequiredMessages.apply);
    // A mission of another world is not found, before any other check could tell it exists (the database would
    // refuse the application anyway: platform/demo-world.ts).
    const [mission] = await tx
      .select()
      .from(missions)
      .where(and(eq(missions.id, missionId), inWorld(missions.sandboxId, worldOf(fresh))))
      .for('share');
    if (!mission) throw notFound(missionErrors.notFound);
    const closed = openness(fresh!, mission);
    if (closed) throw new AppError(closed === missionErrors.ownMission ? 403 : 409, closed);
    // A transporter the team deactivated keeps its missions (reactivated, it finds them again) but no one applies
    // to a publisher who cannot answer. Read without a lock: a deactivation just after leaves one application
    // waiting, which the team sees on the account's page.
    const [publisher] = await tx.select().from(users).where(eq(users.id, mission.companyId));
    if (!isOpenAccount(publisher)) throw new AppError(409, missionErrors.companyClosed);
    // The papers are read under the driver's lock: an upload or a review of theirs waits for this to finish.
    const check = documentCheck((await loadPapers(tx, [driver.id])).get(driver.id) ?? [], mission);
    // Every reason at once (licence, equipment, papers: decision 052), in the words of the cards and the sheet;
    // `documents` when only papers are missing (the screen offers to add them).
    const { reasons, papersOnly } = notEligible(fresh!, demandsOf(mission), check.refusals);
    if (reasons.length > 0) {
      throw new AppError(409, reasons.join(' '), undefined, undefined, papersOnly ? 'documents' : undefined);
    }
    const [existing] = await tx
      .select({ id: missionApplications.id })
      .from(missionApplications)
      .where(and(eq(missionApplications.missionId, missionId), eq(missionApplications.driverId, driver.id)));
    if (existing) throw new AppError(409, missionErrors.alreadyApplied);
    // Already held elsewhere over part of its period: they could not be chosen (read under the driver's lock).
    const booked = await overlappingBooking(tx, driver.id, mission);
    if (booked) throw new AppError(409, bookingMessages.driver(booked));
    // The driver said they could not work one of its days: they are asked before applying (the screen sends it
    // again). Any day of the mission counts, not only its first (the one named is the first such day).
    if (!confirmUnavailable) {
      const [marked] = await tx
        .select({ date: availability.date })
        .from(availability)
        .where(
          and(
            eq(availability.driverId, driver.id),
            eq(availability.status, 'unavailable'),
            between(availability.date, parisDate(mission.startDate), parisDate(mission.endDate)),
          ),
        )
        .orderBy(availability.date)
        .limit(1);
      if (marked)
        throw new AppError(
          409,
          unavailableApplyMessage(marked.date),
          undefined,
          undefined,
          AVAILABILITY_UNAVAILABLE,
        );
    }
    const limit = monthlyApplicationLimit(fresh!.subscriptionPlan);
    if (limit !== null && (await applicationsThisMonth(tx, driver.id)) >= limit) {
      throw new AppError(402, APPLICATION_LIMIT_MESSAGE);
    }
    const [row] = await tx
      .insert(missionApplications)
      .values({ missionId, driverId: driver.id, message: message || null })
      .returning();
    const created = await recordDomainEvent(tx, {
      type: 'application.created',
      applicationId: row!.id,
      missionId,
      title: mission.title,
      companyId: mission.companyId,
      driverId: driver.id,
      driverName: driver.fullName,
    });
    return { row: row!, check, created };
  });
  await events.publish(application.created);
  return toApplication(application.row, application.check);
}

export async function withdrawApplication(db: Db, events: EventBus, driver: User, applicationId: string) {
  const withdrawn = await db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(missionApplications)
      .where(eq(missionApplications.id, applicationId))
      .for('update');
    if (!application) throw notFound(missionErrors.applicationNotFound);
    if (application.driverId !== driver.id) throw forbidden(missionErrors.notYourApplication);
    if (application.status !== 'pending') throw new AppError(409, missionErrors.notPending);
    await tx
      .update(missionApplications)
      .set({ status: 'withdrawn' })
      .where(eq(missionApplications.id, applicationId));
    const [mission] = await tx.select().from(missions).where(eq(missions.id, application.missionId));
    return recordDomainEvent(tx, {
      type: 'application.withdrawn',
      applicationId,
      missionId: mission!.id,
      title: mission!.title,
      companyId: mission!.companyId,
      driverId: driver.id,
      driverName: driver.fullName,
    });
  });
  await events.publish(withdrawn);
}

/**
 * Choosing a driver. The mission row is locked: of two accepts racing on one mission, the second finds it
 * assigned and is refused, so exactly one driver is chosen.
 */
export async function decideApplication(
  db: Db,
  events: EventBus,
  company: User,
  applicationId: string,
  decision: 'accept' | 'reject',
  /** A reason to choose the driver past the driving-time rules (decision 049), when they would be. */
  overrideReason: string | null = null,
) {
  const event = await db.transaction(async (tx): Promise<RecordedEvent> => {
    const [application] = await tx
      .select()
      .from(missionApplications)
      .where(eq(missionApplications.id, applicationId));
    if (!application) throw notFound(missionErrors.applicationNotFound);
    // The two accounts first (a deletion of either waits, or is waited for), then the mission and the application.
    const people = await lockActiveUsers(tx, company.id, application.driverId);
    const mission = await lockOwnMission(tx, company, application.missionId);
    const [current] = await tx
      .select()
      .from(missionApplications)
      .where(eq(missionApplications.id, applicationId))
      .for('update');
    // A driver who closed the account had the application withdrawn: the transporter is told why.
    if (decision === 'accept' && !isOpenAccount(people.get(current!.driverId)))
      throw new AppError(409, missionErrors.driverGone);
    if (current!.status !== 'pending') throw new AppError(409, missionErrors.notPending);
    if (decision === 'reject') {
      await tx
        .update(missionApplications)
        .set({ status: 'rejected' })
        .where(eq(missionApplications.id, applicationId));
      return recordDomainEvent(tx, {
        type: 'application.rejected',
        applicationId,
        missionId: mission.id,
        title: mission.title,
        driverId: current!.driverId,
      });
    }
    if (mission.status !== 'available' || mission.driverId)
      throw new AppError(409, missionErrors.alreadyAssigned);
    // One mission at a time per driver: two transporters choosing them at once take turns here, and the
    // second is refused; the application stays pending (nothing was written).
    await lockDriverBookings(tx, current!.driverId);
    const booked = await overlappingBooking(tx, current!.driverId, mission);
    if (booked) throw new AppError(409, bookingMessages.transporter(booked));
    // The driving-time rules (Regulation (EC) No 561/2006): past a limit, only with a reason, which the
    // mission's timeline keeps (the company is liable for what it knowingly asks of a driver, article 10).
    const verdict = await driverVerdict(tx, current!.driverId, mission);
    const overridden = verdict && !verdict.ok ? drivingCheckFor(verdict, 'transporter') : null;
    if (overridden && !overrideReason)
      throw new AppError(409, drivingRefusal(overridden), undefined, undefined, DRIVING_TIME_REFUSED);
    const now = new Date();
    await tx
      .update(missions)
      .set({ status: 'assigned', driverId: current!.driverId, assignedAt: now })
      .where(eq(missions.id, mission.id));
    await tx
      .update(missionApplications)
      .set({ status: 'accepted' })
      .where(eq(missionApplications.id, applicationId));
    const others = await tx
      .update(missionApplications)
      .set({ status: 'rejected', rejectedOnAssignment: true })
      .where(and(eq(missionApplications.missionId, mission.id), eq(missionApplications.status, 'pending')))
      .returning({ driverId: missionApplications.driverId });
    await recordEvent(tx, mission.id, company.id, 'assigned', 'assigned');
    if (overridden)
      await recordEvent(
        tx,
        mission.id,
        company.id,
        'driving_time_override',
        null,
        `${overrideReason} (${overridden.sentences.join(' ')})`,
      );
    return recordDomainEvent(tx, {
      type: 'application.accepted',
      applicationId,
      missionId: mission.id,
      title: mission.title,
      companyId: company.id,
      driverId: current!.driverId,
      rejectedDriverIds: others.map((other) => other.driverId),
    });
  });
  await events.publish(event);
}

/** The driver's applications, newest first, each with its mission. */
export async function myApplications(db: Db, driver: User): Promise<Application[]> {
  const rows = await db
    .select({
      application: missionApplications,
      mission: missions,
      companyName,
      driverName,
      applicationCount,
      pendingApplicationCount,
    })
    .from(missionApplications)
    .innerJoin(missions, eq(missions.id, missionApplications.missionId))
    .where(eq(missionApplications.driverId, driver.id))
    .orderBy(desc(missionApplications.createdAt), desc(missionApplications.id));
  const papers = (await loadPapers(db, [driver.id])).get(driver.id) ?? [];
  return rows.map(({ application, mission, ...extras }) => ({
    ...toApplication(application, documentCheck(papers, mission)),
    mission: toMission(mission, { ...extras, distanceKm: null }, { user: driver }),
  }));
}

export async function applicationQuota(db: Db, driver: User) {
  const used = await applicationsThisMonth(db, driver.id);
  return {
    used,
    limit: monthlyApplicationLimit(driver.subscriptionPlan),
    left: applicationsLeft(driver.subscriptionPlan, used),
  };
}
