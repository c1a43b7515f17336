import { asc, eq, inArray } from 'drizzle-orm';
import type { IncidentType, WaitingPlace } from '#core/rules/enums.js';
import { INCIDENT_LABELS, waitingMinutes, waitingTotals } from '#core/rules/road.js';
import { waitingRateOf } from '#core/rules/waiting-rate.js';
import type { MissionDelivery } from '#core/schemas/delivery.js';
import type { Db } from '../../db/client.js';
import { deliveryProofs, missionIncidents, waitingPeriods } from '../../db/schema/road.js';
import { users, type User } from '../../db/schema/users.js';
import { sideOf } from './access.js';
import { isPdfKey } from './files.js';
import { INCIDENT_STATUSES } from './incidents.js';

const position = (latitude: string | null, longitude: string | null, accuracy: string | null) =>
  latitude === null || longitude === null
    ? null
    : {
        latitude: Number(latitude),
        longitude: Number(longitude),
        accuracy: accuracy === null ? null : Number(accuracy),
      };

/** GET /api/missions/:id/delivery: the proof, incidents and waiting times, for the two parties and admins. */
export async function deliveryView(db: Db, viewer: User, missionId: string): Promise<MissionDelivery> {
  const { mission, side } = await sideOf(db, viewer, missionId);
  const base = `/api/missions/${missionId}`;
  const [proof] = await db.select().from(deliveryProofs).where(eq(deliveryProofs.missionId, missionId));
  const incidents = await db
    .select()
    .from(missionIncidents)
    .where(eq(missionIncidents.missionId, missionId))
    .orderBy(asc(missionIncidents.occurredAt), asc(missionIncidents.createdAt), asc(missionIncidents.id));
  const periods = await db
    .select()
    .from(waitingPeriods)
    .where(eq(waitingPeriods.missionId, missionId))
    .orderBy(asc(waitingPeriods.startedAt), asc(waitingPeriods.id));
  const reporterIds = [...new Set(incidents.map((row) => row.reporterId).filter((id) => id !== null))];
  const reporters = reporterIds.length
    ? await db
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(inArray(users.id, reporterIds))
    : [];
  const nameOf = new Map(reporters.map((user) => [user.id, user.fullName]));
  const now = new Date();
  const delivered = ['delivered', 'completed'].includes(mission.status);
  const isDriver = side === 'driver';
  const spans = periods.map((row) => ({ ...row, place: row.place as WaitingPlace }));
  const open = spans.find((row) => row.endedAt === null);
  return {
    missionId,
    viewerRole: side,
    status: mission.status,
    canReport: isDriver && INCIDENT_STATUSES.includes(mission.status),
    canWait: isDriver && mission.status === 'in_progress',
    canProve: isDriver && mission.status === 'in_progress',
    proof: proof
      ? {
          recipientName: proof.recipientName,
          signedAt: proof.signedAt.toISOString(),
          position: position(proof.latitude, proof.longitude, proof.accuracy),
          note: proof.note,
          photoCount: proof.photoKeys.length,
          signatureUrl: `${base}/delivery/signature`,
          photos: proof.photoKeys.map((key, index) => ({
            url: `${base}/delivery/photos/${index + 1}`,
            kind: isPdfKey(key) ? ('pdf' as const) : ('image' as const),
          })),
          pdfReady: proof.documentId !== null,
          pdfUrl: delivered ? `${base}/delivery/pdf` : null,
        }
      : null,
    incidents: incidents.map((row) => ({
      id: row.id,
      type: row.type as IncidentType,
      label: INCIDENT_LABELS[row.type as IncidentType],
      occurredAt: row.occurredAt.toISOString(),
      position: position(row.latitude, row.longitude, null),
      note: row.note,
      photos: row.photoKeys.map((_, index) => `${base}/incidents/${row.id}/photos/${index + 1}`),
      reporterName: row.reporterId ? (nameOf.get(row.reporterId) ?? null) : null,
    })),
    waiting: {
      open: open ? { id: open.id, place: open.place, startedAt: open.startedAt.toISOString() } : null,
      periods: spans.map((row) => ({
        id: row.id,
        place: row.place,
        startedAt: row.startedAt.toISOString(),
        endedAt: row.endedAt?.toISOString() ?? null,
        minutes: waitingMinutes(row, now),
      })),
      totals: { ...waitingTotals(spans, now), billed: waitingRateOf(mission) !== null },
    },
  };
}
