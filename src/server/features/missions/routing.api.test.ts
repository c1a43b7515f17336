import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routedDriving } from '#core/rules/driving-time-estimate.js';
import { missions } from '../../db/schema/missions.js';
import { missionPayload } from '../../test/factories.js';
import { createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { OsrmServer } from '../../test/osrm-server.js';

/**
 * The road distance from a routing service (decision 054): with ROUTING_URL set, a published mission is routed by a
 * queued job against a local OSRM-compatible server, its figures stored and shown (sheet, search) as « par la
 * route », and counted by the driving-time check; a service down, slow or without a road leaves the estimate.
 */
let t: TestApp;
let osrm: OsrmServer;
beforeAll(async () => {
  osrm = await new OsrmServer().start();
  t = await createTestApp({
    env: { JOBS_WORKER: 'true', ROUTING_URL: `${osrm.url}/`, ROUTING_TIMEOUT_MS: '500' },
  });
});
afterAll(async () => {
  await t?.close();
  await osrm?.stop();
});
beforeEach(() => {
  osrm.mode = 'ok';
});

const ROUTE_JOB = 'mission-route';

/** Waits until every routing job of the mission has ended (the handler returned). */
async function routed(missionId: string, runs = 1) {
  await vi.waitFor(
    async () => {
      const jobs = await t.db.execute<{ state: string }>(
        sql`select state::text from pgboss.job where name = ${ROUTE_JOB} and data->>'missionId' = ${missionId}`,
      );
      expect(jobs.rows.map((row) => row.state)).toEqual(Array.from({ length: runs }, () => 'completed'));
    },
    { timeout: 30_000, interval: 100 },
  );
  const [row] = await t.db.select().from(missions).where(eq(missions.id, missionId));
  return row!;
}

async function publish(overrides: Record<string, unknown> = {}) {
  const company = await signIn(t, { userType: 'company' });
  const response = await company.agent.post('/api/missions', missionPayload(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return { company, mission: response.json().mission as { id: string } };
}

const tripOf = (row: typeof missions.$inferSelect) =>
  OsrmServer.trip(
    { lat: Number(row.pickupLat), lng: Number(row.pickupLng) },
    { lat: Number(row.deliveryLat), lng: Number(row.deliveryLng) },
  );

describe('a routing service configured', () => {
  it('routes a published mission: the figures stored, shown « par la route » on the sheet and in the search', async () => {
    const { mission } = await publish();
    const row = await routed(mission.id);
    const trip = tripOf(row);
    expect(osrm.asked).toContainEqual(
      `/route/v1/driving/${Number(row.pickupLng)},${Number(row.pickupLat)};${Number(row.deliveryLng)},${Number(row.deliveryLat)}?overview=false`,
    );
    // The fake's car at 90 km/h is faster than a truck: the distance at 65 km/h is the driving counted.
    const expected = routedDriving({ distanceMetres: trip.distance, durationSeconds: trip.duration });
    expect(expected.drivingMinutes).toBe(Math.ceil((trip.distance / 1000 / 65) * 60));
    expect(row).toMatchObject({
      routedKm: expected.distanceKm,
      routedDrivingMinutes: expected.drivingMinutes,
    });
    expect(row.routedAt).toBeInstanceOf(Date);
    // Not the estimate: the fake's roads are the straight line × 1.2, not × 1.3.
    expect(row.routedKm).not.toBe(row.routeKm);

    const route = {
      distanceKm: expected.distanceKm,
      drivingMinutes: expected.drivingMinutes,
      source: 'routing',
    };
    const driver = await signIn(t, { userType: 'driver' });
    expect((await driver.agent.get(`/api/missions/${mission.id}`)).json().mission.route).toEqual(route);
    // The search writes the same (its JSON comes from PostgreSQL).
    const found = await vi.waitFor(
      async () => {
        const page = (await driver.agent.get('/api/missions/search?q=Rungis&pageSize=50')).json();
        const item = page.items.find((one: { id: string }) => one.id === mission.id);
        expect(item?.route).toEqual(route);
        return item;
      },
      { timeout: 10_000, interval: 500 },
    );
    expect(found.route.source).toBe('routing');
  });

  it('the driving-time check counts the routed figure, not the estimate', async () => {
    const { mission } = await publish();
    const row = await routed(mission.id);
    const driver = await signIn(t, { userType: 'driver' });
    const sheet = (await driver.agent.get(`/api/missions/${mission.id}`)).json();
    expect(sheet.drivingTimeForMe.weekDrivingMinutes).toBe(row.routedDrivingMinutes);
    expect(row.routedDrivingMinutes).not.toBe(row.routeDrivingMinutes);
  });

  it('an edit moving a point forgets the old route and asks again; an edit keeping them keeps it', async () => {
    const { company, mission } = await publish();
    const first = await routed(mission.id);
    const kept = await company.agent.put(`/api/missions/${mission.id}`, missionPayload({ price: '450' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await routed(mission.id, 2)).routedKm).toBe(first.routedKm);

    const moved = await company.agent.put(
      `/api/missions/${mission.id}`,
      missionPayload({ deliveryAddress: 'Port Édouard Herriot, 69007 Lyon' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const again = await routed(mission.id, 3);
    expect(again.deliveryLat).not.toBe(first.deliveryLat);
    const trip = tripOf(again);
    expect(again.routedKm).toBe(
      routedDriving({ distanceMetres: trip.distance, durationSeconds: trip.duration }).distanceKm,
    );
  });

  for (const mode of ['down', 'slow', 'noroute'] as const)
    it(`a service ${mode === 'down' ? 'down' : mode === 'slow' ? 'too slow' : 'finding no road'}: the estimate stays`, async () => {
      osrm.mode = mode;
      const { mission } = await publish();
      const row = await routed(mission.id);
      expect(row).toMatchObject({ routedKm: null, routedDrivingMinutes: null, routedAt: null });
      const sheet = (
        await (await signIn(t, { userType: 'driver' })).agent.get(`/api/missions/${mission.id}`)
      ).json();
      expect(sheet.mission.route).toEqual({
        distanceKm: row.routeKm,
        drivingMinutes: row.routeDrivingMinutes,
        source: 'estimate',
      });
    });
});
