import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { verdictView, type Paper } from '#core/rules/documents.js';
import { paperCheck, type MissionDemands } from '#core/rules/eligibility.js';
import type { MissionStatus } from '#core/rules/enums.js';
import { equipmentOf, withEquipment } from '#core/rules/freight.js';
import { roleOf } from '#core/rules/roles.js';
import type { Application, Mission } from '#core/schemas/missions.js';
import type { DbOrTx } from '../../db/client.js';
import { missionApplications, missionEvents, missions } from '../../db/schema/missions.js';
import type { User } from '../../db/schema/users.js';
import { inWorld, worldOf } from '../../platform/demo-world.js';
import { forbidden, notFound } from '../../platform/errors.js';

export type MissionRow = typeof missions.$inferSelect;
export type ApplicationRow = typeof missionApplications.$inferSelect;

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
  companyClosed: 'Ce transporteur n’est plus actif sur Relais : sa mission ne prend pas de candidatures',
  notEditable: 'Une mission ne peut plus être modifiée une fois un chauffeur retenu',
  notPending: 'Cette candidature n’est plus en attente',
  alreadyAssigned: 'Un chauffeur a déjà été retenu pour cette mission',
  driverGone: 'Ce chauffeur a fermé son compte Relais',
} as const;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const num = (value: string | null) => (value === null ? null : Number(value));

export interface Viewer {
  user: User | null;
}

export interface MissionExtras {
  companyName: string | null;
  driverName: string | null;
  distanceKm: number | null;
  applicationCount: number;
  pendingApplicationCount: number;
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
    pickupPrecision: row.pickupPrecision as Mission['pickupPrecision'],
    deliveryPrecision: row.deliveryPrecision as Mission['deliveryPrecision'],
    vehicleType: row.vehicleType,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    price: row.price,
    pricingType: row.pricingType as Mission['pricingType'],
    cargoType: row.cargoType,
    cargoWeightKg: row.cargoWeightKg,
    palletCount: row.palletCount,
    loadingStart: iso(row.loadingStart),
    loadingEnd: iso(row.loadingEnd),
    deliveryStart: iso(row.deliveryStart),
    deliveryEnd: iso(row.deliveryEnd),
    temperatureC: row.temperatureC,
    adrClass: row.adrClass as Mission['adrClass'],
    unNumber: row.unNumber,
    requiredEquipment: equipmentOf(row),
    waitingQuarterPrice: row.waitingQuarterPrice,
    waitingFranchiseMinutes: row.waitingFranchiseMinutes,
    requiredDocuments: row.requiredDocuments,
    status: row.status as MissionStatus,
    urgency: row.urgency,
    engagementType: row.engagementType as Mission['engagementType'],
    paymentTerms: row.paymentTerms as Mission['paymentTerms'],
    createdAt: row.createdAt.toISOString(),
    assignedAt: iso(row.assignedAt),
    startedAt: iso(row.startedAt),
    deliveredAt: iso(row.deliveredAt),
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    cancellationReason: row.cancellationReason,
    distanceKm: extras.distanceKm === null ? null : Math.round(extras.distanceKm * 10) / 10,
    route: routeOf(row),
    applicationCount: extras.applicationCount,
    pendingApplicationCount: extras.pendingApplicationCount,
  };
}

/**
 * The trip's figures as every read gives them (decision 054): the routing service's when it answered, else the
 * straight-line estimate of decision 050; null when a point is missing. search-statement.ts writes the same in SQL.
 */
export function routeOf(
  row: Pick<MissionRow, 'routeKm' | 'routeDrivingMinutes' | 'routedKm' | 'routedDrivingMinutes'>,
): Mission['route'] {
  if (row.routedKm !== null && row.routedDrivingMinutes !== null)
    return { distanceKm: row.routedKm, drivingMinutes: row.routedDrivingMinutes, source: 'routing' };
  if (row.routeKm === null || row.routeDrivingMinutes === null) return null;
  return { distanceKm: row.routeKm, drivingMinutes: row.routeDrivingMinutes, source: 'estimate' };
}

export const companyName = sql<
  string | null
>`(select coalesce(u.company_name, u.full_name) from users u where u.id = missions.company_id)`;
export const driverName = sql<
  string | null
>`(select u.full_name from users u where u.id = missions.driver_id)`;
/** Applications received (not withdrawn), and those still pending: "2 candidatures (1 en attente)". */
export const applicationCount = sql<number>`(select count(*)::int from mission_applications a where a.mission_id = missions.id and a.status <> 'withdrawn')`;
export const pendingApplicationCount = sql<number>`(select count(*)::int from mission_applications a where a.mission_id = missions.id and a.status = 'pending')`;

export async function loadMissions(db: DbOrTx, where: SQL | undefined, viewer: Viewer, order: SQL[] = []) {
  const rows = await db
    .select({ mission: missions, companyName, driverName, applicationCount, pendingApplicationCount })
    .from(missions)
    .where(where)
    // The id last: missions alike in the asked order (the same start date) keep one order.
    .orderBy(...(order.length ? order : [desc(missions.createdAt)]), desc(missions.id));
  return rows.map(({ mission, ...extras }) => toMission(mission, { ...extras, distanceKm: null }, viewer));
}

export async function recordEvent(
  tx: DbOrTx,
  missionId: string,
  actorId: string | null,
  type: string,
  status: string | null,
  reason: string | null = null,
) {
  await tx.insert(missionEvents).values({ missionId, actorId, type, status, reason });
}

/** The transporter's mission, locked; one of the other world (demo or real) is not found, another's is refused. */
export async function lockOwnMission(tx: DbOrTx, company: User, missionId: string): Promise<MissionRow> {
  const [row] = await tx
    .select()
    .from(missions)
    .where(and(eq(missions.id, missionId), inWorld(missions.sandboxId, worldOf(company))))
    .for('update');
  if (!row) throw notFound(missionErrors.notFound);
  if (row.companyId !== company.id) throw forbidden(missionErrors.notOwner);
  return row;
}

export async function pendingApplicantIds(tx: DbOrTx, missionId: string): Promise<string[]> {
  const rows = await tx
    .select({ driverId: missionApplications.driverId })
    .from(missionApplications)
    .where(and(eq(missionApplications.missionId, missionId), eq(missionApplications.status, 'pending')));
  return rows.map((row) => row.driverId);
}

/** A row as core's eligibility rules read it. */
export const demandsOf = (row: MissionRow): MissionDemands => withEquipment(row);

/**
 * A driver's papers judged for a mission: what it requires (ticked, or ADR for dangerous goods: a class given or
 * named in the cargo) until its last day.
 */
export function documentCheck(papers: readonly Paper[], mission: MissionRow) {
  const result = paperCheck(papers, demandsOf(mission));
  const requirements = result.verdicts.map(verdictView);
  const missing = result.verdicts
    .filter((verdict) => verdict.state !== 'valid' && verdict.state !== 'pending')
    .map((verdict) => verdict.requirement);
  return { refusals: result.refusals, requirements, missing };
}
export type DocumentCheck = ReturnType<typeof documentCheck>;

export function toApplication(row: ApplicationRow, check: DocumentCheck): Application {
  return {
    id: row.id,
    missionId: row.missionId,
    driverId: row.driverId,
    status: row.status as Application['status'],
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    missingDocuments: check.missing,
    requirements: check.requirements,
  };
}

/** Whether the mission takes applications now, whoever applies: null when it does. */
export function openness(driver: User, mission: MissionRow): string | null {
  if (mission.companyId === driver.id) return missionErrors.ownMission;
  if (mission.status !== 'available' || mission.driverId) return missionErrors.notAvailable;
  if (mission.startDate.getTime() <= Date.now()) return missionErrors.alreadyStarted;
  return null;
}
