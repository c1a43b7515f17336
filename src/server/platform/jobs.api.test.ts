import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { declaredDriving } from '../db/schema/driving.js';
import { sessions } from '../db/schema/platform.js';
import { pendingRegistrations } from '../db/schema/users.js';
import { createUser } from '../test/factories.js';
import { createTestApp, createTestDatabase, type TestApp } from '../test/harness.js';
import { cronMatches, latestSlot, parseCron, stableJobId } from './jobs.js';

const WORKERS = { JOBS_WORKER: 'true' };
/** Bounded waits: the queue's work is polled, never timed. */
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 20_000, interval: 100 });
const at = (iso: string) => new Date(iso).getTime();
const DAY = 24 * 3600 * 1000;

describe('cron slots, on the clock of Paris', () => {
  it('reads the hour in French time, summer and winter', () => {
    const daily = parseCron('15 7 * * *');
    expect(latestSlot(daily, at('2030-07-01T12:00:00Z'), at('2030-07-01T12:00:00Z') - DAY)).toBe(
      at('2030-07-01T05:15:00Z'),
    );
    expect(latestSlot(daily, at('2030-01-15T12:00:00Z'), at('2030-01-15T12:00:00Z') - DAY)).toBe(
      at('2030-01-15T06:15:00Z'),
    );
    // Before 07:15 in Paris, the latest slot is yesterday's; none in a window that does not reach it.
    expect(latestSlot(daily, at('2030-01-15T06:14:59Z'), at('2030-01-14T00:00:00Z'))).toBe(
      at('2030-01-14T06:15:00Z'),
    );
    expect(latestSlot(daily, at('2030-01-15T06:14:59Z'), at('2030-01-15T00:00:00Z'))).toBeNull();
    // 02:30 does not exist on the night France moves to summer time (31 March 2030).
    expect(
      latestSlot(parseCron('30 2 * * *'), at('2030-03-31T12:00:00Z'), at('2030-03-31T00:00:00Z')),
    ).toBeNull();
  });

  it('knows steps, ranges, lists, names, seconds and the day-of-month or day-of-week rule', () => {
    const tenMinutes = parseCron('*/10 * * * *');
    expect(latestSlot(tenMinutes, at('2030-01-15T10:07:30Z'), at('2030-01-15T09:00:00Z'))).toBe(
      at('2030-01-15T10:00:00Z'),
    );
    // Weekdays at 9:00: on Saturday 19 January 2030, the latest is Friday's.
    const weekdays = parseCron('0 9 * * MON-FRI');
    expect(latestSlot(weekdays, at('2030-01-19T12:00:00Z'), at('2030-01-19T12:00:00Z') - 3 * DAY)).toBe(
      at('2030-01-18T08:00:00Z'),
    );
    expect(cronMatches(parseCron('0 9 * * 1-5'), at('2030-01-18T08:00:00Z'))).toBe(true);
    // Both day fields given: the 1st of the month or a Monday.
    const either = parseCron('0 0 1 * 1');
    expect(cronMatches(either, at('2030-01-31T23:00:00Z'))).toBe(true); // 1 February, a Friday
    expect(cronMatches(either, at('2030-02-03T23:00:00Z'))).toBe(true); // Monday 4 February
    expect(cronMatches(either, at('2030-02-04T23:00:00Z'))).toBe(false);
    expect(cronMatches(parseCron('0 0 * * 7'), at('2030-02-02T23:00:00Z'))).toBe(true); // Sunday
    expect(cronMatches(parseCron('0 8 1 JAN,jul *'), at('2030-07-01T06:00:00Z'))).toBe(true);
    const seconds = parseCron('*/15 * * * * *');
    expect(seconds.stepMs).toBe(1000);
    expect(latestSlot(seconds, at('2030-01-15T10:00:44Z'), at('2030-01-15T10:00:00Z'))).toBe(
      at('2030-01-15T10:00:30Z'),
    );
    for (const bad of ['* * *', '61 * * * *', '5-1 * * * *', 'x * * * *', '*/0 * * * *', '0 0 0 * *'])
      expect(() => parseCron(bad), bad).toThrow(/cron/);
  });

  it('gives a job the same id on every instance', () => {
    const id = stableJobId('slot', 'housekeeping', '2030-01-15T10:00:00.000Z');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableJobId('slot', 'housekeeping', '2030-01-15T10:00:00.000Z')).toBe(id);
    expect(stableJobId('slot', 'housekeeping', '2030-01-15T10:10:00.000Z')).not.toBe(id);
  });
});

describe('two instances with workers on one database', () => {
  let a: TestApp;
  let b: TestApp;
  const logLines: Array<Record<string, unknown>> = [];
  const daily: Array<{ instance: string; slot: string }> = [];
  const perSecond: Array<{ instance: string; slot: string }> = [];
  const once: Array<{ instance: string; n: number }> = [];
  const flakyAttempts: number[] = [];
  let brokenRuns = 0;

  const register = (instance: string) => (app: FastifyInstance) => {
    app.jobs.schedule('probe-daily', '0 3 * * *', async ({ slot }) => {
      daily.push({ instance, slot: slot.toISOString() });
    });
    app.jobs.schedule('probe-seconds', '* * * * * *', async ({ slot, manual }) => {
      if (!manual) perSecond.push({ instance, slot: slot.toISOString() });
    });
    app.jobs.define<{ n: number }>('probe-once', async ({ data }) => {
      once.push({ instance, n: data.n });
    });
    app.jobs.define(
      'probe-flaky',
      async ({ attempt }) => {
        flakyAttempts.push(attempt);
        if (attempt < 3) throw new Error(`panne passagère ${attempt}`);
      },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    // Throws before returning a promise: the queue catches that too.
    app.jobs.define(
      'probe-broken',
      () => {
        brokenRuns++;
        throw new Error('toujours en panne');
      },
      { retryLimit: 1, retryDelaySeconds: 1 },
    );
  };
  const jobRows = (name: string) =>
    a.db.execute<{ state: string; key: string | null; slot: string | null }>(
      sql`select state::text, singleton_key as key, data->>'slot' as slot from pgboss.job where name = ${name}`,
    );

  beforeAll(async () => {
    const logTo = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    a = await createTestApp({ env: WORKERS, routes: register('a'), logTo });
    b = await createTestApp({ env: WORKERS, routes: register('b'), databaseUrl: a.database.url });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('queues a scheduled slot once, whichever instance asks, and runs it once', async () => {
    expect(a.app.jobs.worker && b.app.jobs.worker).toBe(true);
    const days = ['2030-01-14', '2030-01-15', '2030-01-16', '2030-01-17', '2030-01-18'];
    for (const day of days) {
      // Both clocks see the slot of 03:00 (Paris, winter: 02:00 UTC) at the same moment.
      const seen = new Date(`${day}T02:00:20Z`);
      const [fromA, fromB] = await Promise.all([
        a.app.jobs.queueSlot('probe-daily', seen),
        b.app.jobs.queueSlot('probe-daily', seen),
      ]);
      expect(fromA!.slot.toISOString()).toBe(`${day}T02:00:00.000Z`);
      expect(fromB!.slot).toEqual(fromA!.slot);
      expect([fromA!.created, fromB!.created].filter(Boolean)).toHaveLength(1);
    }
    const slots = days.map((day) => `${day}T02:00:00.000Z`);
    await waitFor(async () => {
      const rows = (await jobRows('probe-daily')).rows.filter((row) => slots.includes(row.slot!));
      expect(rows.map((row) => row.state)).toEqual(slots.map(() => 'completed'));
    });
    for (const slot of slots) expect(daily.filter((run) => run.slot === slot)).toHaveLength(1);
    // Later, the same slot again (a restart within the catch-up window): already done, not queued.
    const again = await b.app.jobs.queueSlot('probe-daily', new Date('2030-01-18T02:04:00Z'));
    expect(again).toEqual({ slot: new Date('2030-01-18T02:00:00Z'), created: false });
    // Past the catch-up window (5 minutes by default), no slot is due.
    expect(await a.app.jobs.queueSlot('probe-daily', new Date('2030-01-18T02:06:00Z'))).toBeNull();
  });

  it('runs each slot of a per-second schedule once while both clocks tick', async () => {
    await waitFor(() => expect(new Set(perSecond.map((run) => run.slot)).size).toBeGreaterThanOrEqual(4));
    const counts = new Map<string, number>();
    for (const run of perSecond) counts.set(run.slot, (counts.get(run.slot) ?? 0) + 1);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    const rows = (await jobRows('probe-seconds')).rows.filter((row) => counts.has(row.slot!));
    expect(rows).toHaveLength(counts.size);
  });

  it('runs a one-off job with a singleton key once, however many times it is sent', async () => {
    const first = await Promise.all([
      a.app.jobs.send('probe-once', { n: 1 }, { singletonKey: 'mission-42' }),
      b.app.jobs.send('probe-once', { n: 1 }, { singletonKey: 'mission-42' }),
      a.app.jobs.send('probe-once', { n: 1 }, { singletonKey: 'mission-42' }),
    ]);
    expect(first.filter((id) => id !== null)).toHaveLength(1);
    await waitFor(async () => {
      const rows = (await jobRows('probe-once')).rows.filter((row) => row.key === 'mission-42');
      expect(rows.map((row) => row.state)).toEqual(['completed']);
    });
    // Sent again once it has run: refused, not run again.
    expect(await b.app.jobs.send('probe-once', { n: 1 }, { singletonKey: 'mission-42' })).toBeNull();
    // Another key, and jobs without a key, each run.
    await a.app.jobs.send('probe-once', { n: 2 }, { singletonKey: 'mission-43' });
    await b.app.jobs.send('probe-once', { n: 3 });
    await b.app.jobs.send('probe-once', { n: 3 });
    await waitFor(() => expect(once.map((run) => run.n).sort()).toEqual([1, 2, 3, 3]));
    expect(once.filter((run) => run.n === 1)).toHaveLength(1);
    await expect(a.app.jobs.send('no-such-job', {})).rejects.toThrow(/unknown job/);
    await expect(a.app.jobs.send('probe-daily', {})).rejects.toThrow(/runNow/);
  });

  it(
    'retries a failing handler with backoff, logs each failure, and the server stays up',
    { timeout: 90_000 },
    async () => {
      // Retries wait 1-2 s, then 2-4 s, and are picked up by the workers' next poll (every 2 s).
      await a.app.jobs.runNow('probe-flaky', { timeoutMs: 60_000 });
      expect(flakyAttempts).toEqual([1, 2, 3]);
      await expect(b.app.jobs.runNow('probe-broken', { timeoutMs: 60_000 })).rejects.toThrow(
        /failed: toujours en panne/,
      );
      expect(brokenRuns).toBe(2);
      // a logs the failures its own worker met (either instance may work a try): warnings, then an error at the end.
      const failures = logLines.filter((line) => String(line.job).startsWith('probe-'));
      expect(failures.length).toBeGreaterThan(0);
      for (const line of failures) {
        expect(line.msg).toMatch(/^job failed, (will be tried again|no try left)$/);
        expect(line.level).toBe(line.msg === 'job failed, no try left' ? 50 : 40);
        expect((line.err as { message: string }).message).toMatch(/panne/);
      }
      // Both instances still answer and still work jobs.
      expect((await a.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await b.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await b.app.jobs.runNow('probe-once', { data: { n: 4 } });
      expect(once.some((run) => run.n === 4)).toBe(true);
    },
  );

  it('runs the housekeeping as a job: expired sessions go, sign-ups whose link expired, declared driving too old to count', async () => {
    const user = await createUser(a.db);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    await a.db.insert(declaredDriving).values([
      { driverId: user.id, date: daysAgo(60), drivingMinutes: 300 },
      { driverId: user.id, date: daysAgo(20), drivingMinutes: 240 },
    ]);
    const past = new Date(Date.now() - 3600_000);
    await a.db.insert(sessions).values({
      userId: user.id,
      tokenHash: 'x'.repeat(64),
      userAgent: 'tests',
      ipAddress: '127.0.0.1',
      expiresAt: past,
      absoluteExpiresAt: past,
    });
    const signUp = (email: string, expiresAt: Date) => ({
      email,
      tokenHash: email.padEnd(64, 'x'),
      passwordHash: 'scrypt$test',
      details: { userType: 'driver', fullName: 'Jean Routier' },
      expiresAt,
    });
    await a.db
      .insert(pendingRegistrations)
      .values([
        signUp('expiree@exemple.fr', past),
        signUp('valable@exemple.fr', new Date(Date.now() + 3600_000)),
      ]);
    await b.app.jobs.runNow('housekeeping');
    expect(await a.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const kept = await a.db.select({ email: pendingRegistrations.email }).from(pendingRegistrations);
    expect(kept).toEqual([{ email: 'valable@exemple.fr' }]);
    const declared = await a.db.select({ date: declaredDriving.date }).from(declaredDriving);
    expect(declared).toEqual([{ date: daysAgo(20) }]);
  });
});

describe('stopping', () => {
  it('an app that closes stops its workers; the jobs wait for another worker', async () => {
    const runs: Array<{ instance: string; n: number }> = [];
    const register = (instance: string) => (app: FastifyInstance) =>
      app.jobs.define<{ n: number }>('probe-stop', async ({ data }) => {
        runs.push({ instance, n: data.n });
      });
    const working = await createTestApp({ env: WORKERS, routes: register('working') });
    let workingOpen = true;
    const url = working.database.url;
    const httpOnly = await createTestApp({ routes: register('http-only'), databaseUrl: url });
    const workerConnections = async () =>
      (
        await httpOnly.db.execute<{ count: number }>(
          sql`select count(*)::int as count from pg_stat_activity
              where datname = current_database() and application_name = 'relais-jobs-worker'`,
        )
      ).rows[0]!.count;
    try {
      expect(httpOnly.app.jobs.worker).toBe(false);
      // The instance without workers queues; the other one works.
      await httpOnly.app.jobs.runNow('probe-stop', { data: { n: 1 } });
      expect(runs).toEqual([{ instance: 'working', n: 1 }]);
      expect(await workerConnections()).toBeGreaterThan(0);

      await working.close();
      workingOpen = false;
      await waitFor(async () => expect(await workerConnections()).toBe(0));
      const id = await httpOnly.app.jobs.send('probe-stop', { n: 2 });
      expect(id).not.toBeNull();

      // The job waits for a worker: a new instance takes it.
      const next = await createTestApp({ env: WORKERS, routes: register('next'), databaseUrl: url });
      try {
        await waitFor(() => expect(runs.filter((run) => run.n === 2)).toEqual([{ instance: 'next', n: 2 }]));
      } finally {
        await next.close();
      }
    } finally {
      await httpOnly.close();
      if (workingOpen) await working.close();
    }
  });
});

describe('starting together', () => {
  it('three instances with workers start at the same moment on a new database, each creating the queues', async () => {
    // A fresh database of the template has no queue yet: the three create them at once.
    const fresh = await createTestDatabase();
    const apps = await Promise.all([1, 2, 3].map(() => createTestApp({ env: WORKERS, databaseUrl: fresh })));
    try {
      for (const started of apps)
        expect((await started.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await Promise.all(apps.map((started) => started.close()));
    }
  });
});
