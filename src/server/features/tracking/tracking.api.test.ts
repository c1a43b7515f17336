import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeEvent } from '#core/events.js';
import { gpsPositions, missions } from '../../db/schema/missions.js';
import { missionTracking, trackingViews } from '../../db/schema/road.js';
import { createUser, insertMission } from '../../test/factories.js';
import { agentFor, createTestApp, type TestApp } from '../../test/harness.js';
import { SESSION_COOKIE } from '../../platform/sessions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_WORKER: 'true' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const minute = 60_000;
const day = 86_400_000;

/** A mission in progress since 30 minutes (Rungis → Lesquin), its parties, strangers and an admin. */
async function scene(fields: Partial<typeof missions.$inferInsert> = {}) {
  const driver = await createUser(t.db, { userType: 'driver' });
  const company = await createUser(t.db, { userType: 'company', companyName: 'Transports Martin' });
  const otherDriver = await createUser(t.db, { userType: 'driver' });
  const otherCompany = await createUser(t.db, { userType: 'company' });
  const admin = await createUser(t.db, { userType: 'admin', isAdmin: true, fullName: 'Admin Relais' });
  const started = new Date(Date.now() - 30 * minute);
  const mission = await insertMission(t.db, {
    companyId: company.id,
    driverId: driver.id,
    status: 'in_progress',
    startDate: started,
    endDate: new Date(started.getTime() + 8 * 3_600_000),
    startedAt: started,
    deliveredAt: null,
    completedAt: null,
    ...fields,
  });
  return {
    mission,
    driver: await agentFor(t, driver.id),
    company: await agentFor(t, company.id),
    otherDriver: await agentFor(t, otherDriver.id),
    otherCompany: await agentFor(t, otherCompany.id),
    admin: await agentFor(t, admin.id),
    ids: { driver: driver.id, company: company.id, admin: admin.id },
  };
}

/** n points going north from Rungis, one a minute, the last one `endAgo` ms ago. */
function route(n: number, endAgo = minute) {
  const last = Date.now() - endAgo;
  return Array.from({ length: n }, (_, index) => ({
    clientId: randomUUID(),
    latitude: 48.746 + index * 0.01,
    longitude: 2.35,
    speed: 72,
    heading: 0,
    accuracy: 12,
    recordedAt: new Date(last - (n - 1 - index) * minute).toISOString(),
  }));
}

const stored = async (missionId: string) =>
  (await t.db.select().from(gpsPositions).where(eq(gpsPositions.missionId, missionId))).length;

describe('positions', () => {
  it('are stored for the assigned driver while in progress, once per client id, with 6 decimals', async () => {
    const s = await scene();
    const points = route(5);
    points[0]!.latitude = 48.74612345678;
    const first = await s.driver.post(`/api/missions/${s.mission.id}/positions`, { points });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accepted: 5, duplicates: 0, rejected: 0, paused: false });
    // The same batch again (the phone did not get the answer): nothing new.
    const again = await s.driver.post(`/api/missions/${s.mission.id}/positions`, { points });
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 5 });
    expect(await stored(s.mission.id)).toBe(5);
    const rows = await t.db.select().from(gpsPositions).where(eq(gpsPositions.missionId, s.mission.id));
    expect(rows.map((row) => row.latitude)).toContain('48.746123');
    const [tracking] = await t.db
      .select()
      .from(missionTracking)
      .where(eq(missionTracking.missionId, s.mission.id));
    expect(tracking!.lastPositionAt!.toISOString()).toBe(points.at(-1)!.recordedAt);
  });

  it('are refused from anyone but the assigned driver', async () => {
    const s = await scene();
    const url = `/api/missions/${s.mission.id}/positions`;
    expect((await s.company.post(url, { points: route(1) })).statusCode).toBe(403);
    expect((await s.admin.post(url, { points: route(1) })).statusCode).toBe(403);
    expect((await s.otherDriver.post(url, { points: route(1) })).statusCode).toBe(404);
    expect((await s.otherCompany.post(url, { points: route(1) })).statusCode).toBe(404);
    expect(await stored(s.mission.id)).toBe(0);
  });

  it('are refused before the start, and points taken before it or ahead of the clock are not kept', async () => {
    const assigned = await scene({ status: 'assigned', startedAt: null });
    const before = await assigned.driver.post(`/api/missions/${assigned.mission.id}/positions`, {
      points: route(1),
    });
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe('tracking_not_started');

    const s = await scene();
    const early = route(1, 40 * minute); // 10 minutes before the start
    const ahead = route(1, -10 * minute); // 10 minutes in the future
    const response = await s.driver.post(`/api/missions/${s.mission.id}/positions`, {
      points: [...early, ...ahead, ...route(1)],
    });
    expect(response.json()).toMatchObject({ accepted: 1, rejected: 2 });

    // The fix taken as the driver tapped "Partager et démarrer", dated just before the server's start, is the
    // trip's first point; one taken two minutes before is not.
    const atTap = route(1, 30 * minute + 5_000);
    const twoMinutesBefore = route(1, 32 * minute);
    const first = await s.driver.post(`/api/missions/${s.mission.id}/positions`, {
      points: [...atTap, ...twoMinutesBefore],
    });
    expect(first.json()).toMatchObject({ accepted: 1, rejected: 1 });
  });

  it('after delivery: points taken before it still arrive for 24 h; after it, or later, refused', async () => {
    const s = await scene();
    const deliveredAt = new Date(Date.now() - 10 * minute);
    await t.db
      .update(missions)
      .set({ status: 'delivered', deliveredAt })
      .where(eq(missions.id, s.mission.id));
    const url = `/api/missions/${s.mission.id}/positions`;
    // Kept offline, taken 15 minutes ago: accepted.
    expect((await s.driver.post(url, { points: route(1, 15 * minute) })).json()).toMatchObject({
      accepted: 1,
    });
    // Taken after the delivery: refused, and the phone is told to stop.
    const after = await s.driver.post(url, { points: route(1, minute) });
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('tracking_ended');
    // A day and more after the delivery: nothing any more.
    await t.db
      .update(missions)
      .set({
        status: 'completed',
        deliveredAt: new Date(Date.now() - 25 * 3_600_000),
        completedAt: new Date(),
      })
      .where(eq(missions.id, s.mission.id));
    expect((await s.driver.post(url, { points: route(1, 26 * 3_600_000) })).statusCode).toBe(409);
    expect(await stored(s.mission.id)).toBe(1);
  });

  it('refuse malformed batches with a French message', async () => {
    const s = await scene();
    const url = `/api/missions/${s.mission.id}/positions`;
    const bad = await s.driver.post(url, { points: [{ ...route(1)[0], latitude: 95 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Latitude invalide');
    expect((await s.driver.post(url, { points: [] })).statusCode).toBe(400);
    expect((await s.driver.post(url, { points: route(501) })).json().message).toBe(
      '500 points au plus par envoi',
    );
  });
});

describe('reading the tracking', () => {
  it('is for the two parties and admins, with the route, the estimate and pickup/delivery', async () => {
    const s = await scene();
    await s.driver.post(`/api/missions/${s.mission.id}/positions`, { points: route(30) });
    for (const agent of [s.driver, s.company, s.admin]) {
      const response = await agent.get(`/api/missions/${s.mission.id}/tracking`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.positions).toHaveLength(30);
      expect(body.pickup).toMatchObject({ latitude: 48.746, longitude: 2.35, label: 'Rungis' });
      expect(body.delivery).toMatchObject({ label: 'Lesquin' });
      // 29 × 0.01° of latitude (about 32 km) in 29 minutes: about 67 km/h.
      expect(body.averageSpeedKmh).toBeGreaterThan(60);
      expect(body.averageSpeedKmh).toBeLessThan(70);
      expect(body.remainingKm).toBeGreaterThan(150);
      expect(new Date(body.etaAt).getTime()).toBeGreaterThan(Date.now());
      expect(body.late).toBe(false);
    }
    for (const agent of [s.otherDriver, s.otherCompany])
      expect((await agent.get(`/api/missions/${s.mission.id}/tracking`)).statusCode).toBe(404);
  });

  it('is late when the ETA passes the planned end', async () => {
    const started = new Date(Date.now() - 30 * minute);
    const s = await scene({ endDate: new Date(started.getTime() + 40 * minute) });
    await s.driver.post(`/api/missions/${s.mission.id}/positions`, { points: route(3) });
    expect((await s.company.get(`/api/missions/${s.mission.id}/tracking`)).json().late).toBe(true);
    expect((await s.company.get('/api/tracking/active')).json()[0]).toMatchObject({
      missionId: s.mission.id,
      late: true,
    });
  });

  it('logs each look by others (coalesced), shown to the driver and not to the transporter', async () => {
    const s = await scene();
    const url = `/api/missions/${s.mission.id}/tracking`;
    // Nothing to see yet: not a look at positions.
    await s.company.get(url);
    await s.driver.post(`/api/missions/${s.mission.id}/positions`, { points: route(2) });
    await s.driver.get(url);
    // The mission page's status (paused, last seen, late) shows no position: not a look.
    const status = (await s.company.get(`${url}?view=status`)).json();
    expect(status).toMatchObject({ positions: [], lastPosition: null, remainingKm: null, etaAt: null });
    expect(status.lastPositionAt).not.toBeNull();
    await s.company.get(url);
    // The open page re-reading at each update: the same look going on.
    await s.company.get(url);
    await s.company.get(url);
    expect(
      (await t.db.select().from(trackingViews).where(eq(trackingViews.viewerId, s.ids.company)))[0],
    ).toMatchObject({ views: 1 });
    // Two minutes later, another look within the same entry.
    await t.db
      .update(trackingViews)
      .set({ lastViewedAt: new Date(Date.now() - 2 * minute) })
      .where(eq(trackingViews.viewerId, s.ids.company));
    await s.company.get(url);
    await s.admin.get(url);
    const views = await s.driver.get(`${url}/views`);
    expect(views.statusCode).toBe(200);
    expect(views.json()).toHaveLength(2);
    const byRole = Object.fromEntries(
      (views.json() as Array<{ viewerRole: string; views: number; viewerName: string }>).map((view) => [
        view.viewerRole,
        view,
      ]),
    );
    expect(byRole.transporter).toMatchObject({ views: 2, viewerName: 'Claire Martin · Transports Martin' });
    expect(byRole.admin).toMatchObject({ views: 1, viewerName: 'Admin Relais (équipe Relais)' });
    // A look more than 5 minutes after the previous one is a new entry.
    await t.db
      .update(trackingViews)
      .set({ lastViewedAt: new Date(Date.now() - 6 * minute) })
      .where(eq(trackingViews.viewerId, s.ids.company));
    await s.company.get(url);
    expect((await s.driver.get(`${url}/views`)).json()).toHaveLength(3);
    expect((await s.company.get(`${url}/views`)).statusCode).toBe(403);
    expect((await s.admin.get(`${url}/views`)).statusCode).toBe(200);
    expect((await s.otherDriver.get(`${url}/views`)).statusCode).toBe(404);
  });

  it('lists the transporter’s missions in progress, for transporters only, and logs the looks', async () => {
    const s = await scene();
    await s.driver.post(`/api/missions/${s.mission.id}/positions`, { points: route(2) });
    const active = await s.company.get('/api/tracking/active');
    expect(active.statusCode).toBe(200);
    expect(active.json()).toHaveLength(1);
    expect(active.json()[0].lastPosition.latitude).toBeCloseTo(48.756, 6);
    expect((await s.otherCompany.get('/api/tracking/active')).json()).toEqual([]);
    expect((await s.driver.get('/api/tracking/active')).statusCode).toBe(403);
    expect((await s.driver.get(`/api/missions/${s.mission.id}/tracking/views`)).json()).toHaveLength(1);
  });
});

describe('pause', () => {
  it('the driver pauses and resumes; points taken during the pause are refused; others may not', async () => {
    const s = await scene();
    const base = `/api/missions/${s.mission.id}/tracking`;
    expect((await s.company.post(`${base}/pause`)).statusCode).toBe(403);
    expect((await s.otherDriver.post(`${base}/pause`)).statusCode).toBe(404);
    const paused = await s.driver.post(`${base}/pause`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json().paused).toBe(true);
    expect((await s.company.get(base)).json()).toMatchObject({ paused: true });
    // Taken just now, after the pause: not kept. Taken before it (the phone's queue): kept.
    const during = await s.driver.post(`/api/missions/${s.mission.id}/positions`, {
      points: [...route(1, -1000), ...route(1, 5 * minute)],
    });
    expect(during.json()).toMatchObject({ accepted: 1, rejected: 1, paused: true });
    expect((await s.driver.post(`${base}/resume`)).json()).toEqual({ paused: false, pausedAt: null });
    expect((await s.company.get(base)).json().paused).toBe(false);

    const assigned = await scene({ status: 'assigned', startedAt: null });
    expect(
      (await assigned.driver.post(`/api/missions/${assigned.mission.id}/tracking/pause`)).statusCode,
    ).toBe(409);
  });
});

describe('realtime', () => {
  it('tells the transporter (and the driver’s other devices) of new points and of the pause', async () => {
    const s = await scene();
    const port = (t.app.server.address() as AddressInfo).port;
    const connect = async (cookie: string) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
        headers: { cookie: `${SESSION_COOKIE}=${cookie}`, origin: 'http://localhost:5000' },
      });
      const events: RealtimeEvent[] = [];
      ws.on('message', (data) => events.push(JSON.parse(String(data)) as RealtimeEvent));
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      return { ws, events };
    };
    const office = await connect(s.company.cookie!);
    const phone = await connect(s.driver.cookie!);
    const stranger = await connect(s.otherCompany.cookie!);
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 150 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(check()).toBe(true);
    };
    await s.driver.post(`/api/missions/${s.mission.id}/positions`, { points: route(2) });
    const update = (events: RealtimeEvent[], paused: boolean) =>
      events.some((e) => e.type === 'tracking-update' && e.missionId === s.mission.id && e.paused === paused);
    await until(() => update(office.events, false));
    await until(() => update(phone.events, false));
    await s.driver.post(`/api/missions/${s.mission.id}/tracking/pause`);
    await until(() => update(office.events, true));
    // No coordinates travel on the bus: the screens read them (and the look is logged).
    expect(JSON.stringify(office.events)).not.toContain('latitude');
    expect(stranger.events.filter((e) => e.type === 'tracking-update')).toEqual([]);
    for (const socket of [office, phone, stranger]) socket.ws.close();
  });
});

describe('purge', () => {
  it('reduces the points to the trip summary 30 days after the end, not at 29', async () => {
    const old = await scene();
    const recent = await scene();
    for (const s of [old, recent])
      await s.driver.post(`/api/missions/${s.mission.id}/positions`, { points: route(20) });
    const complete = (id: string, daysAgo: number) =>
      t.db
        .update(missions)
        .set({
          status: 'completed',
          deliveredAt: new Date(Date.now() - daysAgo * day - 3_600_000),
          completedAt: new Date(Date.now() - daysAgo * day),
        })
        .where(eq(missions.id, id));
    await complete(old.mission.id, 30.05);
    await complete(recent.mission.id, 29);
    await t.app.jobs.runNow('tracking-purge');

    expect(await stored(old.mission.id)).toBe(0);
    expect(await stored(recent.mission.id)).toBe(20);
    const body = (await old.company.get(`/api/missions/${old.mission.id}/tracking`)).json();
    expect(body.positions).toEqual([]);
    expect(body.purgedAt).not.toBeNull();
    expect(body.summary).toMatchObject({ pointCount: 20, durationMinutes: 19 });
    expect(body.summary.distanceKm).toBeGreaterThan(20);
    expect(body.lastPositionAt).not.toBeNull();
    // Running again changes nothing.
    await t.app.jobs.runNow('tracking-purge');
    expect(
      (await old.company.get(`/api/missions/${old.mission.id}/tracking`)).json().summary.pointCount,
    ).toBe(20);
  });
});
