import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { notEligible } from '#core/rules/eligibility.js';
import { alias } from 'drizzle-orm/pg-core';
import type { BadgeType } from '#core/rules/badges.js';
import { BADGE_TYPES, type MissionStatus } from '#core/rules/enums.js';
import { availableActions, startableFrom } from '#core/rules/missions.js';
import { APPLICATION_LIMIT_MESSAGE, applicationsLeft } from '#core/rules/plans.js';
import { applicationIsActive, assignmentIsActive } from '#core/rules/relations.js';
import { roleOf } from '#core/rules/roles.js';
import { EMAIL_NOT_VERIFIED, emailRequiredMessages } from '#core/schemas/users.js';
import type { Application, DrivingCheck, MissionDetail } from '#core/schemas/missions.js';
import type { Db } from '../../db/client.js';
import { missionApplications, missionEvents, missions } from '../../db/schema/missions.js';
import { users, type User } from '../../db/schema/users.js';
import { inWorld, worldOf } from '../../platform/demo-world.js';
import { notFound } from '../../platform/errors.js';
import {
  missionErrors,
  type Viewer,
  toMission,
  driverName,
  applicationCount,
  pendingApplicationCount,
  toApplication,
  openness,
  demandsOf,
  loadMissions,
  documentCheck,
  type DocumentCheck,
  type MissionRow,
} from './shared.js';
import { bookingMessages, overlappingBooking, overlappingBookings } from './booking.js';
import { drivingCheckFor, drivingVerdicts } from './driving-check.js';
import { loadPapers } from '../../platform/driver-papers.js';
import { applicationsThisMonth } from '../../platform/plan-usage.js';

const applicantFields = {
  id: users.id,
  fullName: users.fullName,
  avatar: users.avatar,
  licenseType: users.licenseType,
  yearsExperience: users.yearsExperience,
  reputationScore: users.reputationScore,
  reviewCount: sql<number>`(select count(*)::int from reviews r where r.reviewee_id = users.id and r.published_at is not null and r.removed_at is null)`,
  badges: sql<
    BadgeType[]
  >`coalesce((select array_agg(b.type order by array_position(array[${sql.raw(BADGE_TYPES.map((type) => `'${type}'`).join(','))}], b.type)) from badges b where b.user_id = users.id), '{}')`,
  documentsVerified: users.documentsVerified,
  completedMissions: sql<number>`(select count(*)::int from missions m where m.driver_id = users.id and m.status = 'completed')`,
  accountClosed: sql<boolean>`${users.accountStatus} = 'deleted'`,
  /** Elite plan: the application is shown first (what the plan gives, core/rules/billing.ts). */
  featured: sql<boolean>`${users.subscriptionPlan} = 'elite'`,
  validationStatus: sql<
    'pending_validation' | 'approved' | 'rejected'
  >`coalesce((select da.status from driver_applications da where da.user_id = users.id), 'pending_validation')`,
};

/** Why the driver could not be chosen for this mission: another of theirs over part of its period (null: none). */
async function bookedMessage(db: Db, driverId: string, mission: MissionRow): Promise<string | null> {
  const booked = await overlappingBooking(db, driverId, mission);
  return booked ? bookingMessages.driver(booked) : null;
}

/** A mission as the viewer may see it: applicants for its publisher, the driver's own application, actions. */
export async function getMissionDetail(db: Db, viewer: Viewer, missionId: string): Promise<MissionDetail> {
  const company = alias(users, 'company');
  const [found] = await db
    .select({
      mission: missions,
      driverName,
      applicationCount,
      pendingApplicationCount,
      company: {
        id: company.id,
        fullName: company.fullName,
        companyName: company.companyName,
        phone: company.phone,
      },
    })
    .from(missions)
    .innerJoin(company, eq(company.id, missions.companyId))
    // A mission of another world (demo or real) does not exist for the viewer (platform/demo-world.ts).
    .where(and(eq(missions.id, missionId), inWorld(missions.sandboxId, worldOf(viewer.user))));
  if (!found) throw notFound(missionErrors.notFound);
  const { mission: row, company: publisher, ...counts } = found;
  const extras = { ...counts, companyName: publisher.companyName ?? publisher.fullName };
  const user = viewer.user;
  const role = user ? roleOf(user) : null;
  const isOwner = user?.id === row.companyId;
  const isAssigned = user !== null && row.driverId === user.id;
  // The viewer's own application, read once: it decides visibility and the driver's apply box.
  const [mine] = user
    ? await db
        .select()
        .from(missionApplications)
        .where(and(eq(missionApplications.missionId, missionId), eq(missionApplications.driverId, user.id)))
    : [];
  // Others' missions are visible while open; after that, only to their two parties (and past applicants).
  if (row.status !== 'available' && !isOwner && !isAssigned && role !== 'admin' && !mine) {
    throw notFound(missionErrors.notFound);
  }

  let applications: Application[] | null = null;
  if (isOwner) {
    const rows = await db
      .select({ application: missionApplications, driver: applicantFields })
      .from(missionApplications)
      .innerJoin(users, eq(users.id, missionApplications.driverId))
      .where(eq(missionApplications.missionId, missionId))
      // Elite drivers' applications first, then in the order they came.
      .orderBy(
        sql`${users.subscriptionPlan} = 'elite' desc`,
        missionApplications.createdAt,
        missionApplications.id,
      );
    const papers = await loadPapers(
      db,
      rows.map(({ driver }) => driver.id),
    );
    // Applicants held by another mission over part of this one's period, and where the mission would take their
    // driving time: told before choosing.
    const pendingIds = rows
      .filter(({ application }) => application.status === 'pending')
      .map(({ driver }) => driver.id);
    const [booked, verdicts] = await Promise.all([
      overlappingBookings(db, pendingIds, row),
      drivingVerdicts(db, pendingIds, row),
    ]);
    applications = rows.map(({ application, driver }) => {
      // Papers are the publisher's business while the driver is a candidate or chosen, never after; and the reason
      // Relais gave the driver for a refused paper is for the driver alone.
      const current = application.status === 'pending' || application.status === 'accepted';
      const check = documentCheck(current ? (papers.get(driver.id) ?? []) : [], row);
      return {
        ...toApplication(
          application,
          current
            ? { ...check, requirements: check.requirements.map((item) => ({ ...item, reason: null })) }
            : { ...check, missing: [], requirements: [] },
        ),
        bookedElsewhere: booked.has(driver.id) ? bookingMessages.transporter(booked.get(driver.id)!) : null,
        drivingTime: verdicts.has(driver.id)
          ? drivingCheckFor(verdicts.get(driver.id)!, 'transporter')
          : null,
        driver,
      };
    });
  }

  let myApplication: Application | null = null;
  let canApply = false;
  let applyBlockedReason: string | null = null;
  let applyBlockedCode: string | null = null;
  let left: number | null = null;
  let myCheck: DocumentCheck | null = null;
  let reasonsForMe: string[] = [];
  let blockedReasons: string[] = [];
  let drivingTimeForMe: DrivingCheck | null = null;
  if (user && role === 'driver') {
    myCheck = documentCheck((await loadPapers(db, [user.id])).get(user.id) ?? [], row);
    // Every reason the driver may not take it, as the cards say them (decision 052); the first is the one shown
    // when nothing else (an application already sent, the address) comes before.
    const eligibility = notEligible(user, demandsOf(row), myCheck.refusals);
    reasonsForMe = eligibility.reasons;
    myApplication = mine ? toApplication(mine, myCheck) : null;
    left = applicationsLeft(user.subscriptionPlan, await applicationsThisMonth(db, user.id));
    // The order the application itself checks in (applications.ts): the address first.
    applyBlockedReason = mine
      ? missionErrors.alreadyApplied
      : !user.emailVerified
        ? emailRequiredMessages.apply
        : (openness(user, row) ??
          reasonsForMe[0] ??
          (await bookedMessage(db, user.id, row)) ??
          (left === 0 ? APPLICATION_LIMIT_MESSAGE : null));
    // Blocked for who they are: every reason is listed, and when only papers are missing the screen offers them.
    const forWhoTheyAre = !mine && applyBlockedReason !== null && applyBlockedReason === reasonsForMe[0];
    blockedReasons = forWhoTheyAre ? reasonsForMe : applyBlockedReason === null ? [] : [applyBlockedReason];
    applyBlockedCode =
      !mine && !user.emailVerified
        ? EMAIL_NOT_VERIFIED
        : forWhoTheyAre && eligibility.papersOnly
          ? 'documents'
          : null;
    canApply = applyBlockedReason === null;
    // Where the mission would take their driving time, while they may apply or wait for an answer.
    if (canApply || mine?.status === 'pending') {
      const verdict = (await drivingVerdicts(db, [user.id], row)).get(user.id);
      drivingTimeForMe = verdict ? drivingCheckFor(verdict, 'driver') : null;
    }
  }

  const timeline = await db
    .select({
      id: missionEvents.id,
      type: missionEvents.type,
      status: missionEvents.status,
      reason: missionEvents.reason,
      createdAt: missionEvents.createdAt,
      actorId: missionEvents.actorId,
      actorName: users.fullName,
    })
    .from(missionEvents)
    .leftJoin(users, eq(users.id, missionEvents.actorId))
    .where(eq(missionEvents.missionId, missionId))
    .orderBy(missionEvents.createdAt, missionEvents.id);

  const party = isOwner ? 'transporter' : isAssigned ? 'driver' : null;
  // The phone only while the two work together (core/rules/relations.ts).
  const showContact = isAssigned
    ? assignmentIsActive(row)
    : myApplication !== null && applicationIsActive(myApplication, row);
  // A name in the timeline: the publisher's, the viewer's own, or any for the publisher (and admins).
  const seesNames = isOwner || role === 'admin';
  return {
    mission: toMission(row, { ...extras, distanceKm: null }, viewer),
    applications,
    myApplication,
    timeline: timeline.map(({ actorId, ...event }) => {
      // Who did it, and why in their words (a driver's reason for dropping), only for the parties: the publisher,
      // the one who acted, or anyone when the publisher acted (their cancel reason was sent to the applicants).
      const shown = user !== null && (seesNames || actorId === row.companyId || actorId === user.id);
      return {
        ...event,
        actorName: shown ? event.actorName : null,
        reason: shown ? event.reason : null,
        createdAt: event.createdAt.toISOString(),
      };
    }),
    actions: party ? availableActions(row.status as MissionStatus, party) : [],
    startableFrom:
      isAssigned && row.status === 'assigned' ? startableFrom(row.startDate).toISOString() : null,
    canApply,
    drivingTimeForMe,
    applyBlockedReason,
    applyBlockedReasons: blockedReasons,
    applyBlockedCode,
    notEligibleReasons: reasonsForMe,
    applicationsLeft: left,
    missingDocumentsForMe: myCheck?.missing ?? [],
    requirementsForMe: myCheck?.requirements ?? [],
    // The online deposit (Stripe mode), for the two parties only.
    deposit: party ? { amount: row.depositAmount, paid: row.depositPaid } : null,
    company: {
      id: publisher.id,
      fullName: user ? publisher.fullName : (publisher.companyName ?? publisher.fullName),
      companyName: publisher.companyName,
      phone: showContact || isOwner ? publisher.phone : null,
    },
  };
}

/** GET /api/missions: driver → missions assigned to me (now or before); transporter → published by me. */
export async function listMyMissions(db: Db, user: User, status?: MissionStatus[]) {
  const mine = roleOf(user) === 'driver' ? eq(missions.driverId, user.id) : eq(missions.companyId, user.id);
  const where = status?.length ? and(mine, inArray(missions.status, status)) : mine;
  return loadMissions(db, where, { user }, [desc(missions.startDate)]);
}
