import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewUser } from '../../db/schema/users.js';
import { createStorage } from '../../platform/storage.js';
import { createUser, missionPayload, multipartBody } from '../../test/factories.js';
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
    ...multipartBody({}, [{ field: 'image', name: 'photo', bytes: body, type }]),
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

  it('lets a driver give their register number (printed on transport orders), checked, and clear it', async () => {
    const { agent } = await signedIn();
    const base = { fullName: 'Jean Routier', phone: '06 11 22 33 44' };
    const saved = await agent.put('/api/profile', { ...base, transportRegisterNumber: ' 2024/84/ 0012345 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().transportRegisterNumber).toBe('2024/84/ 0012345');
    expect((await agent.get('/api/auth/me')).json().transportRegisterNumber).toBe('2024/84/ 0012345');
    // Left out: unchanged; emptied: cleared.
    expect((await agent.put('/api/profile', base)).json().transportRegisterNumber).toBe('2024/84/ 0012345');
    for (const wrong of ['12345', 'licence n°1234567', '<script>1234567'])
      expect(
        (await agent.put('/api/profile', { ...base, transportRegisterNumber: wrong })).json().errors,
      ).toEqual({
        transportRegisterNumber:
          'Numéro d’inscription invalide : recopiez-le tel qu’il figure sur votre licence de transport (chiffres, lettres, « / » ou « - »)',
      });
    const cleared = await agent.put('/api/profile', { ...base, transportRegisterNumber: '' });
    expect(cleared.json().transportRegisterNumber).toBeNull();
    // A transporter's own register is not asked here: the field belongs to the carrier driver.
    const company = await signedIn({ userType: 'company' });
    const refused = await company.agent.put('/api/profile', {
      fullName: 'Claire Martin',
      phone: '0611223344',
      transportRegisterNumber: '2024/84/0012345',
    });
    expect(refused.json().errors).toEqual({
      transportRegisterNumber: 'Ce champ ne concerne pas votre type de compte',
    });
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
    // Re-encoded (metadata stripped), so the same picture rather than the same bytes.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    const fake = await upload(agent, Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().errors.image).toBe('Choisissez une image PNG, JPEG ou WebP');
    const huge = await upload(agent, Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]), 'image/png');
    expect(huge.statusCode).toBe(413);
    // The previous file is removed when a new one replaces it.
    const again = await upload(agent, PNG, 'image/png');
    expect((await agent.get(url)).statusCode).toBe(404);
    expect((await agent.get(again.json().avatar)).statusCode).toBe(200);
  });

  it('keeps no EXIF of a photo (position, camera) and turns it upright', async () => {
    const { agent } = await signedIn();
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'Canon', Model: 'EOS 5D' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 24/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 3/1',
        },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('Canon');
    const saved = await upload(agent, photo, 'image/jpeg');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().avatar).toMatch(/^\/api\/files\/avatars\/[\w-]+\.jpg$/);
    const key = saved.json().avatar.replace('/api/files/', '');
    const stored = await createStorage(t.config).get(key);
    for (const bytes of [stored!, (await agent.get(saved.json().avatar)).rawPayload]) {
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 20, 40]);
      expect(bytes.toString('latin1')).not.toContain('Canon');
    }
  });

  it('goes by the bytes, not the declared type, and refuses a damaged image', async () => {
    const { agent } = await signedIn();
    const declaredJpeg = await upload(agent, PNG, 'image/jpeg');
    expect(declaredJpeg.statusCode).toBe(200);
    expect(declaredJpeg.json().avatar).toMatch(/\.png$/);
    const whole = await sharp({
      create: {
        width: 200,
        height: 200,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .png()
      .toBuffer();
    const cut = await upload(agent, whole.subarray(0, whole.length / 2), 'image/png');
    expect(cut.statusCode).toBe(422);
    expect(cut.json().message).toBe('Ce fichier est illisible ou abîmé.');
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
