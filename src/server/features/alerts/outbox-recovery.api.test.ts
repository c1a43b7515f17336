import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventOutbox } from '../../db/schema/events.js';
import { alerts } from '../../db/schema/messaging.js';
import type { DomainEvent } from '../../platform/events.js';
import { OUTBOX_RECOVERY_JOB, recordDomainEvent } from '../../platform/outbox.js';
import { createUser, insertMission } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { alertIdFor } from './subscriber.js';

/**
 * The alerts of an event whose instance died before delivering it: the outbox's recovery delivers it on the
 * instances that start, and the alert is written once (its id comes from the event), however often it runs.
 */
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 20_000, interval: 50 });

async function leftIn(db: TestApp['db'], ids: string[]): Promise<string[]> {
  const rows = await db.select({ id: eventOutbox.id }).from(eventOutbox).where(inArray(eventOutbox.id, ids));
  return rows.map((row) => row.id).sort();
}

async function makeDue(db: TestApp['db'], ids: string[]): Promise<void> {
  await db
    .update(eventOutbox)
    .set({ dueAt: sql`now()` })
    .where(inArray(eventOutbox.id, ids));
}

describe('an instance killed between its commit and the delivery', () => {
  let base: TestApp;
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  beforeAll(async () => {
    base = await createTestApp();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await base?.close();
  });

  it('leaves its event to the recovery of the instances that start: one alert, however often it runs', async () => {
    const company = await createUser(base.db, { userType: 'company' });
    const driver = await createUser(base.db, { fullName: 'Luc Camion' });
    const mission = await insertMission(base.db, {
      companyId: company.id,
      status: 'available',
      title: 'Plateau Nantes → Tours',
    });
    // What the application's transaction wrote before its instance died: the event, committed, never published.
    const event: DomainEvent = {
      type: 'application.created',
      applicationId: mission.id,
      missionId: mission.id,
      title: mission.title,
      companyId: company.id,
      driverId: driver.id,
      driverName: driver.fullName,
    };
    const left = await base.db.transaction((tx) => recordDomainEvent(tx, event));
    await makeDue(base.db, [left.id]);
    const companyAlerts = () =>
      base.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.userId, company.id), eq(alerts.missionId, mission.id)));

    // Two instances with workers start on the database: the recovery runs at once on one of them.
    const workers = { JOBS_WORKER: 'true' };
    [a, b] = await Promise.all([
      createTestApp({ env: workers, databaseUrl: base.database.url }),
      createTestApp({ env: workers, databaseUrl: base.database.url }),
    ]);
    await waitFor(async () => expect(await leftIn(base.db, [left.id])).toEqual([]));
    const [alert] = await companyAlerts();
    expect(alert).toMatchObject({
      id: alertIdFor(left.id, company.id, 0),
      title: 'Nouvelle candidature',
      message: 'Luc Camion a postulé à « Plateau Nantes → Tours ».',
    });

    // Both instances run it again at once: nothing left, nothing more.
    await Promise.all([a.app.jobs.runNow(OUTBOX_RECOVERY_JOB), b.app.jobs.runNow(OUTBOX_RECOVERY_JOB)]);
    // A crash after the alert was written but before the row was removed: the event is delivered a second time.
    await base.db.insert(eventOutbox).values({ id: left.id, event, dueAt: sql`now()` });
    await a.app.jobs.runNow(OUTBOX_RECOVERY_JOB);
    expect(await leftIn(base.db, [left.id])).toEqual([]);
    expect((await companyAlerts()).map((row) => row.id)).toEqual([alert!.id]);
  });
});
