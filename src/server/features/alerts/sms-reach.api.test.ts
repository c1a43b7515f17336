import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '../../platform/sessions.js';
import { insertMission, missionPayload, multipartBody } from '../../test/factories.js';
import { createTestApp, signIn, type Agent, type TestApp } from '../../test/harness.js';
import { startSmsServer, type SmsServer } from '../../test/sms-server.js';

/**
 * When an incident becomes an SMS (decision 051): only for a member with no screen open on Relais and whom no
 * push reached. A push service on loopback (201 or 410) and a Brevo-shaped SMS server stand in for the outside.
 */
let t: TestApp;
let provider: SmsServer;
let service: http.Server;
let serviceUrl: string;
const pushed: string[] = [];
const gone = new Set<string>();
beforeAll(async () => {
  service = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      pushed.push(request.url ?? '');
      response.writeHead(gone.has(request.url ?? '') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  provider = await startSmsServer();
  t = await createTestApp({
    env: {
      SMS_API_KEY: provider.apiKey,
      SMS_SENDER: 'Relais',
      SMS_WEBHOOK_SECRET: 'sms-webhook-secret-for-tests',
      SMS_API_URL: provider.url,
    },
    configure: (config) => ({ ...config, push: { serviceHosts: ['127.0.0.1'], allowPrivateNetwork: true } }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
  await new Promise((resolve) => service?.close(resolve));
});

const device = (name: string) => ({
  endpoint: `${serviceUrl}/push/${name}`,
  keys: {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
});

async function untilAsync(check: () => Promise<boolean>) {
  for (let waited = 0; waited < 10_000 && !(await check()); waited += 25)
    await new Promise((resolve) => setTimeout(resolve, 25));
  expect(await check()).toBe(true);
}

async function until(check: () => boolean) {
  for (let waited = 0; waited < 10_000 && !check(); waited += 25)
    await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check()).toBe(true);
}

/** A transporter opted in to SMS with their own number, their driver on the road. */
let numbers = 20_000_000;
async function scene() {
  const phone = `+336${String(++numbers).padStart(8, '0')}`;
  const owner = await signIn(t, { userType: 'company', phone });
  const saved = await owner.agent.put('/api/alerts/sms', {
    enabled: true,
    phone,
    quietStart: 0,
    quietEnd: 0,
    dailyCap: 10,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const carrier = await signIn(t, { userType: 'driver' });
  const mission = await insertMission(t.db, {
    companyId: owner.user.id,
    driverId: carrier.user.id,
    status: 'in_progress',
    startDate: new Date(Date.now() - 3_600_000),
    endDate: new Date(Date.now() + 5 * 3_600_000),
    startedAt: new Date(Date.now() - 3_600_000),
  });
  const report = (note: string) =>
    carrier.agent.request({
      method: 'POST',
      url: `/api/missions/${mission.id}/incidents`,
      ...multipartBody({ type: 'breakdown', note }, []),
    });
  const texts = () => provider.received.filter((sms) => `+${sms.recipient}` === phone);
  return { owner, report, texts };
}

/** The notes of the incidents whose alert was texted to the member (once the provider has answered). */
async function untilTexted(userId: string): Promise<string[]> {
  let notes: string[] = [];
  await untilAsync(async () => {
    const rows = await t.db.execute<{ note: string }>(sql`
      select i.note from sms_messages s join alerts a on a.id::text = s.dedupe_key
        join mission_incidents i on i.id = (a.metadata->>'incidentId')::uuid
      where s.user_id = ${userId} and s.status = 'sent'`);
    notes = rows.rows.map((row) => row.note);
    return notes.length > 0;
  });
  return notes;
}

const subscribe = async (agent: Agent, name: string) =>
  expect((await agent.post('/api/push/subscriptions', device(name))).statusCode).toBe(201);

describe('an SMS, only when nothing else reached the member', () => {
  it('is not sent when a push service accepted the notification, and is when every device is gone', async () => {
    const { owner, report, texts } = await scene();
    await subscribe(owner.agent, `phone-${owner.user.id}`);
    expect((await report('Première panne')).statusCode).toBe(201);
    await until(() => pushed.includes(`/push/phone-${owner.user.id}`));
    // The device has gone since: the next incident's push fails, the SMS goes.
    gone.add(`/push/phone-${owner.user.id}`);
    expect((await report('Seconde panne')).statusCode).toBe(201);
    await until(() => texts().length === 1);
    const texted = await untilTexted(owner.user.id);
    expect(texted).toEqual(['Seconde panne']);
  });

  it('is not sent while a screen of theirs is open', async () => {
    const { owner, report, texts } = await scene();
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers: { cookie: `${SESSION_COOKIE}=${owner.agent.cookie}`, origin: t.config.publicUrl },
    });
    const seen: string[] = [];
    socket.on('message', (data: Buffer) => seen.push(data.toString('utf8')));
    await new Promise((resolve) => socket.once('open', resolve));
    // The instance writes who is connected in batches: the screen counts for every instance once it is written (and
    // its removal, below, is written after it).
    const presence = async () =>
      (await t.db.execute(sql`select 1 from realtime_presence where user_id = ${owner.user.id}`)).rows.length;
    await untilAsync(async () => (await presence()) === 1);
    expect((await report('Vu à l’écran')).statusCode).toBe(201);
    // The open screen got the alert itself.
    await until(() => seen.some((message) => message.includes('Vu à l’écran')));
    socket.close();
    await new Promise((resolve) => socket.once('close', resolve));
    // Screen closed (and its presence gone): the next incident is texted, and it is the only SMS.
    await untilAsync(async () => (await presence()) === 0);
    expect((await report('Personne à l’écran')).statusCode).toBe(201);
    await until(() => texts().length > 0);
    expect(texts()).toHaveLength(1);
    expect(await untilTexted(owner.user.id)).toEqual(['Personne à l’écran']);
  });

  it('goes to a driver an urgent mission fits, not for an ordinary one', async () => {
    const company = await signIn(t, { userType: 'company' });
    const phone = `+337${String(++numbers).padStart(8, '0')}`;
    const driver = await signIn(t, {
      phone,
      currentLocation: 'Paris',
      currentLat: '48.856600',
      currentLng: '2.352200',
    });
    const saved = await driver.agent.put('/api/alerts/sms', {
      enabled: true,
      phone,
      quietStart: 0,
      quietEnd: 0,
      dailyCap: 10,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const texts = () => provider.received.filter((sms) => `+${sms.recipient}` === phone);
    for (const urgency of [false, true]) {
      const published = await company.agent.post(
        '/api/missions',
        missionPayload({ urgency, title: `Frigo ${urgency}` }),
      );
      expect(published.statusCode, published.body).toBe(201);
    }
    await until(() => texts().length > 0);
    expect(texts().map((sms) => [sms.tag, sms.content.includes('Frigo true')])).toEqual([
      ['urgent_mission', true],
    ]);
  });
});
