import { createECDH, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeEvent } from '#core/events.js';
import { sessions } from '../db/schema/platform.js';
import { createUser, missionPayload, multipartBody, TEST_PASSWORD } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { startTestBucket } from '../test/s3.js';
import { loginOverHttp } from '../test/processes.js';
import { SESSION_COOKIE } from './sessions.js';
import { createS3Storage } from './storage.js';
import { hashToken, newToken } from './tokens.js';

/**
 * Two instances of Relais (A and B) on one database, one S3-compatible bucket, each listening on its own port, as
 * behind a load balancer: every piece of state a request may need must be found whichever instance it reaches
 * (docs/scaling.md). Requests go over real HTTP, as the load balancer (TRUST_PROXY: 127.0.0.1, the
 * client's address in X-Forwarded-For) sends them.
 */

interface Instance {
  name: 'A' | 'B';
  t: TestApp;
  url: string;
  port: number;
}

const BUCKET = 'relais-multi';
/** Bounded waits: what crosses instances is polled, never timed. */
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

let tempDir: string;
let bucket: Awaited<ReturnType<typeof startTestBucket>>;
let s3Env: NodeJS.ProcessEnv;
/** A push service on loopback (a browser vendor's): records the paths it is sent to. */
let pushService: http.Server;
let pushUrl: string;
const pushed: string[] = [];
/** Runs of the one-off probe job, by instance. */
const probeRuns: Array<{ instance: string; n: number }> = [];
let a: Instance;
let b: Instance;

async function start(name: 'A' | 'B', databaseUrl?: string): Promise<Instance> {
  const t = await createTestApp({
    databaseUrl,
    // Both work jobs, as both instances of compose.yaml do.
    env: { ...s3Env, JOBS_WORKER: 'true', TRUST_PROXY: '127.0.0.1' },
    configure: (config) => ({
      ...config,
      rateLimits: { ...config.rateLimits, loginPerIpAccount: { limit: 3, windowSeconds: 600 } },
      push: { serviceHosts: ['127.0.0.1'], allowPrivateNetwork: true },
    }),
    routes: (app: FastifyInstance) =>
      app.jobs.define<{ n: number }>('multi-probe', async ({ data }) => {
        probeRuns.push({ instance: name, n: data.n });
      }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { name, t, url: `http://127.0.0.1:${port}`, port };
}

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'relais-multi-'));
  bucket = await startTestBucket(path.join(tempDir, 's3'), BUCKET);
  s3Env = {
    S3_URL: bucket.s3.url,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: bucket.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.s3.secretAccessKey,
  };
  pushService = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      pushed.push(request.url ?? '');
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushUrl = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  a = await start('A');
  b = await start('B', a.t.database.url);
});
afterAll(async () => {
  await b?.t.close();
  await a?.t.close();
  await bucket?.close();
  await new Promise((resolve) => pushService?.close(resolve));
  await rm(tempDir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers, read field by field
  json: any;
  bytes: Buffer;
}

/** One request to one instance, as the load balancer forwards it (the client's address in X-Forwarded-For). */
async function call(
  on: Instance,
  method: string,
  url: string,
  options: { cookie?: string; json?: unknown; body?: Buffer; type?: string; client?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.client ?? '203.0.113.1' };
  if (options.cookie) headers.cookie = `${SESSION_COOKIE}=${options.cookie}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  if (options.type) headers['content-type'] = options.type;
  const response = await fetch(`${on.url}${url}`, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.includes('json')
    ? (JSON.parse(bytes.toString('utf8')) as unknown)
    : undefined;
  return { status: response.status, json, bytes };
}

const login = (on: Instance, email: string) => loginOverHttp(on.url, email, TEST_PASSWORD);

/** A signed-in phone's live connection to one instance: what it received, and how it closed. */
async function connect(on: Instance, cookie: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${on.port}/ws`, {
    headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
  });
  const events: RealtimeEvent[] = [];
  ws.on('message', (data) => events.push(JSON.parse(String(data)) as RealtimeEvent));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, events, closed };
}

async function publish(on: Instance, cookie: string, overrides: Record<string, unknown> = {}) {
  const published = await call(on, 'POST', '/api/missions', { cookie, json: missionPayload(overrides) });
  expect(published.status, JSON.stringify(published.json)).toBe(201);
  return published.json.mission.id as string;
}

describe('rate limits', () => {
  it('counts a client’s attempts through A and through B together (PostgreSQL, decision 004)', async () => {
    const user = await createUser(a.t.db, { email: 'limite@exemple.fr' });
    const attempt = (on: Instance, password: string, client = '203.0.113.7') =>
      call(on, 'POST', '/api/auth/login', { json: { email: user.email, password }, client });
    // Three wrong passwords, each answered by A: the limit of that address on that account (3) is reached.
    for (let i = 0; i < 3; i++) expect((await attempt(a, `faux-${i}-mdp`)).status).toBe(401);
    // The next attempt reaches B: refused there too, even with the right password.
    const onB = await attempt(b, TEST_PASSWORD);
    expect(onB.status).toBe(429);
    expect(onB.json.message).toMatch(/^Trop de tentatives\. Réessayez dans \d+ minutes?\.$/);
    // The key is the client the load balancer names, not the balancer: another address still signs in on B.
    expect((await attempt(b, TEST_PASSWORD, '203.0.113.8')).status).toBe(200);
  });
});

describe('sessions', () => {
  it('a session opened on A is recognised on B; ended on A, it is refused on B and its socket on B closes', async () => {
    const user = await createUser(a.t.db, { email: 'session@exemple.fr' });
    const cookie = await login(a, user.email);
    const me = await call(b, 'GET', '/api/auth/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(user.id);
    const phone = await connect(b, cookie);

    expect((await call(a, 'POST', '/api/auth/logout', { cookie })).status).toBe(200);
    expect((await call(b, 'GET', '/api/auth/me', { cookie })).status).toBe(401);
    // B heard A's "sessions ended" on the bus and closed the socket opened with that session (1008: no retry).
    expect(await phone.closed).toBe(1008);
  });
});

describe('presence', () => {
  it('a screen open on A keeps B from pushing; once it is closed, B pushes', async () => {
    const company = await createUser(a.t.db, { userType: 'company', subscriptionPlan: 'premium' });
    const driver = await createUser(a.t.db, { subscriptionPlan: 'premium' });
    const companyCookie = await login(b, company.email);
    const driverCookie = await login(a, driver.email);
    const ecdh = createECDH('prime256v1');
    const device = {
      endpoint: `${pushUrl}/push/telephone`,
      keys: {
        p256dh: ecdh.generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    expect(
      (await call(a, 'POST', '/api/push/subscriptions', { cookie: driverCookie, json: device })).status,
    ).toBe(201);
    const missionId = await publish(b, companyCookie);
    const applied = await call(a, 'POST', `/api/missions/${missionId}/apply`, {
      cookie: driverCookie,
      json: {},
    });
    expect(applied.status).toBe(201);
    const presence = async () =>
      (
        await a.t.db.execute<{ sockets: number }>(
          sql`select sockets from realtime_presence where user_id = ${driver.id}`,
        )
      ).rows;
    const unread = async () =>
      (await call(a, 'GET', '/api/alerts?filtre=non-lues', { cookie: driverCookie })).json as unknown[];
    const write = (content: string) =>
      call(b, 'POST', `/api/messages/${driver.id}`, { cookie: companyCookie, json: { content, missionId } });

    // The driver's screen is open on A, and A has said so in the database.
    const screen = await connect(a, driverCookie);
    await waitFor(async () => expect(await presence()).toEqual([{ sockets: 1 }]));
    // A message through B: its alert reaches the screen on A; B, asking the database, pushes nothing.
    expect((await write('Bonjour, êtes-vous disponible ?')).status).toBe(201);
    await waitFor(() => expect(screen.events.some((event) => event.type === 'new-alert')).toBe(true));
    expect(await unread()).toHaveLength(1);
    expect((await call(a, 'POST', '/api/alerts/read-all', { cookie: driverCookie })).status).toBe(200);

    // The screen closes on A: the next message through B is pushed to the phone. (A push of the first message would
    // have been sent as that message was answered, long before the screen's row goes.)
    screen.ws.close();
    await waitFor(async () => expect(await presence()).toEqual([]));
    expect(pushed).toEqual([]);
    expect((await write('Je vous rappelle demain.')).status).toBe(201);
    await waitFor(() => expect(pushed).toEqual(['/push/telephone']));
  });
});

describe('scheduled and queued jobs', () => {
  it('runs a slot of the housekeeping once, both clocks asking for it together', async () => {
    const user = await createUser(a.t.db);
    const expired = new Date(Date.now() - 3600_000);
    await a.t.db.insert(sessions).values({
      userId: user.id,
      tokenHash: hashToken(newToken()),
      expiresAt: expired,
      absoluteExpiresAt: expired,
    });
    // A slot no real clock reaches during the test (10:10, Paris winter time, in 2031).
    const seen = new Date('2031-01-15T09:10:20Z');
    const [fromA, fromB] = await Promise.all([
      a.t.app.jobs.queueSlot('housekeeping', seen),
      b.t.app.jobs.queueSlot('housekeeping', seen),
    ]);
    expect([fromA!.created, fromB!.created].filter(Boolean)).toHaveLength(1);
    const rows = () =>
      a.t.db.execute<{ state: string }>(
        sql`select state::text from pgboss.job where name = 'housekeeping'
            and data->>'slot' = ${'2031-01-15T09:10:00.000Z'}`,
      );
    await waitFor(async () => expect((await rows()).rows).toEqual([{ state: 'completed' }]));
    // It did its work: the expired session is gone.
    const left = await a.t.db.execute(sql`select 1 from sessions where user_id = ${user.id}`);
    expect(left.rows).toHaveLength(0);
  });

  it('runs a one-off job sent by both instances with one key once, on either', async () => {
    const ids = await Promise.all([
      a.t.app.jobs.send('multi-probe', { n: 1 }, { singletonKey: 'contrat-7' }),
      b.t.app.jobs.send('multi-probe', { n: 1 }, { singletonKey: 'contrat-7' }),
      b.t.app.jobs.send('multi-probe', { n: 1 }, { singletonKey: 'contrat-7' }),
    ]);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    // A job without a key, queued after, tells when the worker has got past the first.
    await a.t.app.jobs.send('multi-probe', { n: 2 });
    await waitFor(() => expect(probeRuns.map((run) => run.n).sort()).toEqual([1, 2]));
  });
});

describe('uploads (S3-compatible bucket)', () => {
  it('a photo and a private document uploaded through A are served by B, from the bucket', async () => {
    const driver = await createUser(a.t.db);
    const onA = await login(a, driver.email);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const photo = multipartBody({}, [{ field: 'image', name: 'photo.png', bytes: png, type: 'image/png' }]);
    const avatar = await call(a, 'POST', '/api/profile/avatar', {
      cookie: onA,
      body: photo.payload,
      type: photo.headers['content-type'],
    });
    expect(avatar.status).toBe(200);
    const photoUrl = avatar.json.avatar as string;
    const fromA = await call(a, 'GET', photoUrl);
    const fromB = await call(b, 'GET', photoUrl);
    expect(fromB.status).toBe(200);
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
    const inBucket = await createS3Storage(bucket.s3).get(photoUrl.replace('/api/files/', ''));
    expect(inBucket?.equals(fromA.bytes)).toBe(true);

    const doc = await PDFDocument.create();
    doc.addPage().drawText('Permis de conduire');
    const pdf = Buffer.from(await doc.save());
    const expiresAt = new Date(Date.now() + 1000 * 86_400_000).toISOString().slice(0, 10);
    const form = multipartBody({ type: 'permis', number: '12AB34', expiresAt, categories: 'C,CE' }, [
      { field: 'file', name: 'permis.pdf', bytes: pdf, type: 'application/pdf' },
    ]);
    const uploaded = await call(a, 'POST', '/api/documents', {
      cookie: onA,
      body: form.payload,
      type: form.headers['content-type'],
    });
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
    // Signed in on B too (a session is good on both): the owner reads the file there.
    const onB = await login(b, driver.email);
    const file = await call(b, 'GET', `/api/documents/${uploaded.json.id}/file`, { cookie: onB });
    expect(file.status).toBe(200);
    expect(file.bytes.equals(pdf)).toBe(true);
  });
});

/**
 * B keeps a search page a few seconds (features/missions/search-cache.ts). A change made through A must not leave
 * B answering the old page once B has heard of it. "Heard of it": a message sent through A after the change reaches
 * a socket on B (notifications reach an instance in the order they were committed, and a message clears no cache),
 * so B has by then received every notification A sent while making the change.
 */
describe('search across instances', () => {
  let company: { id: string; cookie: string };
  let driverOnA: string;
  let companySocket: Awaited<ReturnType<typeof connect>>;
  let linkMission: string;
  beforeAll(async () => {
    const owner = await createUser(a.t.db, { userType: 'company', subscriptionPlan: 'premium' });
    const driver = await createUser(a.t.db, { subscriptionPlan: 'premium' });
    company = { id: owner.id, cookie: await login(a, owner.email) };
    driverOnA = await login(a, driver.email);
    linkMission = await publish(a, company.cookie, { title: 'Navette de liaison Rungis → Lesquin' });
    const applied = await call(a, 'POST', `/api/missions/${linkMission}/apply`, {
      cookie: driverOnA,
      json: {},
    });
    expect(applied.status).toBe(201);
    companySocket = await connect(b, company.cookie);
  });
  afterAll(() => companySocket?.ws.close());

  /** Resolves once B has received every notification A committed before this call. */
  async function bHasHeardFromA() {
    const content = `Point de passage ${randomBytes(4).toString('hex')}`;
    const sent = await call(a, 'POST', `/api/messages/${company.id}`, {
      cookie: driverOnA,
      json: { content, missionId: linkMission },
    });
    expect(sent.status).toBe(201);
    await waitFor(() =>
      expect(
        companySocket.events.some(
          (event) => event.type === 'new-message' && event.message.content === content,
        ),
      ).toBe(true),
    );
  }
  const searchOnB = async (word: string) => {
    const page = await call(b, 'GET', `/api/missions/search?q=${encodeURIComponent(word)}`);
    expect(page.status).toBe(200);
    return (page.json.items as Array<{ id: string }>).map((item) => item.id);
  };

  it('a mission published through A is in B’s search as soon as B has heard of it', async () => {
    const word = `quimperle${randomBytes(3).toString('hex')}`;
    expect(await searchOnB(word)).toEqual([]);
    const id = await publish(a, company.cookie, { title: `Navette ${word} → Lorient` });
    await bHasHeardFromA();
    expect(await searchOnB(word)).toEqual([id]);
  });

  it('a mission cancelled through A leaves B’s search as soon as B has heard of it', async () => {
    const word = `carhaix${randomBytes(3).toString('hex')}`;
    const id = await publish(a, company.cookie, { title: `Navette ${word} → Brest` });
    // B's page holds the mission (straight away once B hears of changes; today after its cache's few seconds).
    await waitFor(async () => expect(await searchOnB(word)).toEqual([id]));
    const cancelled = await call(a, 'POST', `/api/missions/${id}/cancel`, {
      cookie: company.cookie,
      json: { reason: 'Le client a annulé sa commande ce matin.' },
    });
    expect(cancelled.status).toBe(200);
    await bHasHeardFromA();
    expect(await searchOnB(word)).toEqual([]);
  });
});
