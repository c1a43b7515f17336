import { searchable } from '#core/rules/text.js';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MissionStatus } from '#core/rules/enums.js';
import {
  ACTIONS_WITH_REASON,
  MISSION_ACTIONS,
  availableActions,
  licenseCovers,
  missingDocuments,
  transition,
  type MissionAction,
  type VehicleType,
  VEHICLE_LICENSE,
} from '#core/rules/missions.js';
import { cityFromAddress, findPlace } from '#core/rules/places.js';
import { APPLICATION_LIMIT_MESSAGE, applicationsLeft, monthlyApplicationLimit } from '#core/rules/plans.js';
import { assignmentIsActive } from '#core/rules/relations.js';
import { roleOf } from '#core/rules/roles.js';
import { emailRequiredMessages } from '#core/schemas/users.js';
import type {
  Application,
  Mission,
  MissionDetail,
  MissionInput,
  MissionPage,
  MissionSearch,
} from '#core/schemas/missions.js';
import type { LicenseType } from '#core/rules/enums.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { parisPeriodStart } from '../../db/paris.js';
import { missionApplications, missionEvents, missions } from '../../db/schema/missions.js';
import { users, type User } from '../../db/schema/users.js';
import { AppError, emailNotVerified, forbidden, notFound } from '../../platform/errors.js';
import type { DomainEvent, EventBus } from '../../platform/events.js';

type MissionRow = typeof missions.$inferSelect;
type ApplicationRow = typeof missionApplications.$inferSelect;

export const missionErrors = {
  notFound: 'Mission introuvable',
  applicationNotFound: 'Candidature introuvable',
  notOwner: 'Cette mission ne vous appartient pas',
  notYourApplication: 'Cette candidature ne vous appartient pas',
  notAssignedToYou: 'Cette mission ne vous est pas attribuée',
  alreadyApplied: 'Vous avez déjà postulé à cette mission',
  notAvailable: 'Cette mission n’est plus ouverte aux candidatures',
  alreadyStarted: 'Cette mission a déjà commencé',
  ownMission: 'Vous ne pouvez pas postuler à votre propre mission',
  licenseMissing: 'Renseignez votre type de permis dans votre profil avant de postuler',
  licenseTooLow: (needed: LicenseType, held: LicenseType) =>
    `Ce véhicule demande le permis ${needed} ; votre permis ${held} ne le permet pas`,
  notEditable: 'Une mission ne peut plus être modifiée une fois un chauffeur retenu',
  notPending: 'Cette candidature n’est plus en attente',
  alreadyAssigned: 'Un chauffeur a déjà été retenu pour cette mission',
} as const;

/** earthdistance's model of the Earth: a sphere of earth() metres; points are cubes of 3 coordinates. */
const EARTH_RADIUS = 6378168;
function earthPoint(lat: number, lng: number): [number, number, number] {
  const phi = (lat * Math.PI) / 180;
  const lambda = (lng * Math.PI) / 180;
  return [
    EARTH_RADIUS * Math.cos(phi) * Math.cos(lambda),
    EARTH_RADIUS * Math.cos(phi) * Math.sin(lambda),
    EARTH_RADIUS * Math.sin(phi),
  ];
}
/** The straight-line (chord) distance matching `metres` along the surface (earthdistance's gc_to_sec). */
function chordFor(metres: number): number {
  return metres / EARTH_RADIUS > Math.PI
    ? 2 * EARTH_RADIUS
    : 2 * EARTH_RADIUS * Math.sin(metres / (2 * EARTH_RADIUS));
}
const cubeLiteral = (p: number[]) => `(${p.join(', ')})`;
const boxLiteral = (p: number[], reach: number) =>
  `${cubeLiteral(p.map((v) => v - reach))},${cubeLiteral(p.map((v) => v + reach))}`;

/**
 * Searches count their matches up to this many: counting every match of a wide search costs more than
 * finding the page itself. Beyond it the answer says "100+" (totalIsLowerBound).
 */
export const SEARCH_TOTAL_CAP = 100;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const num = (value: string | null) => (value === null ? null : Number(value));

export interface Viewer {
  user: User | null;
}

/** Places a mission on the map: the given point, else the city's built-in coordinates. */
function locate(address: string, city: string | null | undefined, lat?: number | null, lng?: number | null) {
  const name = city?.trim() || cityFromAddress(address);
  if (lat != null && lng != null) return { city: name, lat: lat.toFixed(6), lng: lng.toFixed(6) };
  const place = findPlace(name);
  return { city: name, lat: place ? place.lat.toFixed(6) : null, lng: place ? place.lng.toFixed(6) : null };
}

function missionValues(input: MissionInput) {
  const pickup = locate(input.pickupAddress, input.pickupCity, input.pickupLat, input.pickupLng);
  const delivery = locate(input.deliveryAddress, input.deliveryCity, input.deliveryLat, input.deliveryLng);
  return {
    title: input.title,
    description: input.description,
    pickupAddress: input.pickupAddress,
    deliveryAddress: input.deliveryAddress,
    pickupCity: pickup.city,
    deliveryCity: delivery.city,
    pickupLat: pickup.lat,
    pickupLng: pickup.lng,
    deliveryLat: delivery.lat,
    deliveryLng: delivery.lng,
    vehicleType: input.vehicleType,
    startDate: input.startDate,
    endDate: input.endDate,
    price: input.price,
    pricingType: input.pricingType,
    cargoType: input.cargoType || null,
    requiredDocuments: input.requiredDocuments,
    urgency: input.urgency,
    engagementType: input.engagementType,
    searchText: searchable(`${input.title} ${input.description} ${pickup.city} ${delivery.city}`),
  };
}

interface MissionExtras {
  companyName: string | null;
  driverName: string | null;
  distanceKm: number | null;
  applicationCount: number;
}

/**
 * The one place a mission row becomes an API answer. Anonymous visitors get cities, not exact addresses,
 * and coordinates rounded to about a kilometre; the chosen driver is named to the two parties only.
 */
export function toMission(row: MissionRow, extras: MissionExtras, viewer: Viewer): Mission {
  const exact = viewer.user !== null;
  // Who was chosen is the two parties' business: other applicants (rejected, withdrawn) never learn it.
  const party =
    viewer.user !== null &&
    (viewer.user.id === row.companyId || viewer.user.id === row.driverId || roleOf(viewer.user) === 'admin');
  const coordinate = (value: string | null) => {
    const n = num(value);
    return n === null ? null : exact ? n : Math.round(n * 100) / 100;
  };
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: extras.companyName,
    driverId: party ? row.driverId : null,
    driverName: party ? extras.driverName : null,
    title: row.title,
    description: row.description,
    pickupAddress: exact ? row.pickupAddress : null,
    deliveryAddress: exact ? row.deliveryAddress : null,
    pickupCity: row.pickupCity,
    deliveryCity: row.deliveryCity,
    pickupLat: coordinate(row.pickupLat),
    pickupLng: coordinate(row.pickupLng),
    deliveryLat: coordinate(row.deliveryLat),
    deliveryLng: coordinate(row.deliveryLng),
    vehicleType: row.vehicleType,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    price: row.price,
    pricingType: row.pricingType as Mission['pricingType'],
    cargoType: row.cargoType,
    requiredDocuments: row.requiredDocuments,
    status: row.status as MissionStatus,
    urgency: row.urgency,
    engagementType: row.engagementType as Mission['engagementType'],
    createdAt: row.createdAt.toISOString(),
    assignedAt: iso(row.assignedAt),
    startedAt: iso(row.startedAt),
    deliveredAt: iso(row.deliveredAt),
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    cancellationReason: row.cancellationReason,
    distanceKm: extras.distanceKm === null ? null : Math.round(extras.distanceKm * 10) / 10,
    applicationCount: extras.applicationCount,
  };
}

const companyName = sql<
  string | null
>`(select coalesce(u.company_name, u.full_name) from users u where u.id = missions.company_id)`;
const driverName = sql<string | null>`(select u.full_name from users u where u.id = missions.driver_id)`;
const applicationCount = sql<number>`(select count(*)::int from mission_applications a where a.mission_id = missions.id and a.status in ('pending', 'accepted'))`;

async function loadMissions(db: DbOrTx, where: SQL | undefined, viewer: Viewer, order: SQL[] = []) {
  const rows = await db
    .select({ mission: missions, companyName, driverName, applicationCount })
    .from(missions)
    .where(where)
    .orderBy(...(order.length ? order : [desc(missions.createdAt)]));
  return rows.map(({ mission, ...extras }) => toMission(mission, { ...extras, distanceKm: null }, viewer));
}

async function recordEvent(
  tx: DbOrTx,
  missionId: string,
  actorId: string | null,
  type: string,
  status: string | null,
  reason: string | null = null,
) {
  await tx.insert(missionEvents).values({ missionId, actorId, type, status, reason });
}

/** Publishing (transporters). */
export async function createMission(db: Db, events: EventBus, company: User, input: MissionInput) {
  if (!company.emailVerified) throw emailNotVerified(emailRequiredMessages.publish);
  const mission = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(missions)
      .values({ companyId: company.id, ...missionValues(input) })
      .returning();
    await recordEvent(tx, row!.id, company.id, 'published', 'available');
    return row!;
  });
  await events.publish({
    type: 'mission.published',
    missionId: mission.id,
    title: mission.title,
    companyId: company.id,
  });
  return getMissionDetail(db, { user: company }, mission.id);
}

async function lockOwnMission(tx: DbOrTx, company: User, missionId: string): Promise<MissionRow> {
  const [row] = await tx.select().from(missions).where(eq(missions.id, missionId)).for('update');
  if (!row) throw notFound(missionErrors.notFound);
  if (row.companyId !== company.id) throw forbidden(missionErrors.notOwner);
  return row;
}

async function pendingApplicantIds(tx: DbOrTx, missionId: string): Promise<string[]> {
  const rows = await tx
    .select({ driverId: missionApplications.driverId })
    .from(missionApplications)
    .where(and(eq(missionApplications.missionId, missionId), eq(missionApplications.status, 'pending')));
  return rows.map((row) => row.driverId);
}

/** Editing, while no driver is assigned. */
export async function updateMission(
  db: Db,
  events: EventBus,
  company: User,
  id: string,
  input: MissionInput,
) {
  const { row, applicantIds } = await db.transaction(async (tx) => {
    const current = await lockOwnMission(tx, company, id);
    if (current.status !== 'available' || current.driverId)
      throw new AppError(409, missionErrors.notEditable);
    const [row] = await tx.update(missions).set(missionValues(input)).where(eq(missions.id, id)).returning();
    await recordEvent(tx, id, company.id, 'updated', null);
    return { row: row!, applicantIds: await pendingApplicantIds(tx, id) };
  });
  await events.publish({
    type: 'mission.updated',
    missionId: id,
    title: row.title,
    companyId: company.id,
    applicantIds,
  });
  return getMissionDetail(db, { user: company }, id);
}

const timestampFor: Partial<Record<MissionStatus, keyof MissionRow>> = {
  in_progress: 'startedAt',
  delivered: 'deliveredAt',
  completed: 'completedAt',
  cancelled: 'cancelledAt',
};

/**
 * One step of the lifecycle (core `MISSION_ACTIONS`): only the allowed party, from the allowed status;
 * the step's time is stored, the timeline records it, and a domain event tells the others.
 */
export async function actOnMission(
  db: Db,
  events: EventBus,
  user: User,
  missionId: string,
  action: MissionAction,
  reason: string | null,
) {
  const role = roleOf(user);
  const rule = MISSION_ACTIONS[action];
  if (rule.by !== role) {
    throw forbidden(
      rule.by === 'driver'
        ? 'Cette action est réservée au chauffeur de la mission'
        : 'Cette action est réservée au transporteur de la mission',
    );
  }
  if (ACTIONS_WITH_REASON.includes(action) && !reason) {
    throw new AppError(400, 'Indiquez la raison (10 caractères au moins)', {
      reason: 'Indiquez la raison (10 caractères au moins)',
    });
  }
  const event = await db.transaction(async (tx): Promise<DomainEvent> => {
    const [row] = await tx.select().from(missions).where(eq(missions.id, missionId)).for('update');
    if (!row) throw notFound(missionErrors.notFound);
    if (role === 'transporter' && row.companyId !== user.id) throw forbidden(missionErrors.notOwner);
    if (role === 'driver' && row.driverId !== user.id) throw forbidden(missionErrors.notAssignedToYou);
    const step = transition(row.status as MissionStatus, action);
    if (!step.ok) throw new AppError(409, step.message);
    const now = new Date();

    if (action === 'drop') {
      // Back to available: the driver's application is withdrawn, and those set aside when this driver
      // was chosen are pending again.
      await tx
        .update(missions)
        .set({ status: 'available', driverId: null, assignedAt: null })
        .where(eq(missions.id, missionId));
      await tx
        .update(missionApplications)
        .set({ status: 'withdrawn' })
        .where(and(eq(missionApplications.missionId, missionId), eq(missionApplications.driverId, user.id)));
      const reopened = await tx
        .update(missionApplications)
        .set({ status: 'pending', rejectedOnAssignment: false })
        .where(
          and(
            eq(missionApplications.missionId, missionId),
            eq(missionApplications.status, 'rejected'),
            eq(missionApplications.rejectedOnAssignment, true),
          ),
        )
        .returning({ driverId: missionApplications.driverId });
      await recordEvent(tx, missionId, user.id, 'dropped', 'available', reason);
      return {
        type: 'mission.dropped',
        missionId,
        title: row.title,
        companyId: row.companyId,
        driverId: user.id,
        driverName: user.fullName,
        reopenedApplicantIds: reopened.map((application) => application.driverId),
        reason: reason!,
      };
    }

    if (action === 'cancel') {
      const applicantIds = await pendingApplicantIds(tx, missionId);
      await tx
        .update(missions)
        .set({ status: 'cancelled', cancelledAt: now, cancellationReason: reason })
        .where(eq(missions.id, missionId));
      await tx
        .update(missionApplications)
        .set({ status: 'rejected' })
        .where(and(eq(missionApplications.missionId, missionId), eq(missionApplications.status, 'pending')));
      await recordEvent(tx, missionId, user.id, 'cancelled', 'cancelled', reason);
      return {
        type: 'mission.cancelled',
        missionId,
        title: row.title,
        companyId: row.companyId,
        driverId: row.driverId,
        applicantIds,
        reason: reason!,
      };
    }

    const column = timestampFor[step.to]!;
    await tx
      .update(missions)
      .set({ status: step.to, [column]: now })
      .where(eq(missions.id, missionId));
    await recordEvent(tx, missionId, user.id, action, step.to);
    return {
      type: 'mission.status_changed',
      missionId,
      title: row.title,
      companyId: row.companyId,
      driverId: row.driverId!,
      status: step.to as 'in_progress' | 'delivered' | 'completed',
    };
  });
  await events.publish(event);
  return getMissionDetail(db, { user }, missionId);
}

/** Applications this calendar month, Europe/Paris (withdrawn ones count: the limit is on applying). */
async function applicationsThisMonth(tx: DbOrTx, driverId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(missionApplications)
    .where(
      and(
        eq(missionApplications.driverId, driverId),
        sql`${missionApplications.createdAt} >= ${parisPeriodStart('month')}`,
      ),
    );
  return row?.count ?? 0;
}

function eligibility(driver: User, mission: MissionRow): string | null {
  if (mission.companyId === driver.id) return missionErrors.ownMission;
  if (mission.status !== 'available' || mission.driverId) return missionErrors.notAvailable;
  if (mission.startDate.getTime() <= Date.now()) return missionErrors.alreadyStarted;
  const held = driver.licenseType as LicenseType | null;
  if (!held) return missionErrors.licenseMissing;
  const needed = VEHICLE_LICENSE[mission.vehicleType as VehicleType];
  if (needed && !licenseCovers(held, needed)) return missionErrors.licenseTooLow(needed, held);
  return null;
}

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
) {
  const application = await db.transaction(async (tx) => {
    const [fresh] = await tx.select().from(users).where(eq(users.id, driver.id)).for('update');
    if (!fresh!.emailVerified) throw emailNotVerified(emailRequiredMessages.apply);
    const [mission] = await tx.select().from(missions).where(eq(missions.id, missionId)).for('share');
    if (!mission) throw notFound(missionErrors.notFound);
    const refusal = eligibility(fresh!, mission);
    if (refusal) throw new AppError(refusal === missionErrors.ownMission ? 403 : 409, refusal);
    const [existing] = await tx
      .select({ id: missionApplications.id })
      .from(missionApplications)
      .where(and(eq(missionApplications.missionId, missionId), eq(missionApplications.driverId, driver.id)));
    if (existing) throw new AppError(409, missionErrors.alreadyApplied);
    const limit = monthlyApplicationLimit(fresh!.subscriptionPlan);
    if (limit !== null && (await applicationsThisMonth(tx, driver.id)) >= limit) {
      throw new AppError(402, APPLICATION_LIMIT_MESSAGE);
    }
    const [row] = await tx
      .insert(missionApplications)
      .values({ missionId, driverId: driver.id, message: message || null })
      .returning();
    return { row: row!, mission, missing: missingDocuments(fresh!, mission.requiredDocuments) };
  });
  await events.publish({
    type: 'application.created',
    applicationId: application.row.id,
    missionId,
    title: application.mission.title,
    companyId: application.mission.companyId,
    driverId: driver.id,
    driverName: driver.fullName,
  });
  return toApplication(application.row, application.missing);
}

export async function withdrawApplication(db: Db, events: EventBus, driver: User, applicationId: string) {
  const result = await db.transaction(async (tx) => {
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
    return { application, mission: mission! };
  });
  await events.publish({
    type: 'application.withdrawn',
    applicationId,
    missionId: result.mission.id,
    title: result.mission.title,
    companyId: result.mission.companyId,
    driverId: driver.id,
    driverName: driver.fullName,
  });
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
) {
  const event = await db.transaction(async (tx): Promise<DomainEvent> => {
    const [application] = await tx
      .select()
      .from(missionApplications)
      .where(eq(missionApplications.id, applicationId));
    if (!application) throw notFound(missionErrors.applicationNotFound);
    const mission = await lockOwnMission(tx, company, application.missionId);
    const [current] = await tx
      .select()
      .from(missionApplications)
      .where(eq(missionApplications.id, applicationId))
      .for('update');
    if (current!.status !== 'pending') throw new AppError(409, missionErrors.notPending);
    if (decision === 'reject') {
      await tx
        .update(missionApplications)
        .set({ status: 'rejected' })
        .where(eq(missionApplications.id, applicationId));
      return {
        type: 'application.rejected',
        applicationId,
        missionId: mission.id,
        title: mission.title,
        driverId: current!.driverId,
      };
    }
    if (mission.status !== 'available' || mission.driverId)
      throw new AppError(409, missionErrors.alreadyAssigned);
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
    return {
      type: 'application.accepted',
      applicationId,
      missionId: mission.id,
      title: mission.title,
      companyId: company.id,
      driverId: current!.driverId,
      rejectedDriverIds: others.map((other) => other.driverId),
    };
  });
  await events.publish(event);
}

/** The search of /explorer and /missions: available missions starting in the future. */
export async function searchMissions(db: Db, viewer: Viewer, query: MissionSearch): Promise<MissionPage> {
  const conditions: SQL[] = [sql`${missions.status} = 'available'`, sql`${missions.startDate} > now()`];
  const words = query.q ? searchable(query.q).split(' ').filter(Boolean).slice(0, 8) : [];
  for (const word of words) conditions.push(sql`${missions.searchText} like ${`%${word}%`}`);
  if (query.vehicleType) conditions.push(eq(missions.vehicleType, query.vehicleType));
  if (query.licenseType) {
    const allowed = Object.entries(VEHICLE_LICENSE)
      .filter(([, needed]) => licenseCovers(query.licenseType!, needed))
      .map(([vehicle]) => vehicle);
    conditions.push(inArray(missions.vehicleType, allowed));
  }
  if (query.from) conditions.push(sql`${missions.startDate} >= ${query.from.toISOString()}`);
  if (query.to) conditions.push(sql`${missions.startDate} <= ${query.to.toISOString()}`);
  if (query.minPrice !== undefined) conditions.push(sql`${missions.price} >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) conditions.push(sql`${missions.price} <= ${query.maxPrice}`);
  if (query.urgent === 'true') conditions.push(eq(missions.urgency, true));

  let point: { lat: number; lng: number } | null = null;
  if (query.lat !== undefined && query.lng !== undefined) point = { lat: query.lat, lng: query.lng };
  else if (query.near === 'me' && viewer.user?.currentLat && viewer.user.currentLng) {
    point = { lat: Number(viewer.user.currentLat), lng: Number(viewer.user.currentLng) };
  }
  // The searched point and its box are computed here, as earthdistance would (earth(), ll_to_earth,
  // earth_box): the query then compares the indexed column with constants, and PostgreSQL does not plan
  // and run the SQL functions for every search.
  const here = point ? sql`${cubeLiteral(earthPoint(point.lat, point.lng))}::cube` : null;
  if (point && query.radiusKm !== undefined) {
    const centre = earthPoint(point.lat, point.lng);
    const reach = chordFor(query.radiusKm * 1000);
    conditions.push(sql`${missions.pickupPoint} <@ ${boxLiteral(centre, reach)}::cube`);
    conditions.push(sql`cube_distance(${missions.pickupPoint}, ${here}) <= ${reach}`);
  }

  const sort = query.sort ?? (here ? 'distance' : 'start');
  const order: SQL[] =
    sort === 'price'
      ? [sql`${missions.price} desc`, sql`${missions.startDate} asc`]
      : sort === 'newest'
        ? [sql`${missions.createdAt} desc`]
        : sort === 'distance' && here
          ? // Straight-line distance through the Earth orders like the road-free distance, and the GiST
            // index returns rows nearest first (KNN): the page is read without sorting every match.
            [sql`${missions.pickupPoint} <-> ${here}`]
          : [sql`${missions.startDate} asc`];
  order.push(sql`${missions.id}`);

  const where = and(...conditions);
  const [pageIds, [counted]] = await Promise.all([
    db
      .select({ id: missions.id })
      .from(missions)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    // Counting stops at SEARCH_TOTAL_CAP (the screens then say "100+").
    db
      .execute<{ total: number }>(
        sql`select count(*)::int as total from (select 1 from ${missions} where ${where} limit ${SEARCH_TOTAL_CAP}) found`,
      )
      .then((result) => result.rows),
  ]);
  const ids = pageIds.map((row) => row.id);
  const distance = here
    ? sql<number | null>`(sec_to_gc(cube_distance(${here}, ${missions.pickupPoint})) / 1000)`
    : sql<null>`null::float8`;
  const rows = ids.length
    ? await db
        .select({ mission: missions, companyName, driverName, applicationCount, distanceKm: distance })
        .from(missions)
        .where(inArray(missions.id, ids))
    : [];
  const byId = new Map(rows.map((row) => [row.mission.id, row]));
  return {
    items: ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const { mission, distanceKm, ...extras } = row;
      return [
        toMission(
          mission,
          { ...extras, distanceKm: distanceKm === null ? null : Number(distanceKm) },
          viewer,
        ),
      ];
    }),
    total: counted?.total ?? 0,
    totalIsLowerBound: (counted?.total ?? 0) >= SEARCH_TOTAL_CAP,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** GET /api/missions: driver → missions assigned to me (now or before); transporter → published by me. */
export async function listMyMissions(db: Db, user: User, status?: MissionStatus[]) {
  const mine = roleOf(user) === 'driver' ? eq(missions.driverId, user.id) : eq(missions.companyId, user.id);
  const where = status?.length ? and(mine, inArray(missions.status, status)) : mine;
  return loadMissions(db, where, { user }, [desc(missions.startDate)]);
}

const applicantFields = {
  id: users.id,
  fullName: users.fullName,
  avatar: users.avatar,
  licenseType: users.licenseType,
  yearsExperience: users.yearsExperience,
  reputationScore: users.reputationScore,
  documentsVerified: users.documentsVerified,
  completedMissions: sql<number>`(select count(*)::int from missions m where m.driver_id = users.id and m.status = 'completed')`,
};

/** The document columns that tell which required documents a driver has provided. */
const paperFields = {
  drivingLicenseUrl: users.drivingLicenseUrl,
  drivingLicenseExpiry: users.drivingLicenseExpiry,
  driverCardUrl: users.driverCardUrl,
  driverCardExpiry: users.driverCardExpiry,
  adrCardUrl: users.adrCardUrl,
  adrCardExpiry: users.adrCardExpiry,
  fimoUrl: users.fimoUrl,
  fimoExpiry: users.fimoExpiry,
  fcosUrl: users.fcosUrl,
  fcosExpiry: users.fcosExpiry,
};

function toApplication(row: ApplicationRow, missing: string[]): Application {
  return {
    id: row.id,
    missionId: row.missionId,
    driverId: row.driverId,
    status: row.status as Application['status'],
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    missingDocuments: missing,
  };
}

/** A mission as the viewer may see it: applicants for its publisher, the driver's own application, actions. */
export async function getMissionDetail(db: Db, viewer: Viewer, missionId: string): Promise<MissionDetail> {
  const company = alias(users, 'company');
  const [found] = await db
    .select({
      mission: missions,
      driverName,
      applicationCount,
      company: {
        id: company.id,
        fullName: company.fullName,
        companyName: company.companyName,
        phone: company.phone,
      },
    })
    .from(missions)
    .innerJoin(company, eq(company.id, missions.companyId))
    .where(eq(missions.id, missionId));
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
      .select({ application: missionApplications, driver: applicantFields, papers: paperFields })
      .from(missionApplications)
      .innerJoin(users, eq(users.id, missionApplications.driverId))
      .where(eq(missionApplications.missionId, missionId))
      .orderBy(missionApplications.createdAt);
    applications = rows.map(({ application, driver, papers }) => ({
      ...toApplication(application, missingDocuments(papers, row.requiredDocuments)),
      driver,
    }));
  }

  let myApplication: Application | null = null;
  let canApply = false;
  let applyBlockedReason: string | null = null;
  let left: number | null = null;
  if (user && role === 'driver') {
    myApplication = mine ? toApplication(mine, missingDocuments(user, row.requiredDocuments)) : null;
    left = applicationsLeft(user.subscriptionPlan, await applicationsThisMonth(db, user.id));
    applyBlockedReason = mine
      ? missionErrors.alreadyApplied
      : (eligibility(user, row) ??
        (!user.emailVerified ? emailRequiredMessages.apply : left === 0 ? APPLICATION_LIMIT_MESSAGE : null));
    canApply = applyBlockedReason === null;
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
    .orderBy(missionEvents.createdAt);

  const party = isOwner ? 'transporter' : isAssigned ? 'driver' : null;
  // The phone only while the two work together (core/rules/relations.ts).
  const showContact = isAssigned
    ? assignmentIsActive(row)
    : myApplication?.status === 'pending' && row.status === 'available';
  // A name in the timeline: the publisher's, the viewer's own, or any for the publisher (and admins).
  const seesNames = isOwner || role === 'admin';
  return {
    mission: toMission(row, { ...extras, distanceKm: null }, viewer),
    applications,
    myApplication,
    timeline: timeline.map(({ actorId, ...event }) => ({
      ...event,
      actorName:
        user && (seesNames || actorId === row.companyId || actorId === user.id) ? event.actorName : null,
      createdAt: event.createdAt.toISOString(),
    })),
    actions: party ? availableActions(row.status as MissionStatus, party) : [],
    canApply,
    applyBlockedReason,
    applicationsLeft: left,
    missingDocumentsForMe: user && role === 'driver' ? missingDocuments(user, row.requiredDocuments) : [],
    company: {
      id: publisher.id,
      fullName: user ? publisher.fullName : (publisher.companyName ?? publisher.fullName),
      companyName: publisher.companyName,
      phone: showContact || isOwner ? publisher.phone : null,
    },
  };
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
    })
    .from(missionApplications)
    .innerJoin(missions, eq(missions.id, missionApplications.missionId))
    .where(eq(missionApplications.driverId, driver.id))
    .orderBy(desc(missionApplications.createdAt));
  return rows.map(({ application, mission, ...extras }) => ({
    ...toApplication(application, missingDocuments(driver, mission.requiredDocuments)),
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
