import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documents } from '../../db/schema/documents.js';
import { alerts } from '../../db/schema/messaging.js';
import { createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** Two instances working jobs on one database: the daily reminders of a forced date run once. */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ env: { JOBS_WORKER: 'true' } });
  b = await createTestApp({ env: { JOBS_WORKER: 'true' }, databaseUrl: a.database.url });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('document reminders on the job queue', () => {
  it('the slot of a forced day, queued by both instances, reminds once', async () => {
    const driver = await createUser(a.db, { userType: 'driver' });
    // 23 days before expiry on the forced day (18 January 2030): the 30-day reminder.
    await a.db.insert(documents).values({
      userId: driver.id,
      type: 'carte_conducteur',
      fileName: 'carte.pdf',
      fileUrl: `documents/${driver.id}/carte.pdf`,
      status: 'verified',
      expirationDate: '2030-02-10',
    });
    const forced = new Date('2030-01-18T06:16:00Z'); // 07:16 in Paris, just after the 07:15 slot
    const queued = await Promise.all([
      a.app.jobs.queueSlot('document-reminders', forced),
      b.app.jobs.queueSlot('document-reminders', forced),
    ]);
    expect(queued.map((q) => q?.created).sort()).toEqual([false, true]);
    const mine = () =>
      a.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.userId, driver.id), eq(alerts.type, 'document')));
    await vi.waitFor(async () => expect(await mine()).toHaveLength(1), { timeout: 20_000, interval: 100 });
    // The same day's slot asked again (a worker restarting): not queued a second time.
    expect(
      (await b.app.jobs.queueSlot('document-reminders', new Date('2030-01-18T07:00:00Z')))?.created,
    ).toBe(false);
    const found = await mine();
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toBe(
      'Carte de conducteur (chronotachygraphe) expire dans 23 jours, le 10/02/2030. Ajoutez la nouvelle version dans Mes documents.',
    );
  });
});
