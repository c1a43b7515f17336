import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverCalendars } from '../../db/schema/documents.js';
import { users, type NewUser } from '../../db/schema/users.js';
import { createUser, insertMission, missionPayload, TEST_PASSWORD } from '../../test/factories.js';
import { Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { addDays, parisToday } from '#core/rules/days.js';

/** What a hostile member or visitor tries on availability (decision 020), and what must hold. */

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logTo: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  });
});
afterAll(async () => {
  await t.close();
});

const inDays = (days: number) => addDays(parisToday(), days);
const paris = { currentLocation: 'Paris', currentLat: '48.856600', currentLng: '2.352200' };
const driver = (overrides: Partial<NewUser> = {}) =>
  signIn(t, { userType: 'driver', ...paris, ...overrides });

async function visibleOn(day: string, overrides: Partial<NewUser> = {}) {
  const who = await driver(overrides);
  await who.agent.put('/api/availability/settings', { visibleToTransporters: true });
  const set = await who.agent.put(`/api/availability/${day}`, {
    status: 'available',
    notes: 'Note privée 42',
  });
  expect(set.statusCode, set.body).toBe(200);
  return who;
}

describe('the transporters’ search', () => {
  it('never offers a demo, suspended or deleted account, nor private fields', async () => {
    const day = inDays(5);
    await visibleOn(day, { fullName: 'Vrai Chauffeur', phone: '+33611112222' });
    await visibleOn(day, { fullName: 'Démo Chauffeur', isDemo: true });
    const suspended = await visibleOn(day, { fullName: 'Suspendu Chauffeur' });
    const deleted = await visibleOn(day, { fullName: 'Parti Chauffeur' });
    await t.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, suspended.user.id));
    const gone = await deleted.agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    expect(gone.statusCode, gone.body).toBe(200);

    const { agent: transporter } = await signIn(t, { userType: 'company' });
    const response = await transporter.get(`/api/availability/drivers?date=${day}`);
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json().drivers as Array<Record<string, unknown>>;
    expect(found.map((row) => row.fullName)).toEqual(['Vrai Chauffeur']);
    expect(Object.keys(found[0]!).sort()).toEqual(
      [
        'avatar',
        'averageRating',
        'city',
        'distanceKm',
        'endTime',
        'fullName',
        'id',
        'licenseType',
        'reputationScore',
        'reviewCount',
        'startTime',
        'status',
        'vehicleTypes',
        'yearsExperience',
      ].sort(),
    );
    expect(response.body).not.toContain('+33611112222');
    expect(response.body).not.toContain('Note privée');
    expect(response.body).not.toContain('@');
  });

  it('looks at days to come only: a driver’s past days are not for transporters to browse', async () => {
    const { agent: transporter } = await signIn(t, { userType: 'company' });
    const past = await transporter.get(`/api/availability/drivers?date=${inDays(-3)}`);
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.date).toBe('Cherchez un jour à venir');
    const far = await transporter.get(`/api/availability/drivers?date=${inDays(400)}`);
    expect(far.statusCode).toBe(400);
    expect(far.json().errors.date).toBe('Cherchez au plus un an à l’avance');
    expect((await transporter.get(`/api/availability/drivers?date=${inDays(0)}`)).statusCode).toBe(200);
  });

  it('takes a point given to the last digit a float holds (5e-324) as the same point rounded, never a 500', async () => {
    const { agent: transporter } = await signIn(t, { userType: 'company' });
    const tiny = await transporter.get(
      `/api/availability/drivers?date=${inDays(1)}&lat=5e-324&lng=-179.99999999999952&radiusKm=161`,
    );
    expect(tiny.statusCode, tiny.body).toBe(200);
    const search = await transporter.get('/api/missions/search?lat=5e-324&lng=4.9e-324&radiusKm=50');
    expect(search.statusCode, search.body).toBe(200);
  });
});

describe('the ICS feed', () => {
  it('keeps its secret out of the logs and its notes inside their event', async () => {
    const { agent, user } = await driver();
    await agent.put(`/api/availability/${inDays(2)}`, {
      status: 'unavailable',
      notes: 'Congés\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Piège',
    });
    const url = (await agent.post('/api/availability/ics')).json().url as string;
    const token = /ics\/([^/]+)\.ics$/.exec(url)![1]!;
    const before = logLines.length;
    const feed = await new Agent(t.app).get(new URL(url).pathname);
    expect(feed.statusCode).toBe(200);
    const written = logLines.slice(before).join('\n');
    expect(written).toContain('/api/availability/ics/');
    expect(written).not.toContain(token);
    // One event for the day: the note's lines are escaped, not new calendar lines.
    expect(feed.body.match(/^BEGIN:VEVENT/gm)).toHaveLength(1);
    expect(feed.body).not.toMatch(/^SUMMARY:Piège/m);
    // Nothing of the secret's hash in any answer the driver gets.
    const [row] = await t.db.select().from(driverCalendars).where(eq(driverCalendars.driverId, user.id));
    const settings = await agent.get('/api/availability/settings');
    expect(settings.body).not.toContain(row!.icsTokenHash!);
    const exported = await agent.get('/api/account/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(row!.icsTokenHash!);
  });

  it('shows the driver’s missions without the transporter’s contact details, and dies with the account', async () => {
    const { agent, user } = await driver();
    const owner = await createUser(t.db, {
      userType: 'company',
      phone: '+33699998888',
      email: 'exploitation-secrete@transports.fr',
    });
    // Done two days ago (a mission under way would hold the account open).
    await insertMission(t.db, { companyId: owner.id, driverId: user.id });
    const path = new URL((await agent.post('/api/availability/ics')).json().url as string).pathname;
    const feed = await new Agent(t.app).get(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('Livraison frigo');
    expect(feed.body).not.toContain('+33699998888');
    expect(feed.body).not.toContain('exploitation-secrete');
    const gone = await agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await new Agent(t.app).get(path)).statusCode).toBe(404);
  });
});

describe('applying on a day marked unavailable', () => {
  it('asks too when the unavailable day is not the first of the mission', async () => {
    const { agent: transporter } = await signIn(t, { userType: 'company' });
    const start = new Date(`${inDays(4)}T08:00:00+01:00`);
    const published = await transporter.post(
      '/api/missions',
      missionPayload({
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
      }),
    );
    expect(published.statusCode, published.body).toBe(201);
    const missionId = published.json().mission.id as string;
    const { agent } = await driver();
    await agent.put(`/api/availability/${inDays(5)}`, { status: 'unavailable' });
    const asked = await agent.post(`/api/missions/${missionId}/apply`, {});
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json().code).toBe('availability_unavailable');
    const confirmed = await agent.post(`/api/missions/${missionId}/apply`, { confirmUnavailable: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
  });
});
