import { deliveryMessages, incidentFieldsSchema } from '#core/schemas/delivery.js';
import type { Db } from '../../db/client.js';
import { missionIncidents } from '../../db/schema/road.js';
import type { User } from '../../db/schema/users.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus, RecordedEvent } from '../../platform/events.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import type { Storage } from '../../platform/storage.js';
import { driverMission } from './access.js';
import { checkPhotos, removeFiles, storeFiles } from './files.js';
import type { ParsedForm } from '../../platform/form-data.js';
import { fieldsOf } from '../../platform/form-data.js';

/** A phone's clock a little ahead of the server's is not "the future". */
const CLOCK_SKEW_MS = 5 * 60_000;

/** Incidents are reported while the mission runs, and once delivered until the transporter confirms the end. */
export const INCIDENT_STATUSES = ['in_progress', 'delivered'];

/**
 * While the mission runs — and after delivery until the transporter confirms the end, for damage found at
 * unloading — its driver reports an incident: type, time (now unless said; not in the future, not before the
 * start), position if known, note, 0–5 photos. The transporter is alerted at once (incident.reported).
 */
export async function reportIncident(
  deps: { db: Db; storage: Storage; events: EventBus },
  driver: User,
  missionId: string,
  form: ParsedForm,
) {
  const { db, storage, events } = deps;
  const open = { statuses: INCIDENT_STATUSES, closed: closedMessage };
  await driverMission(db, driver, missionId, open);
  const fields = fieldsOf(incidentFieldsSchema, form.fields);
  const photos = await checkPhotos(form.files, { allowPdf: false });
  const keys = await storeFiles(storage, 'incidents', missionId, photos);
  let reported: RecordedEvent;
  try {
    reported = await db.transaction(async (tx) => {
      const mission = await driverMission(tx, driver, missionId, { ...open, lock: true });
      const now = new Date();
      const occurredAt = fields.occurredAt ?? now;
      const invalid = (message: string) => new AppError(400, message, { occurredAt: message });
      if (occurredAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
        throw invalid(deliveryMessages.occurredAtFuture);
      // A time typed to the minute (the phone's field) in the minute of the start is the start.
      if (mission.startedAt && occurredAt.getTime() <= mission.startedAt.getTime() - 60_000)
        throw invalid(deliveryMessages.occurredAtBeforeStart);
      const at = new Date(
        Math.min(now.getTime(), Math.max(occurredAt.getTime(), mission.startedAt?.getTime() ?? 0)),
      );
      const hasPosition = fields.latitude !== null && fields.longitude !== null;
      const [row] = await tx
        .insert(missionIncidents)
        .values({
          missionId,
          reporterId: driver.id,
          type: fields.type,
          occurredAt: at,
          latitude: hasPosition ? fields.latitude!.toFixed(6) : null,
          longitude: hasPosition ? fields.longitude!.toFixed(6) : null,
          note: fields.note ?? null,
          photoKeys: keys,
        })
        .returning({ id: missionIncidents.id });
      return recordDomainEvent(tx, {
        type: 'incident.reported',
        incidentId: row!.id,
        missionId,
        title: mission.title,
        companyId: mission.companyId,
        driverId: driver.id,
        driverName: driver.fullName,
        incidentType: fields.type,
        note: fields.note ?? null,
      });
    });
  } catch (error) {
    await removeFiles(storage, keys);
    throw error;
  }
  await events.publish(reported);
}

const closedMessage = (status: string) =>
  status === 'completed' || status === 'cancelled'
    ? deliveryMessages.incidentClosed
    : deliveryMessages.notInProgress;
