import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewUser } from '../../db/schema/users.js';
import { createUser, missionPayload } from '../../test/factories.js';
import { Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = (overrides: Partial<NewUser> = {}) => signIn(t, overrides);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const upload = (agent: Agent, body: Buffer, type: string) =>
  agent.request({
    method: 'POST',
    url: '/api/profile/avatar',
    payload: body,
    headers: { 'content-type': type },
  });

describe('my profile', () => {
  it('lets a driver set licence, vehicles and home city (placed on the map)', async () => {
    const { agent } = await signedIn();
    const response = await agent.put('/api/profile', {
      fullName: 'Jean Routier',
      phone: '06 11 22 33 44',
      licenseType: 'C',
      yearsExperience: 12,
      vehicleTypes: ['porteur', 'benne'],
      certifications: ['FIMO'],
      currentLocation: 'Lyon',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      phone: '+33611223344',
      licenseType: 'C',
      yearsExperience: 12,
      vehicleTypes: ['porteur', 'benne'],
      currentLocation: 'Lyon',
    });
    const me = (await agent.get('/api/auth/me')).json();
    expect(me.licenseType).toBe('C');
  });

  it('refuses the other role’s fields and bad values in French', async () => {
    const driver = await signedIn();
    const foreign = await driver.agent.put('/api/profile', {
      fullName: 'Jean Routier',
      phone: '0611223344',
      companyName: 'Ma boîte',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ companyName: 'Ce champ ne concerne pas votre type de compte' });
    const company = await signedIn({ userType: 'company' });
    const siret = await company.agent.put('/api/profile', {
      fullName: 'Claire Martin',
      phone: '0611223344',
      siretNumber: '73282932000075',
    });
    expect(siret.json().errors).toEqual({
      siretNumber: 'Numéro SIRET invalide : la clé de contrôle ne correspond pas',
    });
    expect((await new Agent(t.app).put('/api/profile', {})).statusCode).toBe(401);
  });

  it('stores an avatar image on disk and serves it; refuses what is not an image', async () => {
    const { agent } = await signedIn();
    const saved = await upload(agent, PNG, 'image/png');
    expect(saved.statusCode).toBe(200);
    const url = saved.json().avatar as string;
    expect(url).toMatch(/^\/api\/files\/avatars\/[\w-]+\.png$/);
    const served = await agent.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const fake = await upload(agent, Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('Choisissez une image PNG, JPEG ou WebP');
    const huge = await upload(agent, Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]), 'image/png');
    expect(huge.statusCode).toBe(413);
    // The previous file is removed when a new one replaces it.
    const again = await upload(agent, PNG, 'image/png');
    expect((await agent.get(url)).statusCode).toBe(404);
    expect((await agent.get(again.json().avatar)).statusCode).toBe(200);
  });
});

describe('public profile', () => {
  it('shows the phone only to someone who works with the member', async () => {
    const company = await signedIn({ userType: 'company' });
    const driver = await signedIn({ subscriptionPlan: 'premium' });
    const url = `/api/users/${driver.user.id}/profile`;
    const anonymous = await new Agent(t.app).get(url);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({ fullName: 'Jean Routier', role: 'driver', phone: null });
    expect(anonymous.json()).not.toHaveProperty('email');
    expect((await company.agent.get(url)).json().phone).toBeNull();
    const mission = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    await driver.agent.post(`/api/missions/${mission}/apply`, {});
    expect((await company.agent.get(url)).json().phone).toBe('+33612345678');
    const stranger = await signedIn({ userType: 'company' });
    expect((await stranger.agent.get(url)).json().phone).toBeNull();
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    expect((await new Agent(t.app).get(`/api/users/${admin.id}/profile`)).statusCode).toBe(404);
  });
});
