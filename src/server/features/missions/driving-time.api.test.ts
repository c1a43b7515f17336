import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missionDriving } from '#core/rules/driving-time-estimate.js';
import { DRIVING_TIME_REFUSED } from '#core/schemas/missions.js';
import { missionEvents, missions } from '../../db/schema/missions.js';
import { insertMission } from '../../test/factories.js';
import { createTestApp, signIn, type TestApp } from '../../test/harness.js';

/**
 * The driving-time rules (Regulation (EC) No 561/2006) where people decide: the driver reads at application where
 * a mission would take their driving, the transport company reads the same verdict on the applicant and cannot
 * choose a driver past a limit without a reason, which the mission's timeline keeps.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const RUNGIS = { pickupLat: '48.746000', pickupLng: '2.350000' };
const LESQUIN = { deliveryLat: '50.589000', deliveryLng: '3.111000' };
const LYON = { deliveryLat: '45.750000', deliveryLng: '4.850000' };

/** Tomorrow at `hour`:00 UTC. */
const tomorrowAt = (hour: number) => {
  const day = new Date(Date.now() + 86_400_000);
  day.setUTCHours(hour, 0, 0, 0);
  return day;
};

async function scene() {
  const driver = await signIn(t, { userType: 'driver' });
  const held = await signIn(t, { userType: 'company' });
  const company = await signIn(t, { userType: 'company' });
  // Held: tomorrow 05:00–11:00, Rungis → Lesquin (about 4 h 15 at the wheel).
  await insertMission(t.db, {
    companyId: held.user.id,
    driverId: driver.user.id,
    status: 'assigned',
    ...RUNGIS,
    ...LESQUIN,
    startDate: tomorrowAt(5),
    endDate: tomorrowAt(11),
  });
  // Offered the same afternoon: Rungis → Lyon (about 7 h 50 at the wheel), the day past 10 h.
  const long = await insertMission(t.db, {
    companyId: company.user.id,
    status: 'available',
    title: 'Semi Rungis → Lyon',
    ...RUNGIS,
    ...LYON,
    startDate: tomorrowAt(12),
    endDate: tomorrowAt(22),
  });
  return { driver, company, missionId: long.id };
}

describe('the driving-time rules at application and acceptance', () => {
  it('the driver reads the verdict; the company is refused without a reason, then chooses with one, logged', async () => {
    const { driver, company, missionId } = await scene();
    const sheet = (await driver.agent.get(`/api/missions/${missionId}`)).json();
    expect(sheet.canApply).toBe(true);
    expect(sheet.drivingTimeForMe.ok).toBe(false);
    expect(sheet.drivingTimeForMe.sentences.join(' ')).toMatch(/article 6, paragraphe 1/);
    expect(sheet.drivingTimeForMe.sentences.join(' ')).toMatch(
      /Cette mission porterait à .+ votre conduite de la journée/,
    );
    // Applying stays the driver's choice.
    const applied = await driver.agent.post(`/api/missions/${missionId}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(201);

    const seen = (await company.agent.get(`/api/missions/${missionId}`)).json();
    const [application] = seen.applications;
    expect(application.drivingTime.ok).toBe(false);
    expect(application.drivingTime.sentences.join(' ')).toMatch(/ce chauffeur/);
    const refused = await company.agent.post(`/api/applications/${application.id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: DRIVING_TIME_REFUSED });
    expect(refused.json().message).toMatch(/^Retenir ce chauffeur lui ferait dépasser les temps de conduite/);
    const [still] = await t.db.select().from(missions).where(eq(missions.id, missionId));
    expect(still).toMatchObject({ status: 'available', driverId: null });

    const reason = 'Double équipage : un second conducteur prend le volant à Mâcon.';
    const chosen = await company.agent.post(`/api/applications/${application.id}/accept`, {
      overrideReason: reason,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const events = await t.db.select().from(missionEvents).where(eq(missionEvents.missionId, missionId));
    const override = events.find((event) => event.type === 'driving_time_override');
    expect(override?.reason).toContain(reason);
    expect(override?.actorId).toBe(company.user.id);
  });

  it('a mission that fits: no sentence, the week’s figures, and the company chooses without a reason', async () => {
    const driver = await signIn(t, { userType: 'driver' });
    const company = await signIn(t, { userType: 'company' });
    const fits = await insertMission(t.db, {
      companyId: company.user.id,
      status: 'available',
      ...RUNGIS,
      ...LESQUIN,
      startDate: tomorrowAt(6),
      endDate: tomorrowAt(14),
    });
    const sheet = (await driver.agent.get(`/api/missions/${fits.id}`)).json();
    expect(sheet.drivingTimeForMe).toMatchObject({ ok: true, sentences: [], weekLimitMinutes: 56 * 60 });
    expect(sheet.drivingTimeForMe.weekDrivingMinutes).toBeGreaterThanOrEqual(240);
    expect((await driver.agent.post(`/api/missions/${fits.id}/apply`, {})).statusCode).toBe(201);
    const [application] = (await company.agent.get(`/api/missions/${fits.id}`)).json().applications;
    expect(application.drivingTime.ok).toBe(true);
    const accepted = await company.agent.post(`/api/applications/${application.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});

describe('the estimated route of a mission', () => {
  it('is what core missionDriving gives, written by PostgreSQL for every mission placed (200 random trips)', async () => {
    const company = await signIn(t, { userType: 'company' });
    // A seeded generator: the same trips on every run, across metropolitan France and beyond.
    let seed = 561;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const trips = Array.from({ length: 200 }, () => ({
      pickup: { latitude: 41 + next() * 10, longitude: -5 + next() * 15 },
      delivery: { latitude: 41 + next() * 10, longitude: -5 + next() * 15 },
    }));
    for (const trip of trips) {
      const row = await insertMission(t.db, {
        companyId: company.user.id,
        status: 'available',
        pickupLat: trip.pickup.latitude.toFixed(6),
        pickupLng: trip.pickup.longitude.toFixed(6),
        deliveryLat: trip.delivery.latitude.toFixed(6),
        deliveryLng: trip.delivery.longitude.toFixed(6),
      });
      const placed = {
        pickup: { latitude: Number(row.pickupLat), longitude: Number(row.pickupLng) },
        delivery: { latitude: Number(row.deliveryLat), longitude: Number(row.deliveryLng) },
      };
      const expected = missionDriving({ source: 'estimate', ...placed });
      expect(
        { distanceKm: row.routeKm, drivingMinutes: row.routeDrivingMinutes },
        JSON.stringify(placed),
      ).toEqual({
        distanceKm: expected.distanceKm,
        drivingMinutes: expected.drivingMinutes,
      });
    }
    // Without a point, no route.
    const unplaced = await insertMission(t.db, {
      companyId: company.user.id,
      status: 'available',
      deliveryLat: null,
      deliveryLng: null,
    });
    expect(unplaced).toMatchObject({ routeKm: null, routeDrivingMinutes: null });
    const sheet = (await company.agent.get(`/api/missions/${unplaced.id}`)).json();
    expect(sheet.mission.route).toBeNull();
  });
});
