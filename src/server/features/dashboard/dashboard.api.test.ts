import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardStatsSchema } from '#core/schemas/dashboard.js';
import { insertMission } from '../../test/factories.js';
import { Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3600_000;
/** When this month began in Paris (the limit of "this month"). */
const monthStart = async () =>
  (
    await t.db.execute<{ at: Date | string }>(
      sql`select date_trunc('month', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris' as at`,
    )
  ).rows[0]!.at;

async function apply(missionId: string, driverId: string, status: string) {
  await t.db.execute(
    sql`insert into mission_applications (mission_id, driver_id, status) values (${missionId}, ${driverId}, ${status})`,
  );
}

async function event(missionId: string, type: string, status: string | null, at: string) {
  await t.db.execute(sql`
    insert into mission_events (mission_id, type, status, created_at) values (${missionId}, ${type}, ${status},
      ${at}::timestamptz)`);
}

async function payment(missionId: string, driverId: string, transporterId: string, amount: string) {
  await t.db.execute(sql`
    insert into driver_payments (mission_id, driver_id, transporter_id, amount, unit_price, amount_excl_tax, due_date)
    values (${missionId}, ${driverId}, ${transporterId}, ${amount}, ${amount}, ${amount}, current_date)`);
}

describe('GET /api/dashboard/stats', () => {
  it('gives a driver their counts, this month’s earnings (payment, else price) and their missions’ last ten events', async () => {
    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t);
    const other = await signIn(t);
    const c = company.user.id;
    const d = driver.user.id;
    const start = new Date(await monthStart());
    const inMonth = new Date(Math.max(start.getTime() + HOUR, Date.now() - HOUR));

    // Completed this month: one paid 512.34 (the payment wins over the price), one without payment (its price).
    const paid = await insertMission(t.db, {
      companyId: c,
      driverId: d,
      price: '400.00',
      completedAt: inMonth,
    });
    await insertMission(t.db, {
      companyId: c,
      driverId: d,
      price: '99.50',
      completedAt: inMonth,
    });
    await payment(paid.id, d, c, '512.34');
    // Completed before this month: counted nowhere, earns nothing this month.
    const before = await insertMission(t.db, {
      companyId: c,
      driverId: d,
      price: '1000.00',
      completedAt: new Date(start.getTime() - HOUR),
    });
    await payment(before.id, d, c, '1000.00');
    // Under way: assigned, in progress, delivered; not hers: another driver's.
    for (const status of ['assigned', 'in_progress', 'delivered'])
      await insertMission(t.db, { companyId: c, driverId: d, status });
    await insertMission(t.db, { companyId: c, driverId: other.user.id, status: 'in_progress' });
    const cancelled = await insertMission(t.db, { companyId: c, driverId: d, status: 'cancelled' });
    // Applications: two pending, one accepted, one rejected, one withdrawn; another driver's pending.
    const open = [];
    for (let i = 0; i < 5; i++) open.push(await insertMission(t.db, { companyId: c, status: 'available' }));
    await apply(open[0]!.id, d, 'pending');
    await apply(open[1]!.id, d, 'pending');
    await apply(open[2]!.id, d, 'accepted');
    await apply(open[3]!.id, d, 'rejected');
    await apply(open[4]!.id, d, 'withdrawn');
    await apply(open[4]!.id, other.user.id, 'pending');
    // Twelve events on her missions (the ten newest are shown), one on another driver's mission.
    for (let i = 0; i < 12; i++)
      await event(
        i % 2 ? paid.id : cancelled.id,
        `step-${i}`,
        i % 3 ? 'completed' : null,
        `2026-01-01 00:00:${10 + i}.5678+00`,
      );
    const foreign = await insertMission(t.db, { companyId: c, driverId: other.user.id });
    await event(foreign.id, 'not-hers', null, '2026-06-01 00:00:00+00');

    const answer = await driver.agent.get('/api/dashboard/stats');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const stats = answer.json();
    expect(dashboardStatsSchema.strict().parse(stats)).toEqual(stats);
    expect(stats).toMatchObject({
      role: 'driver',
      counts: {
        applicationsPending: 2,
        applicationsAccepted: 1,
        missionsInProgress: 3,
        completedThisMonth: 2,
      },
      earningsThisMonth: '611.84',
      firstStepDone: true,
    });
    expect(Object.keys(stats.counts)).toHaveLength(4);
    expect(stats.recent).toHaveLength(10);
    expect(stats.recent[0]).toEqual({
      id: expect.any(String),
      missionId: paid.id,
      missionTitle: paid.title,
      type: 'step-11',
      status: 'completed',
      createdAt: '2026-01-01T00:00:21.567Z',
    });
    expect(stats.recent.map((item: { type: string }) => item.type)).toEqual(
      Array.from({ length: 10 }, (_, i) => `step-${11 - i}`),
    );
    expect(stats.recent[2]).toMatchObject({ missionId: paid.id, type: 'step-9', status: null });
  });

  it('gives a newcomer zeros, earnings 0.00 and the first step to do', async () => {
    const driver = await signIn(t);
    expect((await driver.agent.get('/api/dashboard/stats')).json()).toEqual({
      role: 'driver',
      counts: {
        applicationsPending: 0,
        applicationsAccepted: 0,
        missionsInProgress: 0,
        completedThisMonth: 0,
      },
      earningsThisMonth: '0.00',
      firstStepDone: false,
      recent: [],
    });
    const company = await signIn(t, { userType: 'company' });
    expect((await company.agent.get('/api/dashboard/stats')).json()).toEqual({
      role: 'transporter',
      counts: {
        missionsOpen: 0,
        missionsAssigned: 0,
        missionsUnderWay: 0,
        missionsToConfirm: 0,
        missionsCompleted: 0,
        applicationsWaiting: 0,
      },
      earningsThisMonth: null,
      firstStepDone: false,
      recent: [],
    });
  });

  it('gives a transporter their missions by status, the applications waiting and their missions’ events', async () => {
    const company = await signIn(t, { userType: 'company' });
    const rival = await signIn(t, { userType: 'company' });
    const driver = await signIn(t);
    const c = company.user.id;
    const d = driver.user.id;
    const counts = { available: 3, assigned: 1, in_progress: 2, delivered: 1, completed: 4, cancelled: 2 };
    const mine: Record<string, string[]> = {};
    for (const [status, n] of Object.entries(counts))
      for (let i = 0; i < n; i++)
        (mine[status] ??= []).push(
          (await insertMission(t.db, { companyId: c, driverId: status === 'available' ? null : d, status }))
            .id,
        );
    await insertMission(t.db, { companyId: rival.user.id, status: 'available' });
    await apply(mine.available![0]!, d, 'pending');
    await apply(mine.available![1]!, d, 'pending');
    await apply(mine.available![2]!, d, 'rejected');
    const rivalMission = await insertMission(t.db, { companyId: rival.user.id, status: 'available' });
    await apply(rivalMission.id, d, 'pending');
    await event(mine.delivered![0]!, 'deliver', 'delivered', '2026-02-01 12:00:00+01');
    await event(mine.available![0]!, 'published', 'available', '2026-01-31 12:00:00+00');
    await event(rivalMission.id, 'published', 'available', '2026-03-01 12:00:00+00');

    const stats = (await company.agent.get('/api/dashboard/stats')).json();
    expect(dashboardStatsSchema.strict().parse(stats)).toEqual(stats);
    expect(stats).toEqual({
      role: 'transporter',
      counts: {
        missionsOpen: 3,
        missionsAssigned: 1,
        missionsUnderWay: 2,
        missionsToConfirm: 1,
        missionsCompleted: 4,
        applicationsWaiting: 2,
      },
      earningsThisMonth: null,
      firstStepDone: true,
      recent: [
        {
          id: expect.any(String),
          missionId: mine.delivered![0],
          missionTitle: 'Livraison frigo Rungis → Lille',
          type: 'deliver',
          status: 'delivered',
          createdAt: '2026-02-01T11:00:00.000Z',
        },
        {
          id: expect.any(String),
          missionId: mine.available![0],
          missionTitle: 'Livraison frigo Rungis → Lille',
          type: 'published',
          status: 'available',
          createdAt: '2026-01-31T12:00:00.000Z',
        },
      ],
    });
  });

  it('answers only drivers and transporters', async () => {
    expect((await new Agent(t.app).get('/api/dashboard/stats')).statusCode).toBe(401);
    const admin = await signIn(t, { isAdmin: true });
    expect((await admin.agent.get('/api/dashboard/stats')).statusCode).toBe(403);
  });
});
