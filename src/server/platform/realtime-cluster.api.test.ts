import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeEvent } from '#core/events.js';
import { openDatabase, type Database } from '../db/client.js';
import { createUser, missionPayload, TEST_PASSWORD } from '../test/factories.js';
import { createTestDatabase } from '../test/harness.js';
import { loginOverHttp, startServerProcess, type ServerProcess } from '../test/processes.js';
import { LISTENER_NAME } from './realtime-bus.js';
import { SESSION_COOKIE } from './sessions.js';

// Two real server processes on one database: what happens on B reaches a socket open on A.
let databaseUrl: string;
let database: Database;
let a: ServerProcess;
let b: ServerProcess;
beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  database = openDatabase(databaseUrl, 2);
  [a, b] = await Promise.all([startServerProcess(databaseUrl), startServerProcess(databaseUrl)]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
});

async function call(server: ServerProcess, cookie: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      cookie: `${SESSION_COOKIE}=${cookie}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function connect(server: ServerProcess, cookie: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, {
    headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
  });
  const events: RealtimeEvent[] = [];
  ws.on('message', (data) => events.push(JSON.parse(String(data)) as RealtimeEvent));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, events };
}

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(await check()).toBe(true);
};

async function listeners(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query(
      'select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()',
      [LISTENER_NAME],
    );
    return (found.rows[0] as { n: number }).n;
  } finally {
    await client.end();
  }
}

async function killListeners(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const killed = await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = $1 and datname = current_database()`,
      [LISTENER_NAME],
    );
    return killed.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

describe('realtime across two server processes', () => {
  it('delivers events from B to a socket on A, also after the listeners lost their connection', async () => {
    const company = await createUser(database.db, { userType: 'company', subscriptionPlan: 'premium' });
    const driver = await createUser(database.db, { subscriptionPlan: 'premium' });
    const companyOnB = await loginOverHttp(b.url, company.email, TEST_PASSWORD);
    const driverOnA = await loginOverHttp(a.url, driver.email, TEST_PASSWORD);
    const phone = await connect(a, driverOnA);
    await until(async () => (await listeners()) === 2);

    const published = await call(b, companyOnB, 'POST', '/api/missions', missionPayload());
    expect(published.status).toBe(201);
    const missionId = (published.body.mission as { id: string }).id;
    expect((await call(a, driverOnA, 'POST', `/api/missions/${missionId}/apply`, {})).status).toBe(201);

    const send = (content: string) =>
      call(b, companyOnB, 'POST', `/api/messages/${driver.id}`, { content, missionId });
    const received = (content: string) => () =>
      phone.events.some((e) => e.type === 'new-message' && e.message.content === content);

    expect((await send('Bonjour depuis B')).status).toBe(201);
    await until(received('Bonjour depuis B'));
    await until(() =>
      phone.events.some((e) => e.type === 'new-alert' && e.alert.title === 'Nouveau message'),
    );

    // Too large for a NOTIFY payload: it travels by id and is read from the database on A.
    const long = `Détails de l’accès au quai : ${'é'.repeat(1900)}`;
    expect((await send(long)).status).toBe(201);
    await until(received(long));

    // The listeners' connections are cut; what is sent meanwhile still arrives, once they are back.
    expect(await killListeners()).toBe(2);
    expect((await send('Pendant la coupure')).status).toBe(201);
    await until(received('Pendant la coupure'));
    await until(async () => (await listeners()) === 2);
    expect((await send('Après la coupure')).status).toBe(201);
    await until(received('Après la coupure'));

    // Each message reached the socket once.
    const contents = phone.events.flatMap((e) => (e.type === 'new-message' ? [e.message.content] : []));
    expect(contents).toEqual(['Bonjour depuis B', long, 'Pendant la coupure', 'Après la coupure']);
    phone.ws.close();
  });
});
