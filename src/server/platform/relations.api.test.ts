import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relationMessages } from '#core/rules/relations.js';
import { EMAIL_NOT_VERIFIED, emailRequiredMessages } from '#core/schemas/users.js';
import { missionApplications, missions } from '../db/schema/missions.js';
import { missionPayload } from '../test/factories.js';
import { createTestApp, signIn, type TestApp } from '../test/harness.js';

// Who learns what about whom: applicants between themselves, phone numbers, who may write to whom.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const premium = { subscriptionPlan: 'premium' } as const;

/** A transporter's mission with three applicants: one chosen, one set aside, one who withdrew. */
async function chosenAmongThree() {
  const company = await signIn(t, { userType: 'company', phone: '+33145000000' });
  const chosen = await signIn(t, { ...premium, fullName: 'Paul Choisi', phone: '+33611111111' });
  const setAside = await signIn(t, { ...premium, phone: '+33622222222' });
  const withdrew = await signIn(t, { ...premium, phone: '+33633333333' });
  const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id as string;
  const applicationOf: Record<string, string> = {};
  for (const driver of [chosen, setAside, withdrew]) {
    const applied = await driver.agent.post(`/api/missions/${missionId}/apply`, {});
    expect(applied.statusCode).toBe(201);
    applicationOf[driver.user.id] = applied.json().id;
  }
  await withdrew.agent.post(`/api/applications/${applicationOf[withdrew.user.id]}/withdraw`);
  expect(
    (await company.agent.post(`/api/applications/${applicationOf[chosen.user.id]}/accept`)).statusCode,
  ).toBe(200);
  return { company, chosen, setAside, withdrew, missionId };
}

describe('privacy between applicants', () => {
  it('does not tell rejected or withdrawn applicants who was chosen', async () => {
    const { company, chosen, setAside, withdrew, missionId } = await chosenAmongThree();
    for (const other of [setAside, withdrew]) {
      const detail = (await other.agent.get(`/api/missions/${missionId}`)).json();
      expect(detail.mission.status).toBe('assigned');
      expect(detail.mission.driverId).toBeNull();
      expect(detail.mission.driverName).toBeNull();
      expect(JSON.stringify(detail)).not.toContain(chosen.user.id);
      expect(JSON.stringify(detail)).not.toContain('Paul Choisi');
      const mine = (await other.agent.get('/api/applications/mine')).json().items[0];
      expect(mine.mission.driverId).toBeNull();
      expect(JSON.stringify(mine)).not.toContain('Paul Choisi');
    }
    expect((await chosen.agent.get(`/api/missions/${missionId}`)).json().mission.driverId).toBe(
      chosen.user.id,
    );
    expect((await company.agent.get(`/api/missions/${missionId}`)).json().mission.driverName).toBe(
      'Paul Choisi',
    );

    // The chosen driver drops out: the applicants set aside are pending again, and still learn no name.
    await chosen.agent.post(`/api/missions/${missionId}/drop`, { reason: 'Camion immobilisé au garage' });
    const reopened = (await setAside.agent.get(`/api/missions/${missionId}`)).json();
    expect(reopened.myApplication.status).toBe('pending');
    expect(JSON.stringify(reopened)).not.toContain('Paul Choisi');
    // Nor the reason the chosen driver gave, in their own words: that is between the two parties.
    expect(JSON.stringify(reopened)).not.toContain('garage');
    const forCompany = (await company.agent.get(`/api/missions/${missionId}`)).json();
    expect(forCompany.timeline.find((event: { type: string }) => event.type === 'dropped')).toMatchObject({
      actorName: 'Paul Choisi',
      reason: 'Camion immobilisé au garage',
    });
  });

  it('shows phone numbers only to people who work together now, on missions and profiles alike', async () => {
    const { company, chosen, setAside, withdrew, missionId } = await chosenAmongThree();
    const phoneOnMission = async (viewer: typeof chosen) =>
      (await viewer.agent.get(`/api/missions/${missionId}`)).json().company.phone;
    const phoneOnProfile = async (viewer: typeof chosen, id: string) =>
      (await viewer.agent.get(`/api/users/${id}/profile`)).json().phone;

    expect(await phoneOnMission(chosen)).toBe('+33145000000');
    expect(await phoneOnProfile(chosen, company.user.id)).toBe('+33145000000');
    expect(await phoneOnProfile(company, chosen.user.id)).toBe('+33611111111');
    for (const other of [setAside, withdrew]) {
      expect(await phoneOnMission(other)).toBeNull();
      expect(await phoneOnProfile(other, company.user.id)).toBeNull();
      expect(await phoneOnProfile(company, other.user.id)).toBeNull();
    }
    // A pending applicant on an open mission works with the transporter.
    const second = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    await setAside.agent.post(`/api/missions/${second}/apply`, {});
    expect(await phoneOnProfile(setAside, company.user.id)).toBe('+33145000000');
    expect(await phoneOnProfile(company, setAside.user.id)).toBe('+33622222222');

    // Completed more than 30 days ago: they no longer work together.
    await t.db
      .update(missions)
      .set({ status: 'completed', completedAt: sql`now() - interval '31 days'` })
      .where(eq(missions.id, missionId));
    expect(await phoneOnProfile(chosen, company.user.id)).toBeNull();
    expect(await phoneOnMission(chosen)).toBeNull();
  });
});

describe('exact pickups stay hidden from visitors', () => {
  it('measures a visitor’s searches from the rounded point they are shown, never from the exact one', async () => {
    const company = await signIn(t, { userType: 'company' });
    const title = `Quai secret ${Date.now().toString(36)}`;
    await company.agent.post(
      '/api/missions',
      missionPayload({ title, pickupLat: 48.855, pickupLng: 2.345, pickupCity: 'Paris' }),
    );
    const query = `/api/missions/search?q=${encodeURIComponent(title)}&lat=48.855&lng=2.345&radiusKm=1`;
    const visitor = (await t.app.inject({ url: query })).json().items[0];
    expect(visitor).toMatchObject({ pickupLat: 48.86, pickupLng: 2.35 });
    // About 670 m from the searched point to the rounded one: that is all a visitor can learn.
    expect(visitor.distanceKm).toBeGreaterThan(0.5);
    const member = (await company.agent.get(query)).json().items[0];
    expect(member.distanceKm).toBe(0);
    // A circle around the exact point that leaves the rounded one out finds nothing for a visitor.
    const tight = `/api/missions/search?q=${encodeURIComponent(title)}&lat=48.85&lng=2.34&radiusKm=1`;
    expect((await t.app.inject({ url: tight })).json().items).toHaveLength(0);
    expect((await company.agent.get(tight)).json().items).toHaveLength(1);
  });
});

describe('who may write to whom', () => {
  it('lets a set-aside applicant read but not write first; the transporter may invite, then they talk', async () => {
    const { company, chosen, setAside } = await chosenAmongThree();
    const first = await setAside.agent.post(`/api/messages/${company.user.id}`, { content: 'Et pour moi ?' });
    expect(first.statusCode).toBe(403);
    expect(first.json().message).toBe(relationMessages.driverCannotWriteFirst);
    const rights = (await setAside.agent.get(`/api/messages/${company.user.id}/rights`)).json();
    expect(rights).toEqual({ canWrite: false, reason: relationMessages.driverCannotWriteFirst, code: null });
    expect((await setAside.agent.get(`/api/messages/${company.user.id}`)).statusCode).toBe(200);

    const invite = await company.agent.post(`/api/messages/${setAside.user.id}`, {
      content: 'Une autre mission vous intéresserait ?',
    });
    expect(invite.statusCode).toBe(201);
    expect((await setAside.agent.get(`/api/messages/${company.user.id}/rights`)).json().canWrite).toBe(true);
    expect(
      (await setAside.agent.post(`/api/messages/${company.user.id}`, { content: 'Oui, volontiers.' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await chosen.agent.post(`/api/messages/${company.user.id}`, { content: 'Je serai là à 6 h.' }))
        .statusCode,
    ).toBe(201);
  });

  it('keeps strangers apart', async () => {
    const company = await signIn(t, { userType: 'company' });
    const stranger = await signIn(t, premium);
    const response = await stranger.agent.post(`/api/messages/${company.user.id}`, { content: 'Bonjour' });
    expect(response.statusCode).toBe(403);
    const invited = await company.agent.post(`/api/messages/${stranger.user.id}`, { content: 'Bonjour' });
    expect(invited.statusCode).toBe(403);
  });
});

describe('an unconfirmed e-mail address', () => {
  it('cannot publish, apply or write a first message; the API says so with a code the screens act on', async () => {
    const newcomer = await signIn(t, { userType: 'company', emailVerified: false });
    const publish = await newcomer.agent.post('/api/missions', missionPayload());
    expect(publish.statusCode).toBe(403);
    expect(publish.json()).toEqual({ message: emailRequiredMessages.publish, code: EMAIL_NOT_VERIFIED });

    const company = await signIn(t, { userType: 'company' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    const driver = await signIn(t, { ...premium, emailVerified: false });
    const detail = (await driver.agent.get(`/api/missions/${missionId}`)).json();
    expect(detail).toMatchObject({ canApply: false, applyBlockedReason: emailRequiredMessages.apply });
    const apply = await driver.agent.post(`/api/missions/${missionId}/apply`, {});
    expect(apply.statusCode).toBe(403);
    expect(apply.json()).toEqual({ message: emailRequiredMessages.apply, code: EMAIL_NOT_VERIFIED });

    // An application made before (say, an address changed since): a first message still needs the confirmation.
    await t.db.insert(missionApplications).values({ missionId, driverId: driver.user.id });
    const first = await driver.agent.post(`/api/messages/${company.user.id}`, {
      content: 'Bonjour',
      missionId,
    });
    expect(first.statusCode).toBe(403);
    expect(first.json().code).toBe(EMAIL_NOT_VERIFIED);
    expect((await driver.agent.get(`/api/messages/${company.user.id}/rights`)).json()).toEqual({
      canWrite: false,
      reason: emailRequiredMessages.message,
      code: EMAIL_NOT_VERIFIED,
    });
    await company.agent.post(`/api/messages/${driver.user.id}`, {
      content: 'Bonjour, dispo demain ?',
      missionId,
    });
    expect(
      (await driver.agent.post(`/api/messages/${company.user.id}`, { content: 'Oui', missionId })).statusCode,
    ).toBe(201);
  });
});
