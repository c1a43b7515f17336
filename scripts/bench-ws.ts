/**
 * npm run bench:ws — realtime under load (issue 5). Two built server processes (A and B) on one embedded
 * PostgreSQL; 5,000 websocket clients (signed-in drivers) connected to A.
 *  1. Same instance: a transporter sends messages through A to random drivers; each carries its send time, and
 *     the driver's socket measures send → receipt. Prints p50/p95/p99 and A's RSS with the 5,000 sockets open.
 *  2. Across instances, commit → client: this process publishes new-message events at 500 per second through
 *     the server's own bus module (the insert into realtime_events and its NOTIFY, exactly what B does after a
 *     commit); the sockets on A receive them through A's listener. The clock starts before the statement, so the
 *     figure is an upper bound of commit → client.
 *  3. Across instances, end to end: messages sent over HTTP through B at 200 per second (B's whole handling:
 *     session, rules, durable transaction, alert), received on A. Prints p50/p95/p99 of send → receipt.
 * Phases 1 and 3 run twice: cold (the first message of most conversations, which also writes and publishes an
 * alert) and warm.
 * Targets: p95 ≤ 250 ms and RSS ≤ 300 MB with 5,000 sockets; cross-process p99 ≤ 50 ms at 500 events/s.
 * Figures only, no assertion. Servers on core 0, clients on core 1 (PostgreSQL is not pinned).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import WebSocket from 'ws';
import { ensureDatabaseExists, migrateDatabase } from '../src/server/db/client.js';
import { startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { createRealtimeBus } from '../src/server/platform/realtime-bus.js';
import { startBenchServer } from './bench-server.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LOCAL_RATE = Number(process.env.BENCH_LOCAL_RATE ?? 200);
const CROSS_RATE = Number(process.env.BENCH_CROSS_RATE ?? 500);
/** Messages per second over HTTP through B: what one instance sustains on this shared 2-core machine. */
const END_TO_END_RATE = Number(process.env.BENCH_END_TO_END_RATE ?? 200);
const cores = os.cpus().length;
const pin = (core: number) => (cores > 1 ? ['taskset', '-c', String(core)] : []);
if (cores > 1) {
  try {
    (await import('node:child_process')).execFileSync('taskset', ['-pc', '1', String(process.pid)], {
      stdio: 'ignore',
    });
  } catch {
    // taskset missing: unpinned
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'relais-bench-ws-'));
const database = await startEmbeddedPostgres(path.join(dataDir, 'db'), pino({ level: 'warn' }));
const url = database.url('relais');
await ensureDatabaseExists(database.url('postgres'), 'relais');
await migrateDatabase(url);

// A transporter with an unlimited plan, one mission, and SOCKETS drivers who applied (so they may talk).
const client = new pg.Client({ connectionString: url });
await client.connect();
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const session = async (userId: string) => {
  const token = randomBytes(32).toString('base64url');
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at, absolute_expires_at)
     values ($1, $2, now() + interval '1 day', now() + interval '1 day')`,
    [userId, hash(token)],
  );
  return token;
};
const company = (
  await client.query<{ id: string }>(
    `insert into users (email, password, user_type, full_name, company_name, siret_number, subscription_plan)
     values ('bench-transporteur@exemple.fr', 'x', 'company', 'Claire Martin', 'Transports Martin', '73282932000074', 'transporter')
     returning id`,
  )
).rows[0]!.id;
const companyToken = await session(company);
const missionId = (
  await client.query<{ id: string }>(
    `insert into missions (company_id, title, description, pickup_address, delivery_address, vehicle_type,
       start_date, end_date, price)
     values ($1, 'Mission bench', 'Bench', 'Lyon', 'Lille', 'porteur', now() + interval '1 day',
       now() + interval '2 days', 300) returning id`,
    [company],
  )
).rows[0]!.id;
const drivers = (
  await client.query<{ id: string }>(
    `insert into users (email, password, user_type, full_name, license_type, subscription_plan)
     select 'bench-chauffeur-' || g || '@exemple.fr', 'x', 'driver', 'Chauffeur ' || g, 'CE', 'premium'
     from generate_series(1, $1::int) g returning id`,
    [SOCKETS],
  )
).rows.map((row) => row.id);
await client.query(`insert into mission_applications (mission_id, driver_id) select $1, unnest($2::uuid[])`, [
  missionId,
  drivers,
]);
const tokens: string[] = [];
for (const driver of drivers) tokens.push(await session(driver));
await client.end();
console.log(`seeded ${SOCKETS} drivers with sessions`);

// BENCH_PROFILE=<folder> writes a CPU profile of A there when it stops.
const profile = process.env.BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
  : [];
const a = await startBenchServer(5197, pin(0), { DATABASE_URL: url, DB_POOL_SIZE: '10' }, profile);
const b = await startBenchServer(5199, pin(0), { DATABASE_URL: url, DB_POOL_SIZE: '10' });

// Connect the sockets, 100 at a time; each records its latencies (send time is in the message).
const latencies: number[] = [];
let opened = 0;
const sockets: WebSocket[] = [];
const connectStarted = Date.now();
for (let start = 0; start < SOCKETS; start += 100) {
  await Promise.all(
    tokens.slice(start, start + 100).map(
      (token) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket('ws://127.0.0.1:5197/ws', {
            headers: { cookie: `relais_session=${token}` },
          });
          ws.on('message', (data) => {
            const event = JSON.parse(String(data)) as { type: string; message?: { content: string } };
            const sent = event.type === 'new-message' ? Number(event.message!.content.split(' ')[1]) : NaN;
            if (Number.isFinite(sent)) latencies.push(performance.timeOrigin + performance.now() - sent);
          });
          ws.once('open', () => {
            opened++;
            resolve();
          });
          ws.once('error', reject);
          sockets.push(ws);
        }),
    ),
  );
}
console.log(`${opened} sockets open in ${((Date.now() - connectStarted) / 1000).toFixed(1)} s`);
await new Promise((resolve) => setTimeout(resolve, 2000));

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * Runs `send` `rate` times a second for SECONDS to a random driver, with the send time (ms since the epoch) to
 * put in the message, then waits for the last receipts and prints the latencies the sockets measured.
 */
async function paced(label: string, rate: number, send: (driver: string, now: number) => Promise<boolean>) {
  latencies.length = 0;
  let sent = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const started = Date.now();
  while (sent < rate * SECONDS) {
    const wait = started + (sent * 1000) / rate - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const driver = drivers[Math.floor(Math.random() * drivers.length)]!;
    const call = send(driver, performance.timeOrigin + performance.now())
      .then((ok) => void (ok || failed++))
      .catch(() => void failed++)
      .finally(() => inFlight.delete(call));
    inFlight.add(call);
    sent++;
  }
  await Promise.all(inFlight);
  const elapsed = (Date.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const sorted = [...latencies].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(1);
  console.log(
    `${label}: ${sent} events in ${elapsed.toFixed(1)} s (${(sent / elapsed).toFixed(0)}/s asked ${rate}/s), ` +
      `${failed} failed, ${sorted.length} received — p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`,
  );
}

/** Phases 1 and 3: messages sent over HTTP by the transporter, through the instance on `port`. */
const run = (port: number, rate: number, label: string) =>
  paced(label, rate, async (driver, now) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/messages/${driver}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `relais_session=${companyToken}` },
      body: JSON.stringify({ content: `t ${now}`, missionId }),
    });
    await response.arrayBuffer();
    return response.status === 201;
  });

/** Phase 2: the bus's publish (insert + NOTIFY), as a server does once a message is committed. */
async function publishDirect(rate: number, label: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bus = createRealtimeBus({
    pool,
    url,
    log: pino({ level: 'warn' }),
    isHere: () => false,
    deliverHere: () => undefined,
  });
  await paced(label, rate, async (driver, now) => {
    const message = {
      id: randomUUID(),
      conversationId: randomUUID(),
      senderId: company,
      receiverId: driver,
      missionId,
      content: `t ${now}`,
      read: false,
      readAt: null,
      createdAt: new Date(now).toISOString(),
    };
    await bus.publish([driver], { type: 'new-message', message });
    return true;
  });
  await bus.close();
  await pool.end();
}

// Each phase twice: a cold server (first message to most drivers: conversation created, alert written and
// published), then a warm one (most conversations exist and their message alert is still unread).
await run(5197, LOCAL_RATE, `same instance (A), ${opened} sockets open, cold`);
await run(5197, LOCAL_RATE, `same instance (A), ${opened} sockets open, warm`);
console.log(`server A RSS with ${opened} sockets: ${rssOf(a.pid).toFixed(0)} MB (target ≤ 300 MB)`);
await publishDirect(CROSS_RATE, 'across instances, commit → client (published as B does, sockets on A)');
await run(5199, END_TO_END_RATE, 'across instances, end to end (HTTP through B, sockets on A), cold');
await run(5199, END_TO_END_RATE, 'across instances, end to end (HTTP through B, sockets on A), warm');
console.log(`server A RSS after: ${rssOf(a.pid).toFixed(0)} MB; B: ${rssOf(b.pid).toFixed(0)} MB`);

for (const ws of sockets) ws.terminate();
await a.stop();
await b.stop();
await database.stop();
rmSync(dataDir, { recursive: true, force: true });
