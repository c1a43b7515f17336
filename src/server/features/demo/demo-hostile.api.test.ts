import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeEvent } from '#core/events.js';
import { demoMessages } from '#core/schemas/demo.js';
import { sessions } from '../../db/schema/platform.js';
import { users } from '../../db/schema/users.js';
import { SESSION_COOKIE } from '../../platform/sessions.js';
import { createUser, insertMission, missionPayload } from '../../test/factories.js';
import { Agent, agentFor, createTestApp, createTestDatabase, type TestApp } from '../../test/harness.js';
import { REPLY_DELAY_MS } from './scripted-replies.js';

/**
 * The hostile review of the demonstration (decision 022), acting side: the scripted replies leaned on, a reset racing the visitor's other
 * requests, and what a demo account must never set off outside Relais (Stripe, web push).
 */

/** A push service on loopback, as a browser vendor runs one: records which device it was asked to reach. */
let service: http.Server;
let serviceUrl: string;
const pushed: string[] = [];
/** The app's log lines (warnings and errors are what a visitor's leaving must not cause). */
const logged: Array<{ level: number; msg: string }> = [];
let t: TestApp;
beforeAll(async () => {
  service = http.createServer((request, response) => {
    pushed.push(request.url ?? '');
    request.resume().on('end', () => response.writeHead(201).end());
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  // The app's connections look for a deadlock after 5 s of waiting (PostgreSQL's default is 1 s), the reset test's
  // other session after 60 s: the deadlock that test builds is then always found by the reset, which must be its
  // victim, even when a loaded machine takes a few seconds between the two locks.
  const databaseUrl = await createTestDatabase();
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const { rows } = await admin.query<{ name: string }>('select current_database() as name');
  await admin.query(`alter database "${rows[0]!.name}" set deadlock_timeout = '5s'`);
  await admin.end();
  t = await createTestApp({
    databaseUrl,
    configure: (config) => ({ ...config, push: { serviceHosts: ['127.0.0.1'], allowPrivateNetwork: true } }),
    logTo: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean))
          logged.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    }),
  });
  // The live connection's test needs a real socket.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => service.close(resolve));
});

let address = 1;
async function door(role: 'driver' | 'transporter') {
  const agent = new Agent(t.app, `10.41.0.${address++}`);
  const response = await agent.post('/api/demo/login', { role });
  expect(response.statusCode).toBe(201);
  const id = response.json<{ id: string }>().id;
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return { agent, user: row! };
}

/** Someone the visitor has a conversation with (a persona of its sandbox). */
async function counterpart(agent: Agent): Promise<string> {
  const conversations = (await agent.get('/api/conversations')).json<Array<{ otherUser: { id: string } }>>();
  return conversations[0]!.otherUser.id;
}

/** Messages the sandbox's people wrote to the visitor since `since`. */
async function repliesTo(visitorId: string, since: Date): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    select count(*)::int as n from messages m join users p on p.id = m.sender_id and p.sandbox_id is not null
    where m.receiver_id = ${visitorId} and m.created_at >= ${since.toISOString()}`);
  return rows[0]!.n;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the scripted replies', () => {
  it('a burst of messages sent before the first reply lands gets 40 replies, not one each', async () => {
    const { agent, user } = await door('driver');
    const persona = await counterpart(agent);
    const since = new Date();
    const sent = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        agent.post(`/api/messages/${persona}`, { content: `Bonjour ${index}` }),
      ),
    );
    expect(sent.every((response) => response.statusCode === 201)).toBe(true);
    await expect.poll(() => repliesTo(user.id, since), { timeout: 20_000, interval: 250 }).toBe(40);
    // Whatever was going to be answered has been by now.
    await pause(REPLY_DELAY_MS + 1500);
    expect(await repliesTo(user.id, since)).toBe(40);
  });

  it.each(['logout', 'reset'] as const)(
    'a reply due after the visitor’s %s is dropped without a word, and writes nothing',
    async (leaving) => {
      const { agent, user } = await door('driver');
      const persona = await counterpart(agent);
      expect((await agent.post(`/api/messages/${persona}`, { content: 'Merci !' })).statusCode).toBe(201);
      const gone = new Date();
      const lines = logged.length;
      expect((await agent.post(`/api/demo/${leaving}`)).statusCode).toBe(200);
      await pause(REPLY_DELAY_MS + 1500);
      expect(logged.slice(lines).filter((line) => line.level >= 40)).toEqual([]);
      expect(await repliesTo(user.id, gone)).toBe(0);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, persona))).toEqual([]);
    },
  );
});

describe('a reset racing the visitor’s other requests', () => {
  it('chosen as a deadlock’s victim, it tries again and restores the sandbox', async () => {
    const { agent, user } = await door('driver');
    const [mission] = (
      await t.db.execute<{ id: string }>(sql`select id from missions where sandbox_id = ${user.sandboxId}
        order by id limit 1`)
    ).rows;
    // Another request of the visitor's, holding a mission of the sandbox and about to take the visitor's row.
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      await other.query(`set deadlock_timeout = '60s'`);
      await other.query('begin');
      await other.query('select 1 from missions where id = $1 for update', [mission!.id]);
      const reset = agent.post('/api/demo/reset');
      // The reset has deleted the accounts and waits for that mission…
      await expect
        .poll(
          async () =>
            (
              await other.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`)
            ).rows[0]!.n,
          { timeout: 10_000, interval: 20 },
        )
        .toBeGreaterThan(0);
      // …when the other request waits for the visitor's row: a deadlock, whose victim is the older waiter.
      await other.query('select 1 from users where id = $1 for update', [user.id]);
      await other.query('commit');
      const response = await reset;
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: demoMessages.resetDone });
    } finally {
      await other.end();
    }
    expect((await agent.get('/api/demo/me')).json<{ id: string }>().id).toBe(user.id);
    expect(
      (await agent.get('/api/missions/search')).json<{ items: unknown[] }>().items.length,
    ).toBeGreaterThan(0);
  });
});

describe('nothing outside Relais', () => {
  it('a mission of the other world is not found (404) by any step, as a random id is, and stays as it was', async () => {
    const realDriver = await createUser(t.db);
    const realCompany = await createUser(t.db, { userType: 'company' });
    const real = await insertMission(t.db, {
      companyId: realCompany.id,
      driverId: realDriver.id,
      status: 'assigned',
      startDate: new Date(Date.now() - 3600_000),
      endDate: new Date(Date.now() + 6 * 3600_000),
    });
    const transporter = await door('transporter');
    const driver = await door('driver');
    const [demo] = await t.db
      .execute<{ id: string }>(
        sql`select id from missions where sandbox_id = ${transporter.user.sandboxId} and company_id = ${transporter.user.id} limit 1`,
      )
      .then((result) => result.rows);
    const realTransporter = await agentFor(t, realCompany.id);
    const realChauffeur = await agentFor(t, realDriver.id);
    const reason = { reason: 'Essai depuis l’autre monde' };
    const attempts: Array<[Agent, string, string, object]> = [];
    for (const id of [real.id, crypto.randomUUID()]) {
      attempts.push(
        [transporter.agent, 'PUT', `/api/missions/${id}`, missionPayload()],
        [transporter.agent, 'POST', `/api/missions/${id}/cancel`, reason],
        [transporter.agent, 'POST', `/api/missions/${id}/complete`, {}],
        [driver.agent, 'POST', `/api/missions/${id}/start`, {}],
        [driver.agent, 'POST', `/api/missions/${id}/drop`, reason],
      );
    }
    attempts.push(
      [realTransporter, 'PUT', `/api/missions/${demo!.id}`, missionPayload()],
      [realTransporter, 'POST', `/api/missions/${demo!.id}/cancel`, reason],
      [realTransporter, 'POST', `/api/missions/${demo!.id}/complete`, {}],
      [realChauffeur, 'POST', `/api/missions/${demo!.id}/start`, {}],
      [realChauffeur, 'POST', `/api/missions/${demo!.id}/drop`, reason],
    );
    const answers = [];
    for (const [agent, method, url, body] of attempts)
      answers.push(
        `${method} ${url} → ${(await (method === 'PUT' ? agent.put(url, body) : agent.post(url, body))).statusCode}`,
      );
    expect(answers).toEqual(attempts.map(([, method, url]) => `${method} ${url} → 404`));
    const [after] = await t.db
      .execute<{ status: string }>(sql`select status from missions where id = ${real.id}`)
      .then((result) => result.rows);
    expect(after!.status).toBe('assigned');
  });

  it('Stripe: a Connect transfer and a subscription’s end or resumption are refused to a demo account', async () => {
    const { agent } = await door('transporter');
    for (const url of [
      '/api/missions/00000000-0000-4000-8000-000000000001/payment/validate',
      '/api/billing/cancel',
      '/api/billing/resume',
    ]) {
      const response = await agent.post(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({ message: demoMessages.notInDemo, code: 'not_in_demo' });
    }
  });

  it('web push: an account the team marks as demo keeps its device, and is never pushed to', async () => {
    const device = (name: string) => ({
      endpoint: `${serviceUrl}/push/${name}`,
      keys: {
        p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    });
    const near = { currentLocation: 'Paris', currentLat: '48.856600', currentLng: '2.352200' };
    const marked = await createUser(t.db, near);
    const member = await createUser(t.db, near);
    for (const [user, name] of [
      [marked, 'marked'],
      [member, 'member'],
    ] as const) {
      const subscribed = await (await agentFor(t, user.id)).post('/api/push/subscriptions', device(name));
      expect(subscribed.statusCode, subscribed.body).toBe(201);
    }
    const admin = await agentFor(t, (await createUser(t.db, { userType: 'admin', isAdmin: true })).id);
    expect((await admin.post(`/api/admin/users/${marked.id}/demo`)).statusCode).toBe(200);

    // A showroom transporter, then a real one, publish a mission next to them: each driver is alerted.
    for (const company of [
      await createUser(t.db, { userType: 'company', isDemo: true }),
      await createUser(t.db, { userType: 'company' }),
    ]) {
      const published = await (
        await agentFor(t, company.id)
      ).post('/api/missions', missionPayload({ pickupLat: 48.7467, pickupLng: 2.3522 }));
      expect(published.statusCode, published.body).toBe(201);
    }
    await expect.poll(() => pushed, { timeout: 10_000, interval: 50 }).toContain('/push/member');
    await pause(500);
    expect(pushed).not.toContain('/push/marked');
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from alerts
      where user_id = ${marked.id} and type = 'new_mission'`);
    expect(rows[0]!.n).toBe(1);
  });
});

describe('the live connection', () => {
  /** A socket of that session, collecting what it receives. */
  async function socket(cookie: string) {
    const { port } = t.app.server.address() as AddressInfo;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers: { cookie: `${SESSION_COOKIE}=${cookie}`, origin: 'http://localhost:5000' },
    });
    const events: RealtimeEvent[] = [];
    ws.on('message', (data) => events.push(JSON.parse(String(data)) as RealtimeEvent));
    await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
    return { ws, events };
  }

  it('« is typing » never crosses worlds, even along a mission done before one was marked as demo', async () => {
    const company = await createUser(t.db, { userType: 'company' });
    const driver = await createUser(t.db);
    await insertMission(t.db, { companyId: company.id, driverId: driver.id });
    const office = await socket((await agentFor(t, company.id)).cookie!);
    const cab = await socket((await agentFor(t, driver.id)).cookie!);
    const typing = () => office.events.filter((e) => e.type === 'user-typing' && e.userId === driver.id);

    // Linked by their mission, in one world: the mark goes through.
    cab.ws.send(JSON.stringify({ type: 'typing', to: company.id }));
    await expect.poll(() => typing().length, { timeout: 5000, interval: 20 }).toBe(1);

    // The team marks the driver as demo (the showroom): the same socket, the same mission in the rows.
    const admin = await agentFor(t, (await createUser(t.db, { userType: 'admin', isAdmin: true })).id);
    expect((await admin.post(`/api/admin/users/${driver.id}/demo`)).statusCode).toBe(200);
    cab.ws.send(JSON.stringify({ type: 'typing', to: company.id }));
    await pause(300);
    expect(typing()).toHaveLength(1);
    for (const { ws } of [office, cab]) ws.close();
  });
});
