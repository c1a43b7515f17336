import { createECDH, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { platformKeys, pushSubscriptions } from '../../db/schema/platform.js';
import { missionPayload, TEST_PASSWORD } from '../../test/factories.js';
import { Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { SESSION_COOKIE } from '../../platform/sessions.js';

/** A push service on loopback, as a browser vendor runs one: records what it receives, answers 201 or 410. */
let service: http.Server;
let serviceUrl: string;
const received: Array<{ path: string; headers: http.IncomingHttpHeaders; body: Buffer }> = [];
const gone = new Set<string>();
let t: TestApp;
beforeAll(async () => {
  service = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(gone.has(request.url ?? '') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  // The push service of this test listens on loopback: allowed here only, through the config object.
  t = await createTestApp({
    configure: (config) => ({ ...config, push: { serviceHosts: ['127.0.0.1'], allowPrivateNetwork: true } }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => service.close(resolve));
});

const b64url = (buffer: Buffer) => buffer.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** A browser's side of a subscription: its key pair and auth secret, and the decryption of RFC 8291. */
function device(name: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint: `${serviceUrl}/push/${name}`,
      keys: { p256dh: b64url(publicKey), auth: b64url(authSecret) },
    },
    decrypt(body: Buffer): unknown {
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const serverKey = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const ikm = hmac(
        hmac(authSecret, shared),
        Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey, Buffer.from([1])]),
      );
      const prk = hmac(salt, ikm);
      const key = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', key, nonce);
      decipher.setAuthTag(cipherText.subarray(-16));
      const plain = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
      return JSON.parse(plain.subarray(0, plain.lastIndexOf(2)).toString('utf8'));
    },
  };
}

const until = async (check: () => boolean | Promise<boolean>) => {
  const deadline = Date.now() + 5000;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(await check()).toBe(true);
};

describe('Web Push', () => {
  it('keeps one VAPID key pair, pushes alerts to a user with no open screen, drops expired devices', async () => {
    const { publicKey } = (await t.app.inject({ url: '/api/push/public-key' })).json();
    const keys = await t.db.select().from(platformKeys);
    expect(keys).toHaveLength(1);
    expect(keys[0]!.value.publicKey).toBe(publicKey);

    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t, { subscriptionPlan: 'premium' });
    const phone = device('phone');
    const oldTablet = device('old-tablet');
    gone.add('/push/old-tablet');
    for (const d of [phone, oldTablet])
      expect((await driver.agent.post('/api/push/subscriptions', d.subscription)).statusCode).toBe(201);
    const bad = await driver.agent.post('/api/push/subscriptions', { endpoint: 'pas une adresse', keys: {} });
    expect(bad.statusCode).toBe(400);

    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    await driver.agent.post(`/api/missions/${missionId}/apply`, {});
    await company.agent.post(`/api/messages/${driver.user.id}`, { content: 'Bonjour', missionId });

    await until(() => received.some((r) => r.path === '/push/phone'));
    const push = received.find((r) => r.path === '/push/phone')!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${publicKey}$`));
    expect(phone.decrypt(push.body)).toMatchObject({
      title: 'Nouveau message',
      body: 'Claire Martin vous a écrit.',
      link: `/messages?avec=${company.user.id}&mission=${missionId}`,
    });
    // The push service said the old tablet is gone: its subscription is removed.
    await until(async () => (await t.db.select().from(pushSubscriptions)).length === 1);

    // With a screen open, the screen shows it: nothing pushed.
    const socket = new WebSocket(`ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`, {
      headers: { cookie: `${SESSION_COOKIE}=${driver.agent.cookie}` },
    });
    await new Promise((resolve) => socket.once('open', resolve));
    await new Promise((resolve) => setTimeout(resolve, 300)); // presence is saved within 100 ms
    const before = received.length;
    await driver.agent.post('/api/alerts/read-all');
    await company.agent.post(`/api/messages/${driver.user.id}`, { content: 'Vous êtes là ?', missionId });
    await until(async () => (await driver.agent.get('/api/alerts?filtre=non-lues')).json().length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.length).toBe(before);
    socket.close();

    // Another user cannot remove someone's device.
    await company.agent.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: phone.subscription.endpoint },
    });
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(1);
    await driver.agent.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: phone.subscription.endpoint },
    });
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it('moves a device to another account only from the same browser (same keys)', async () => {
    const owner = await signIn(t);
    const intruder = await signIn(t);
    const laptop = device('shared-laptop');
    expect((await owner.agent.post('/api/push/subscriptions', laptop.subscription)).statusCode).toBe(201);
    // Someone who learnt the endpoint, with keys of their own: refused, the device stays the owner's.
    const stolen = await intruder.agent.post('/api/push/subscriptions', {
      endpoint: laptop.subscription.endpoint,
      keys: device('other').subscription.keys,
    });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().message).toBe('Cet appareil reçoit déjà les notifications d’un autre compte');
    const row = () =>
      t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, laptop.subscription.endpoint));
    expect((await row())[0]!.userId).toBe(owner.user.id);
    // The same browser, where another person now signs in: it notifies them only.
    expect((await intruder.agent.post('/api/push/subscriptions', laptop.subscription)).statusCode).toBe(201);
    expect((await row())[0]!.userId).toBe(intruder.user.id);
    // The browser's account renewing its keys keeps the device (it is theirs, new keys or not).
    const renewed = { endpoint: laptop.subscription.endpoint, keys: device('renewed').subscription.keys };
    expect((await intruder.agent.post('/api/push/subscriptions', renewed)).statusCode).toBe(201);
    expect((await row())[0]).toMatchObject({ userId: intruder.user.id, p256dh: renewed.keys.p256dh });
    // And the first owner, with keys no longer the device's, cannot take it back.
    const back = await owner.agent.post('/api/push/subscriptions', laptop.subscription);
    expect(back.statusCode).toBe(409);
  });

  it('stops a device’s pushes when the session that registered it ends elsewhere', async () => {
    const owner = await signIn(t);
    const phone = device('lost-phone');
    expect((await owner.agent.post('/api/push/subscriptions', phone.subscription)).statusCode).toBe(201);
    const mine = () =>
      t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, phone.subscription.endpoint));
    expect(await mine()).toHaveLength(1);
    // From a computer, the owner signs the lost phone out.
    const computer = new Agent(t.app);
    await computer.post('/api/auth/login', { email: owner.user.email, password: TEST_PASSWORD });
    const sessions = (await computer.get('/api/auth/sessions')).json() as Array<{
      id: string;
      current: boolean;
    }>;
    const lost = sessions.find((session) => !session.current)!;
    expect(
      (await computer.request({ method: 'DELETE', url: `/api/auth/sessions/${lost.id}` })).statusCode,
    ).toBe(200);
    expect(await mine()).toHaveLength(0);
  });
});
