import { ENGAGEMENT_DOCUMENT_TYPE } from '#core/rules/documents.js';
import type { MissionStatus } from '#core/rules/enums.js';
import type { EngagementType } from '#core/rules/missions.js';
import type { PaymentTerms } from '#core/rules/money.js';
import { searchable } from '#core/rules/text.js';
import { ENGAGEMENT_CONSENT } from '#core/schemas/engagements.js';
import { JOBS, plannedHours, priceFor, type JobKey } from './jobs.js';
import { place, type Place, type PlaceKey } from './places.js';
import { earliest, HOUR, latest, MINUTE, plus, type Account, type MissionRow, type World } from './world.js';

/**
 * A mission of the data set and its whole history, as the missions, applications and engagements features would
 * have written it step by step: the columns each status needs (assignedAt, startedAt, deliveredAt, completedAt,
 * cancelledAt and its reason), the timeline, the applications and the engagement document with its signatures.
 */
export interface Mission {
  row: MissionRow;
  company: Account;
  driver: Account | null;
  from: Place;
  to: Place;
}

export interface Applicant {
  driver: Account;
  /** pending (on an open mission), rejected (directly, or when another was chosen), withdrawn. */
  status: 'pending' | 'rejected' | 'withdrawn';
  at?: Date;
  message?: string;
}

export interface MissionPlan {
  company: Account;
  /** The chosen driver (assigned and beyond, or cancelled after the choice). */
  driver?: Account;
  from: PlaceKey;
  to: PlaceKey;
  job: JobKey;
  start: Date;
  status: MissionStatus;
  urgency?: boolean;
  engagement?: EngagementType;
  terms?: PaymentTerms;
  createdAt?: Date;
  assignedAt?: Date;
  startedAt?: Date;
  deliveredAt?: Date;
  completedAt?: Date;
  cancelledAt?: Date;
  reason?: string;
  /** The chosen driver's words when applying. */
  pitch?: string;
  applicants?: Applicant[];
  /** Who has signed the engagement document of an assigned mission (both once it has started). */
  signed?: Array<'transporter' | 'driver'>;
  /**
   * Between two personas only: the mission row alone (its reviews are added apart), without the timeline,
   * applications and engagement document only its two parties could ever open.
   */
  quiet?: boolean;
}

const PITCHES = [
  'Bonjour, disponible sur ces dates, je connais bien le secteur.',
  'Bonjour, je suis disponible et j’ai l’habitude de ce type de chargement.',
  'Disponible, véhicule de ce type conduit au quotidien. Merci pour votre retour.',
  'Bonjour, intéressé par la mission, je peux être sur place un peu en avance.',
];

const REACHED: Record<MissionStatus, number> = {
  available: 0,
  assigned: 1,
  in_progress: 2,
  delivered: 3,
  completed: 4,
  cancelled: 0,
};

/** The status a mission had at an instant, from its step times (what a message sent then saw). */
export function statusAt(row: MissionRow, at: Date): MissionStatus {
  const passed = (date: Date | null | undefined) => date != null && date.getTime() <= at.getTime();
  if (passed(row.cancelledAt)) return 'cancelled';
  if (passed(row.completedAt)) return 'completed';
  if (passed(row.deliveredAt)) return 'delivered';
  if (passed(row.startedAt)) return 'in_progress';
  if (row.driverId && passed(row.assignedAt)) return 'assigned';
  return 'available';
}

/**
 * The engagement document's title and reference as the engagements feature prints them (engagements/build.ts and
 * service.ts): its page tells the kind of engagement from the title.
 */
const ENGAGEMENT_TITLES: Record<EngagementType, string> = {
  employment: 'Proposition de contrat court',
  independent: 'Ordre de transport',
};
const reference = (missionId: string) => `M-${missionId.slice(0, 8).toUpperCase()}`;

export function addMission(w: World, plan: MissionPlan): Mission {
  const id = w.id();
  const job = JOBS[plan.job];
  const from = place(plan.from);
  const to = place(plan.to);
  const engagement = plan.engagement ?? 'employment';
  const hours = plannedHours(plan.job, from, to);
  const start = plan.start;
  const end = plus(start, hours * HOUR);
  const reached = REACHED[plan.status];
  const driver = plan.driver ?? null;
  if (reached >= 1 && !driver) throw new Error(`demo seed: a ${plan.status} mission needs a driver`);
  const createdAt =
    plan.createdAt ?? earliest(plus(start, -w.between(30, 110) * HOUR), w.at(-w.between(2, 20) * HOUR));
  const assignedAt = driver
    ? (plan.assignedAt ??
      latest(
        plus(createdAt, 30 * MINUTE),
        earliest(plus(createdAt, w.between(3, 20) * HOUR), plus(start, -2 * HOUR), w.at(-20 * MINUTE)),
      ))
    : null;
  const startedAt = reached >= 2 ? (plan.startedAt ?? plus(start, w.between(-12, 9) * MINUTE)) : null;
  const deliveredAt =
    reached >= 3
      ? (plan.deliveredAt ?? plus(startedAt!, Math.round(hours * w.between(88, 98) * 0.6) * MINUTE))
      : null;
  const completedAt =
    reached >= 4
      ? (plan.completedAt ?? earliest(plus(deliveredAt!, w.between(1, 20) * HOUR), w.at(-5 * MINUTE)))
      : null;
  const cancelledAt = plan.status === 'cancelled' ? (plan.cancelledAt ?? w.at(-2 * HOUR)) : null;
  const title = `${job.label} ${from.city} → ${to.city}`;
  const description = job.describe(from.city, to.city);
  const row: MissionRow = {
    id,
    companyId: plan.company.id,
    driverId: driver?.id ?? null,
    title,
    description,
    pickupAddress: from.address,
    deliveryAddress: to.address,
    pickupCity: from.city,
    deliveryCity: to.city,
    pickupLat: from.lat.toFixed(6),
    pickupLng: from.lng.toFixed(6),
    deliveryLat: to.lat.toFixed(6),
    deliveryLng: to.lng.toFixed(6),
    pickupPrecision: from.precision,
    deliveryPrecision: to.precision,
    vehicleType: job.vehicleType,
    startDate: start,
    endDate: end,
    price: priceFor(plan.job, engagement, from, to, w.between(-3, 4)),
    pricingType: job.pricing,
    paymentTerms: plan.terms ?? (engagement === 'independent' ? '30_days' : 'reception'),
    cargoType: job.cargoType,
    requiredDocuments: [...job.requiredDocuments],
    status: plan.status,
    urgency: plan.urgency ?? false,
    engagementType: engagement,
    // As publishing writes it (missions/publish.ts): title, description and cities, searchable.
    searchText: searchable(`${title} ${description} ${from.city} ${to.city}`),
    assignedAt,
    startedAt,
    deliveredAt,
    completedAt,
    cancelledAt,
    cancellationReason: cancelledAt ? (plan.reason ?? null) : null,
    createdAt,
    updatedAt: latest(
      createdAt,
      ...[assignedAt, startedAt, deliveredAt, completedAt, cancelledAt].filter(
        (date): date is Date => date !== null,
      ),
    ),
  };
  w.rows.missions.push(row);
  const mission: Mission = { row, company: plan.company, driver, from, to };
  if (plan.quiet) return mission;
  timeline(w, mission);
  applications(w, mission, plan);
  // Made when the driver was chosen; a mission cancelled afterwards keeps it, as signed as it was then.
  if (driver && assignedAt) engagementDocument(w, mission, plan.signed);
  return mission;
}

/** A driver's application added to a mission already built (the visitor's, on the market's missions). */
export function apply(
  w: World,
  mission: Mission,
  driver: Account,
  status: 'pending' | 'rejected' | 'withdrawn',
  at: Date,
  options: { decidedAt?: Date; onAssignment?: boolean; message?: string } = {},
): void {
  w.rows.applications.push({
    missionId: mission.row.id,
    driverId: driver.id,
    status,
    message: options.message ?? w.pick(PITCHES),
    rejectedOnAssignment: options.onAssignment ?? false,
    createdAt: at,
    updatedAt: options.decidedAt ?? at,
  });
}

function timeline(w: World, { row, company, driver }: Mission): void {
  const step = (at: Date | null | undefined, actor: Account | null, type: string, status: string | null) => {
    if (at)
      w.rows.events.push({ missionId: row.id, actorId: actor?.id ?? null, type, status, createdAt: at });
  };
  step(row.createdAt, company, 'published', 'available');
  step(row.assignedAt, company, 'assigned', 'assigned');
  step(row.startedAt, driver, 'start', 'in_progress');
  step(row.deliveredAt, driver, 'deliver', 'delivered');
  step(row.completedAt, company, 'complete', 'completed');
  if (row.cancelledAt)
    w.rows.events.push({
      missionId: row.id,
      actorId: company.id,
      type: 'cancelled',
      status: 'cancelled',
      reason: row.cancellationReason,
      createdAt: row.cancelledAt,
    });
}

/**
 * The chosen driver's application (accepted at the choice) and the others: still pending on an open mission,
 * set aside when a driver was chosen (and so back to pending if that driver dropped it), refused by a
 * cancellation, or withdrawn by their driver.
 */
function applications(w: World, mission: Mission, plan: MissionPlan): void {
  const { row, driver } = mission;
  const decidedAt = row.assignedAt ?? row.cancelledAt ?? null;
  const applyBy = decidedAt ?? w.now;
  const appliedAt = (at: Date | undefined, share: number) =>
    at ?? new Date(row.createdAt.getTime() + (applyBy.getTime() - row.createdAt.getTime()) * share);
  if (driver) {
    const at = appliedAt(undefined, 0.35);
    w.rows.applications.push({
      missionId: row.id,
      driverId: driver.id,
      status: 'accepted',
      message: plan.pitch ?? w.pick(PITCHES),
      createdAt: at,
      updatedAt: row.assignedAt ?? at,
    });
  }
  for (const [index, applicant] of (plan.applicants ?? []).entries()) {
    const at = appliedAt(applicant.at, 0.15 + 0.12 * index);
    const pendingLeft = applicant.status === 'pending' && row.status !== 'available';
    // A pending application on a mission that found its driver was set aside then, or refused by the cancellation.
    const status = pendingLeft ? 'rejected' : applicant.status;
    const onAssignment = pendingLeft && row.assignedAt !== null && row.assignedAt !== undefined;
    w.rows.applications.push({
      missionId: row.id,
      driverId: applicant.driver.id,
      status,
      message: applicant.message ?? w.pick(PITCHES),
      rejectedOnAssignment: onAssignment,
      createdAt: at,
      updatedAt:
        status === 'pending'
          ? at
          : latest(at, decidedAt ?? earliest(plus(at, w.between(2, 30) * HOUR), w.at(-10 * MINUTE))),
    });
  }
}

/**
 * The engagement document the parties sign once the driver is chosen (engagements feature), pointing at the
 * specimen: signed by both before the start, or by those `signed` names while the mission is only assigned.
 */
function engagementDocument(w: World, { row, company, driver }: Mission, signed?: MissionPlan['signed']) {
  const kind = row.engagementType as EngagementType;
  const title = ENGAGEMENT_TITLES[kind];
  const id = w.id();
  const madeAt = plus(row.assignedAt!, MINUTE);
  const roles: Array<'transporter' | 'driver'> =
    row.status === 'assigned'
      ? (signed ?? ['transporter', 'driver'])
      : row.status === 'cancelled'
        ? (signed ?? ['transporter'])
        : ['transporter', 'driver'];
  const printed = { transporter: company.fullName, driver: driver!.fullName };
  const signedAt = {
    transporter: plus(madeAt, w.between(4, 40) * MINUTE),
    driver: earliest(
      plus(madeAt, w.between(1, 5) * HOUR),
      plus(row.startedAt ?? row.startDate, -20 * MINUTE),
    ),
  };
  const both = roles.length === 2;
  w.rows.documents.push({
    id,
    userId: company.id,
    recipientId: driver!.id,
    missionId: row.id,
    type: ENGAGEMENT_DOCUMENT_TYPE,
    fileName: `${title} ${reference(row.id)}.pdf`,
    fileUrl: w.specimen.key,
    mimeType: w.specimen.mimeType,
    sizeBytes: w.specimen.sizeBytes,
    sha256: w.specimen.sha256,
    details: { label: title, parties: printed },
    uploadedAt: madeAt,
    status: both ? 'verified' : 'pending',
    signedAt: both ? latest(signedAt.transporter, signedAt.driver) : null,
    signedUrl: both ? w.specimen.key : null,
  });
  for (const role of roles)
    w.rows.signatures.push({
      documentId: id,
      userId: role === 'transporter' ? company.id : driver!.id,
      role,
      typedName: printed[role],
      consent: ENGAGEMENT_CONSENT,
      sha256: w.specimen.sha256,
      signedAt: signedAt[role],
    });
}
