import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminLogs } from '../../db/schema/admin.js';
import { badges } from '../../db/schema/documents.js';
import { alerts, conversations, messages } from '../../db/schema/messaging.js';
import { missionApplications, reviews } from '../../db/schema/missions.js';
import { missionIncidents } from '../../db/schema/road.js';
import type { User } from '../../db/schema/users.js';
import { createUser, insertMission } from '../../test/factories.js';
import { Agent, agentFor, createTestApp, type TestApp } from '../../test/harness.js';
import { createEventBus, type DomainEvent } from '../../platform/events.js';
import { measureDriver } from '../../platform/badge-figures.js';
import { RECOMPUTE_JOB } from './jobs.js';
import { syncDriverBadges } from './sync.js';

/**
 * Badges (decision 019): each rule's SQL figures at its threshold, earned and lost with alerts, the recompute a
 * domain event queues (through the job queue: this file's instance works jobs), the admin's eco_driver, and where
 * badges show (profile, applicant cards).
 */
let t: TestApp;
/** The syncs called here publish on a bus of their own (to count what they say); the app's own runs by its jobs. */
const published: DomainEvent[] = [];
let bus: ReturnType<typeof createEventBus>;
beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_WORKER: 'true' } });
  bus = createEventBus(t.app.log);
  bus.subscribe((event) => void published.push(event));
});
afterAll(async () => {
  await t?.close();
});

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const driver = () => createUser(t.db, { userType: 'driver' });
const transporter = () => createUser(t.db, { userType: 'company' });

/**
 * `count` completed missions of the driver, the i-th (0 = newest) shaped by `fields(i)`; started an hour late
 * unless told, so that "reliable" stays out of the tests of the other badges.
 */
async function missionsOf(
  driverId: string,
  companyId: string,
  count: number,
  fields: (i: number) => Partial<Parameters<typeof insertMission>[1]> = () => ({}),
) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    const start = new Date(Date.now() - (i + 2) * day);
    rows.push(
      await insertMission(t.db, {
        companyId,
        driverId,
        startDate: start,
        endDate: new Date(start.getTime() + 8 * hour),
        startedAt: new Date(start.getTime() + hour),
        deliveredAt: new Date(start.getTime() + 7 * hour),
        completedAt: new Date(start.getTime() + 8 * hour),
        ...fields(i),
      }),
    );
  }
  return rows;
}

/** Reviews of the driver by the transporter, one per mission, published unless told. */
async function reviewsOf(driverId: string, companyId: string, ratings: number[], extra: object = {}) {
  const missions = await missionsOf(driverId, companyId, ratings.length);
  await t.db.insert(reviews).values(
    ratings.map((rating, i) => ({
      reviewerId: companyId,
      revieweeId: driverId,
      missionId: missions[i]!.id,
      rating,
      publishedAt: new Date(),
      ...extra,
    })),
  );
}

/** A conversation where `company` writes to the driver `askedAgo` ms ago, answered `replyAfter` ms later. */
async function conversation(driverId: string, askedAgo: number, replyAfter: number | null, from?: User) {
  const company = from ?? (await transporter());
  const [one, two] = [driverId, company.id].sort();
  const [row] = await t.db.insert(conversations).values({ userOneId: one!, userTwoId: two! }).returning();
  const asked = new Date(Date.now() - askedAgo);
  const sent = [
    // The driver's own earlier word does not count as a reply.
    { senderId: driverId, receiverId: company.id, createdAt: new Date(asked.getTime() - hour) },
    { senderId: company.id, receiverId: driverId, createdAt: asked },
    // The transporter insisting does not restart the clock.
    { senderId: company.id, receiverId: driverId, createdAt: new Date(asked.getTime() + minute) },
  ];
  if (replyAfter !== null)
    sent.push({
      senderId: driverId,
      receiverId: company.id,
      createdAt: new Date(asked.getTime() + replyAfter),
    });
  await t.db
    .insert(messages)
    .values(sent.map((message) => ({ ...message, conversationId: row!.id, content: 'Bonjour' })));
}

const alertsOf = (userId: string) =>
  t.db
    .select({ title: alerts.title, message: alerts.message, metadata: alerts.metadata })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.type, 'reputation')))
    .orderBy(alerts.createdAt, alerts.id);

/** The recompute job, run through the queue by the app (its alerts are written). */
const recompute = (userId: string) => t.app.jobs.runNow(RECOMPUTE_JOB, { data: { userId } });

const heldBy = async (userId: string) =>
  (await t.db.select().from(badges).where(eq(badges.userId, userId))).map((row) => row.type).sort();

describe('badge figures, measured in SQL, at each threshold', () => {
  it('reliable: the last 20 missions started, on time within 15 minutes of the planned start', async () => {
    const me = await driver();
    const company = await transporter();
    // 19 on time: one to go. The oldest started exactly 15 minutes late (on time), and early starts count.
    await missionsOf(me.id, company.id, 19, (i) => {
      const start = new Date(Date.now() - (i + 10) * day);
      return {
        startDate: start,
        startedAt: new Date(start.getTime() + (i === 18 ? 15 * minute : -30 * minute)),
      };
    });
    expect((await measureDriver(t.db, me.id)).reliable).toEqual({ started: 19, onTime: 19 });
    // A mission not started yet is not counted.
    await insertMission(t.db, { companyId: company.id, driverId: me.id, status: 'assigned' });
    expect((await measureDriver(t.db, me.id)).reliable.started).toBe(19);
    // The 20th, 16 minutes late: 19 of 20, 95 %.
    const start = new Date(Date.now() - 3 * day);
    await insertMission(t.db, {
      companyId: company.id,
      driverId: me.id,
      status: 'in_progress',
      startDate: start,
      startedAt: new Date(start.getTime() + 16 * minute),
    });
    expect((await measureDriver(t.db, me.id)).reliable).toEqual({ started: 20, onTime: 19 });
    expect((await syncDriverBadges(t.db, bus, me.id)).earned).toEqual(['reliable']);
    // Another late start, the newest: the window moves (the 15-minute one leaves it), 18 of 20 on time.
    const later = new Date(Date.now() - 1 * day);
    await insertMission(t.db, {
      companyId: company.id,
      driverId: me.id,
      startDate: later,
      endDate: new Date(later.getTime() + 8 * hour),
      startedAt: new Date(later.getTime() + 20 * minute),
    });
    expect((await measureDriver(t.db, me.id)).reliable).toEqual({ started: 20, onTime: 18 });
    expect((await syncDriverBadges(t.db, bus, me.id)).lost).toEqual(['reliable']);
  });

  it('expert: 100 completed missions, not 99', async () => {
    const me = await driver();
    const company = await transporter();
    await missionsOf(me.id, company.id, 99);
    await insertMission(t.db, { companyId: company.id, driverId: me.id, status: 'delivered' });
    const figures = await measureDriver(t.db, me.id);
    expect(figures.expert).toEqual({ completed: 99 });
    expect((await syncDriverBadges(t.db, bus, me.id)).earned).not.toContain('expert');
    await missionsOf(me.id, company.id, 1);
    expect((await measureDriver(t.db, me.id)).expert).toEqual({ completed: 100 });
    expect((await syncDriverBadges(t.db, bus, me.id)).earned).toContain('expert');
  });

  it('top rated: 4.8 on average over 50 published reviews not removed', async () => {
    const me = await driver();
    const company = await transporter();
    // 49 reviews averaging above 4.8: not enough reviews.
    await reviewsOf(me.id, company.id, [...Array<number>(41).fill(5), ...Array<number>(8).fill(4)]);
    // Neither an unpublished review nor a removed one counts.
    await reviewsOf(me.id, company.id, [5], { publishedAt: null });
    await reviewsOf(me.id, company.id, [1], { removedAt: new Date() });
    expect((await measureDriver(t.db, me.id)).top_rated).toEqual({ reviews: 49, ratingSum: 237 });
    expect((await syncDriverBadges(t.db, bus, me.id)).earned).not.toContain('top_rated');
    // The 50th, a 3: 240 / 50 = 4.8 exactly.
    await reviewsOf(me.id, company.id, [3]);
    expect((await measureDriver(t.db, me.id)).top_rated).toEqual({ reviews: 50, ratingSum: 240 });
    expect((await syncDriverBadges(t.db, bus, me.id)).earned).toContain('top_rated');
    // 4.79 over 100: lost.
    await reviewsOf(me.id, company.id, [...Array<number>(11).fill(4), ...Array<number>(39).fill(5)]);
    const { top_rated } = await measureDriver(t.db, me.id);
    expect(top_rated).toEqual({ reviews: 100, ratingSum: 479 });
    expect((await syncDriverBadges(t.db, bus, me.id)).lost).toContain('top_rated');
  });

  it('fast responder: the first reply to a transporter within the hour in 90 % of 10 conversations', async () => {
    const me = await driver();
    // 9 answered within the hour (one at exactly 60 minutes).
    for (let i = 0; i < 9; i++) await conversation(me.id, (i + 2) * day, i === 0 ? hour : 10 * minute);
    // Not counted: a question 30 minutes old still unanswered, and a message from another driver.
    await conversation(me.id, 30 * minute, null);
    await conversation(me.id, 3 * day, null, await driver());
    expect((await measureDriver(t.db, me.id)).fast_responder).toEqual({
      conversations: 9,
      answeredInTime: 9,
    });
    // The 10th, answered after 61 minutes: 9 of 10, 90 %.
    await conversation(me.id, 20 * day, 61 * minute);
    expect((await measureDriver(t.db, me.id)).fast_responder).toEqual({
      conversations: 10,
      answeredInTime: 9,
    });
    expect((await syncDriverBadges(t.db, bus, me.id)).earned).toEqual(['fast_responder']);
    // A question left two hours without an answer counts against: 9 of 11.
    await conversation(me.id, 2 * hour, null);
    expect((await measureDriver(t.db, me.id)).fast_responder).toEqual({
      conversations: 11,
      answeredInTime: 9,
    });
    expect((await syncDriverBadges(t.db, bus, me.id)).lost).toEqual(['fast_responder']);
  });

  it('safety champion: no accident nor damage over the last 50 completed missions', async () => {
    const me = await driver();
    const company = await transporter();
    const done = await missionsOf(me.id, company.id, 51);
    // A delay or a breakdown is no safety matter; an accident on the 51st (outside the window) no longer counts.
    await t.db.insert(missionIncidents).values([
      { missionId: done[0]!.id, reporterId: me.id, type: 'delay', occurredAt: new Date() },
      { missionId: done[1]!.id, reporterId: me.id, type: 'breakdown', occurredAt: new Date() },
      { missionId: done[50]!.id, reporterId: me.id, type: 'accident', occurredAt: new Date() },
    ]);
    expect((await measureDriver(t.db, me.id)).safety_champion).toEqual({ completed: 50, incidents: 0 });
    expect((await syncDriverBadges(t.db, bus, me.id)).earned).toEqual(['safety_champion']);
    // One damage on a mission of the window: lost.
    await t.db
      .insert(missionIncidents)
      .values({ missionId: done[49]!.id, reporterId: company.id, type: 'damage', occurredAt: new Date() });
    expect((await measureDriver(t.db, me.id)).safety_champion).toEqual({ completed: 50, incidents: 1 });
    expect((await syncDriverBadges(t.db, bus, me.id)).lost).toEqual(['safety_champion']);
  });

  it('49 completed missions are not enough for safety', async () => {
    const me = await driver();
    await missionsOf(me.id, (await transporter()).id, 49);
    expect((await measureDriver(t.db, me.id)).safety_champion).toEqual({ completed: 49, incidents: 0 });
    expect(await syncDriverBadges(t.db, bus, me.id)).toMatchObject({ earned: [], lost: [] });
  });
});

describe('earning and losing', () => {
  it('keeps the figures of the moment, tells the driver, and never touches an awarded badge', async () => {
    const me = await driver();
    const company = await transporter();
    const done = await missionsOf(me.id, company.id, 50);
    await t.db.insert(badges).values({ userId: me.id, type: 'eco_driver', reason: 'Formation suivie' });
    await recompute(me.id);
    expect(await heldBy(me.id)).toEqual(['eco_driver', 'safety_champion']);
    const [row] = await t.db
      .select()
      .from(badges)
      .where(and(eq(badges.userId, me.id), eq(badges.type, 'safety_champion')));
    expect(row!.criteria).toEqual({ completed: 50, incidents: 0 });
    // Nothing changed: nothing said again.
    await recompute(me.id);
    expect(await alertsOf(me.id)).toHaveLength(1);
    await t.db
      .insert(missionIncidents)
      .values({ missionId: done[3]!.id, reporterId: me.id, type: 'accident', occurredAt: new Date() });
    await recompute(me.id);
    expect(await heldBy(me.id)).toEqual(['eco_driver']);
    expect((await alertsOf(me.id)).map(({ title, message }) => ({ title, message }))).toEqual([
      {
        title: 'Badge obtenu',
        message: 'Vous avez obtenu le badge « Champion de la sécurité ». Il apparaît sur votre profil.',
      },
      {
        title: 'Badge perdu',
        message:
          'Le badge « Champion de la sécurité » n’apparaît plus sur votre profil : ses conditions ne sont plus remplies.',
      },
    ]);
  });

  it('syncs racing for one driver award a badge once, with one alert', async () => {
    const me = await driver();
    await missionsOf(me.id, (await transporter()).id, 50);
    const results = await Promise.all(Array.from({ length: 4 }, () => syncDriverBadges(t.db, bus, me.id)));
    expect(results.flatMap((result) => result.earned)).toEqual(['safety_champion']);
    expect(published.filter((event) => 'userId' in event && event.userId === me.id)).toEqual([
      { type: 'badge.earned', userId: me.id, badge: 'safety_champion' },
    ]);
    expect(await heldBy(me.id)).toEqual(['safety_champion']);
  });

  it('gives no badge to a transporter nor to a closed account', async () => {
    const company = await transporter();
    expect((await syncDriverBadges(t.db, bus, company.id)).figures).toBeNull();
    const gone = await createUser(t.db, { userType: 'driver', isActive: false });
    await missionsOf(gone.id, company.id, 50);
    expect((await syncDriverBadges(t.db, bus, gone.id)).earned).toEqual([]);
    expect(await heldBy(gone.id)).toEqual([]);
  });

  it('recomputes through the job when a mission is completed (the 100th: expert)', async () => {
    const me = await driver();
    const company = await transporter();
    await missionsOf(me.id, company.id, 99);
    const last = await insertMission(t.db, { companyId: company.id, driverId: me.id, status: 'delivered' });
    const response = await (await agentFor(t, company.id)).post(`/api/missions/${last.id}/complete`);
    expect(response.statusCode, response.body).toBe(200);
    // The recompute the event queued runs once its 10-second slice is over. Its badges commit before their alerts
    // are written (the events are published after the commit): the end of the job, not the badges, says it is done.
    await vi.waitFor(
      async () => {
        const jobs = await t.db.execute<{ state: string }>(
          sql`select state::text from pgboss.job where name = ${RECOMPUTE_JOB} and data->>'userId' = ${me.id}`,
        );
        expect(jobs.rows.map((row) => row.state)).toEqual(['completed']);
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(await heldBy(me.id)).toEqual(['expert', 'safety_champion']);
    expect((await alertsOf(me.id)).map((alert) => alert.metadata?.badge).sort()).toEqual([
      'expert',
      'safety_champion',
    ]);
  });
});

describe('the eco_driver badge, given by administrators', () => {
  it('is given and taken back by an administrator with a reason, logged; refused to everyone else', async () => {
    const me = await driver();
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    const url = `/api/admin/users/${me.id}/badges/eco_driver`;
    const reason = 'Formation éco-conduite validée par son employeur';
    for (const who of [me, await transporter()]) {
      const agent = await agentFor(t, who.id);
      expect((await agent.post(url, { reason })).statusCode).toBe(403);
      expect((await agent.request({ method: 'DELETE', url, payload: { reason } })).statusCode).toBe(403);
    }
    expect((await new Agent(t.app).post(url, { reason })).statusCode).toBe(401);
    const boss = await agentFor(t, admin.id);
    const missing = await boss.post(url, { reason: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.reason).toBe('Indiquez la raison (5 caractères au moins)');
    // Two administrators at once: one gives it, the other is told.
    const [first, second] = await Promise.all([boss.post(url, { reason }), boss.post(url, { reason })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const given = first.statusCode === 201 ? first : second;
    expect(given.json().badges).toMatchObject([{ type: 'eco_driver', awarded: true, reason }]);
    const [row] = await t.db.select().from(badges).where(eq(badges.userId, me.id));
    expect(row).toMatchObject({ type: 'eco_driver', awardedBy: admin.id, reason, criteria: null });
    // A sync leaves it.
    await syncDriverBadges(t.db, bus, me.id);
    expect(await heldBy(me.id)).toEqual(['eco_driver']);

    const removed = await boss.request({
      method: 'DELETE',
      url,
      payload: { reason: 'Attribué par erreur' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().badges).toEqual([]);
    expect(
      (await boss.request({ method: 'DELETE', url, payload: { reason: 'Attribué par erreur' } })).statusCode,
    ).toBe(409);
    const logged = await t.db
      .select({ action: adminLogs.action, details: adminLogs.details })
      .from(adminLogs)
      .where(eq(adminLogs.targetId, me.id))
      .orderBy(adminLogs.createdAt);
    expect(logged).toEqual([
      { action: 'badge.award', details: { badge: 'eco_driver', reason } },
      { action: 'badge.remove', details: { badge: 'eco_driver', reason: 'Attribué par erreur' } },
    ]);
    expect((await alertsOf(me.id)).map((alert) => alert.title)).toEqual(['Badge obtenu', 'Badge perdu']);
    // Only drivers hold badges.
    const company = await transporter();
    const toCompany = await boss.post(`/api/admin/users/${company.id}/badges/eco_driver`, { reason });
    expect(toCompany.statusCode).toBe(409);
    expect(toCompany.json().message).toBe('Les badges sont réservés aux chauffeurs');
  });
});

describe('where badges show', () => {
  it('on the profile and its badges route, for everyone; the reason for the driver and admins only', async () => {
    const me = await driver();
    await t.db.insert(badges).values([
      { userId: me.id, type: 'eco_driver', reason: 'Formation suivie' },
      { userId: me.id, type: 'expert', criteria: { completed: 100 } },
    ]);
    const anonymous = new Agent(t.app);
    const profile = await anonymous.get(`/api/users/${me.id}/profile`);
    expect(profile.json().badges).toEqual([
      { type: 'expert', earnedAt: expect.any(String), awarded: false },
      { type: 'eco_driver', earnedAt: expect.any(String), awarded: true },
    ]);
    const seen = await anonymous.get(`/api/users/${me.id}/badges`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      role: 'driver',
      badges: [
        { type: 'expert', earnedAt: expect.any(String), awarded: false },
        { type: 'eco_driver', earnedAt: expect.any(String), awarded: true },
      ],
    });
    const own = await (await agentFor(t, me.id)).get(`/api/users/${me.id}/badges`);
    expect(own.json().badges[1]).toMatchObject({ type: 'eco_driver', reason: 'Formation suivie' });
    const company = await transporter();
    expect((await anonymous.get(`/api/users/${company.id}/badges`)).json()).toEqual({
      role: 'transporter',
      badges: [],
    });
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    expect((await anonymous.get(`/api/users/${admin.id}/badges`)).statusCode).toBe(404);
  });

  it('on the applicant cards, with the number of published reviews', async () => {
    const me = await driver();
    const company = await transporter();
    await reviewsOf(me.id, company.id, [5, 4]);
    await reviewsOf(me.id, company.id, [5], { publishedAt: null });
    await reviewsOf(me.id, company.id, [1], { removedAt: new Date() });
    await t.db.insert(badges).values([
      { userId: me.id, type: 'safety_champion' },
      { userId: me.id, type: 'reliable' },
    ]);
    const open = await insertMission(t.db, {
      companyId: company.id,
      driverId: null,
      status: 'available',
      startDate: new Date(Date.now() + 2 * day),
      endDate: new Date(Date.now() + 2 * day + 8 * hour),
    });
    await t.db.insert(missionApplications).values({ missionId: open.id, driverId: me.id });
    const detail = await (await agentFor(t, company.id)).get(`/api/missions/${open.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().applications[0].driver).toMatchObject({
      id: me.id,
      reviewCount: 2,
      badges: ['reliable', 'safety_champion'],
    });
  });

  it('the driver’s own progress: figures now, for drivers only', async () => {
    const me = await driver();
    await missionsOf(me.id, (await transporter()).id, 3);
    const mine = await (await agentFor(t, me.id)).get('/api/badges/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      badges: [],
      figures: {
        reliable: { started: 3, onTime: 0 },
        expert: { completed: 3 },
        safety_champion: { completed: 3, incidents: 0 },
      },
    });
    expect((await (await agentFor(t, (await transporter()).id)).get('/api/badges/mine')).statusCode).toBe(
      403,
    );
    expect((await new Agent(t.app).get('/api/badges/mine')).statusCode).toBe(401);
  });
});
