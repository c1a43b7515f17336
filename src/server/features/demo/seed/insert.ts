import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.js';
import {
  availability,
  badges,
  documentReminders,
  documents,
  documentSignatures,
  driverApplications,
  driverCalendars,
} from '../../../db/schema/documents.js';
import { alerts, conversations, messages } from '../../../db/schema/messaging.js';
import {
  gpsPositions,
  missionApplications,
  missionEvents,
  missions,
  reviews,
} from '../../../db/schema/missions.js';
import { documentSequences, driverPayments, transactions } from '../../../db/schema/payments.js';
import { missionIncidents, missionTracking, trackingViews, waitingPeriods } from '../../../db/schema/road.js';
import { users } from '../../../db/schema/users.js';
import { bulkInsert } from './bulk.js';
import type { World } from './world.js';

/**
 * Writes the sandbox built in memory: one multi-row INSERT per table (bulk.ts), in the order of the foreign keys,
 * the ids having been made in JS (no RETURNING, no round trip between tables). The world triggers of migration 0014 see
 * every link within the sandbox's one world.
 */
export async function insertWorld(tx: DbOrTx, w: World): Promise<void> {
  const { rows } = w;
  // Sequential: the statements of one transaction run one after the other on its connection anyway.
  const put = <T extends PgTable>(table: T, values: ReadonlyArray<T['$inferInsert']>) =>
    bulkInsert(tx, table, values);
  await put(
    users,
    w.accounts.map((account) => account.row),
  );
  await put(missions, rows.missions);
  await put(missionApplications, rows.applications);
  await put(missionEvents, rows.events);
  await put(documents, rows.documents);
  await put(documentSignatures, rows.signatures);
  await put(documentReminders, rows.reminders);
  await put(documentSequences, rows.sequences);
  await put(gpsPositions, rows.positions);
  await put(missionTracking, rows.tracking);
  await put(trackingViews, rows.trackingViews);
  await put(missionIncidents, rows.incidents);
  await put(waitingPeriods, rows.waiting);
  await put(conversations, rows.conversations);
  await put(messages, rows.messages);
  await put(alerts, rows.alerts);
  await put(reviews, rows.reviews);
  await put(badges, rows.badges);
  await put(driverPayments, rows.payments);
  await put(transactions, rows.transactions);
  await put(availability, rows.availability);
  await put(driverCalendars, rows.calendars);
  await put(driverApplications, rows.validations);
}
