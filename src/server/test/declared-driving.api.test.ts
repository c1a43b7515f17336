import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisToday } from '#core/rules/days.js';
import { DRIVING_TIME_REFUSED } from '#core/schemas/missions.js';
import { declaredDriving } from '../db/schema/driving.js';
import { insertMission, TEST_PASSWORD } from './factories.js';
import { Agent, createTestApp, signIn, type TestApp } from './harness.js';

/**
 * Driving declared outside Relais (decision 053): the driver sets and clears their days (today back to 28 days, 0 to
 * 15 h), alone; the driving-time verdict at application and acceptance counts them — the transport company reads
 * the verdict, never the days.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const today = () => parisToday();
const url = (date: string) => `/api/availability/driving/${date}`;

/** Rungis → Lyon, about 7 h 50 at the wheel by the estimate, tomorrow 06:00–18:00 (Paris, winter or summer). */
function rungisToLyonTomorrow(companyId: string) {
  const tomorrow = addDays(today(), 1);
  return insertMission(t.db, {
    companyId,
    status: 'available',
    pickupLat: '48.746000',
    pickupLng: '2.350000',
    deliveryLat: '45.750000',
    deliveryLng: '4.850000',
    startDate: new Date(`${tomorrow}T05:00:00Z`),
    endDate: new Date(`${tomorrow}T17:00:00Z`),
  });
}

/** 12 h declared on each of the seven days up to today: all in the mission's week or the one before. */
async function declareLastWeek(agent: Agent, note?: string) {
  for (let back = 0; back < 7; back++) {
    const declared = await agent.put(url(addDays(today(), -back)), { drivingMinutes: 12 * 60, note });
    expect(declared.statusCode, declared.body).toBe(200);
  }
}

describe('declaring driving done outside Relais', () => {
  it('sets, replaces, lists and clears a day', async () => {
    const { agent } = await signIn(t, { userType: 'driver' });
    const day = addDays(today(), -3);
    const set = await agent.put(url(day), { drivingMinutes: 270, note: 'Tournée Transports Martin' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ date: day, drivingMinutes: 270, note: 'Tournée Transports Martin' });
    expect((await agent.put(url(day), { drivingMinutes: 300 })).json()).toEqual({
      date: day,
      drivingMinutes: 300,
      note: null,
    });
    expect((await agent.put(url(today()), { drivingMinutes: 0 })).statusCode).toBe(200);
    const list = (await agent.get('/api/availability/driving')).json();
    expect(list).toMatchObject({ today: today(), firstDay: addDays(today(), -28) });
    expect(list.days).toEqual([
      { date: day, drivingMinutes: 300, note: null },
      { date: today(), drivingMinutes: 0, note: null },
    ]);
    expect((await agent.delete(url(day))).statusCode).toBe(204);
    expect((await agent.get('/api/availability/driving')).json().days).toEqual([
      { date: today(), drivingMinutes: 0, note: null },
    ]);
  });

  it('refuses a future day, a day more than 28 days back, and durations outside 0–15 h, in French', async () => {
    const { agent } = await signIn(t, { userType: 'driver' });
    const refusals = [
      [url(addDays(today(), 1)), { drivingMinutes: 60 }, 'date', /aujourd’hui au plus tard/],
      [url(addDays(today(), -29)), { drivingMinutes: 60 }, 'date', /Au plus 28 jours en arrière/],
      [url(today()), { drivingMinutes: 15 * 60 + 1 }, 'drivingMinutes', /Au plus 15 h de conduite/],
      [url(today()), { drivingMinutes: -1 }, 'drivingMinutes', /entre 0 et 15 h/],
      [url(today()), { drivingMinutes: 90.5 }, 'drivingMinutes', /entre 0 et 15 h/],
      [url(today()), { drivingMinutes: '90' }, 'drivingMinutes', /entre 0 et 15 h/],
      [url(today()), { drivingMinutes: 90, note: 'x'.repeat(201) }, 'note', /200 caractères/],
      ['/api/availability/driving/2026-02-30', { drivingMinutes: 60 }, 'date', /Date invalide/],
    ] as const;
    for (const [path, body, field, message] of refusals) {
      const response = await agent.put(path, body);
      expect(response.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().errors[field]).toMatch(message);
    }
    // The bounds themselves are accepted: 28 days back, 15 h.
    expect((await agent.put(url(addDays(today(), -28)), { drivingMinutes: 900 })).statusCode).toBe(200);
    expect((await agent.delete(url(addDays(today(), 1)))).statusCode).toBe(400);
    expect((await agent.get('/api/availability/driving')).json().days).toHaveLength(1);
  });

  it('is the driver’s alone: another driver neither reads nor clears it, a company and a visitor are refused', async () => {
    const mine = await signIn(t, { userType: 'driver' });
    const other = await signIn(t, { userType: 'driver' });
    const company = await signIn(t, { userType: 'company' });
    await mine.agent.put(url(today()), { drivingMinutes: 120, note: 'Navette Leclerc' });
    expect((await other.agent.get('/api/availability/driving')).json().days).toEqual([]);
    // Clearing "the same day" clears their own (nothing), not mine.
    expect((await other.agent.delete(url(today()))).statusCode).toBe(204);
    expect((await mine.agent.get('/api/availability/driving')).json().days).toHaveLength(1);
    for (const agent of [company.agent, new Agent(t.app)]) {
      const expected = agent === company.agent ? 403 : 401;
      expect((await agent.get('/api/availability/driving')).statusCode).toBe(expected);
      expect((await agent.put(url(today()), { drivingMinutes: 60 })).statusCode).toBe(expected);
      expect((await agent.delete(url(today()))).statusCode).toBe(expected);
    }
  });
});

describe('what is kept of the declared days', () => {
  it('goes with the account, and is in its export', async () => {
    const { user, agent } = await signIn(t, { userType: 'driver' });
    await declareLastWeek(agent, 'Tournée Transports Martin');
    const exported = await agent.get('/api/account/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json().declaredDriving).toHaveLength(7);
    const deleted = await agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await t.db.select().from(declaredDriving).where(eq(declaredDriving.driverId, user.id))).toEqual(
      [],
    );
  });
});

describe('the driving-time verdict counts the declared driving', () => {
  it('84 h declared over the last seven days: a 7 h 50 mission tomorrow breaks the fortnight; the company needs a reason and never reads the days', async () => {
    const driver = await signIn(t, { userType: 'driver' });
    const company = await signIn(t, { userType: 'company' });
    const mission = await rungisToLyonTomorrow(company.user.id);
    const sheet = async () => (await driver.agent.get(`/api/missions/${mission.id}`)).json();
    const before = (await sheet()).drivingTimeForMe;
    expect(before).toMatchObject({ ok: true, sentences: [] });

    await declareLastWeek(driver.agent, 'Tournée Transports Martin');
    const after = (await sheet()).drivingTimeForMe;
    expect(after.ok).toBe(false);
    expect(after.sentences.join(' ')).toMatch(/article 6, paragraphe 3/);

    expect((await driver.agent.post(`/api/missions/${mission.id}/apply`, {})).statusCode).toBe(201);
    const seen = await company.agent.get(`/api/missions/${mission.id}`);
    const [application] = seen.json().applications;
    expect(application.drivingTime.ok).toBe(false);
    expect(application.drivingTime.sentences.join(' ')).toMatch(/ce chauffeur/);
    // The verdict, not the declarations: no day, no note in what the company reads.
    expect(seen.body).not.toContain('Tournée Transports Martin');
    expect(seen.body).not.toContain(addDays(today(), -3));
    const refused = await company.agent.post(`/api/applications/${application.id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: DRIVING_TIME_REFUSED });
    const chosen = await company.agent.post(`/api/applications/${application.id}/accept`, {
      overrideReason: 'Double équipage : un second conducteur prend le volant à Mâcon.',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
  });

  it('cleared, the declared days no longer count', async () => {
    const driver = await signIn(t, { userType: 'driver' });
    const company = await signIn(t, { userType: 'company' });
    const mission = await rungisToLyonTomorrow(company.user.id);
    await declareLastWeek(driver.agent);
    const verdict = async () =>
      (await driver.agent.get(`/api/missions/${mission.id}`)).json().drivingTimeForMe;
    expect((await verdict()).ok).toBe(false);
    for (let back = 0; back < 7; back++) await driver.agent.delete(url(addDays(today(), -back)));
    expect((await verdict()).ok).toBe(true);
  });
});
