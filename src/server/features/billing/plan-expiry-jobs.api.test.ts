import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alerts } from '../../db/schema/messaging.js';
import { subscriptions } from '../../db/schema/payments.js';
import { users } from '../../db/schema/users.js';
import { createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** Two instances working jobs on one database: the nightly expiry of granted plans ends each once. */
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

describe('plan expiry on the job queue', () => {
  it('the slot, queued by both instances, ends the plan whose period is over and tells its holder once', async () => {
    const driver = await createUser(a.db, { userType: 'driver', subscriptionPlan: 'premium' });
    const start = new Date(Date.now() - 32 * 86_400_000);
    await a.db.insert(subscriptions).values({
      userId: driver.id,
      plan: 'premium',
      interval: 'month',
      status: 'active',
      source: 'admin',
      currentPeriodStart: start,
      currentPeriodEnd: new Date(Date.now() - 86_400_000),
      amount: '14.90',
    });
    // A slot of its own (00:05 in Paris on 19 January 2030), so that no slot of today's clock stands in the way.
    const forced = new Date('2030-01-18T23:06:00Z');
    const queued = await Promise.all([
      a.app.jobs.queueSlot('plan-expiry', forced),
      b.app.jobs.queueSlot('plan-expiry', forced),
    ]);
    expect(queued.map((q) => q?.created).sort()).toEqual([false, true]);
    const told = () =>
      a.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.userId, driver.id), eq(alerts.type, 'payment')));
    await vi.waitFor(async () => expect(await told()).toHaveLength(1), { timeout: 20_000, interval: 100 });
    // Asked again (a worker restarting, the other instance's clock): nothing left to end, nobody told twice.
    await b.app.jobs.runNow('plan-expiry');
    const found = await told();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      title: 'Formule arrivée à échéance',
      message:
        'Votre formule Premium Chauffeur est arrivée à son terme : vous revenez à la formule gratuite. Vous pouvez la renouveler depuis votre page Abonnement.',
      link: '/driver/subscription',
    });
    const [row] = await a.db.select().from(subscriptions).where(eq(subscriptions.userId, driver.id));
    expect(row!.status).toBe('ended');
    const [holder] = await a.db.select().from(users).where(eq(users.id, driver.id));
    expect(holder!.subscriptionPlan).toBe('basic');
  });
});
