/**
 * npm run bench:ws — realtime under load (decisions 011 and 026). Two built server processes (A and B) on one embedded
 * PostgreSQL; 5,000 websocket clients (signed-in drivers' phones) connected to A.
 *  1. Same instance: a transporter sends messages through A to random drivers; each carries its send time, and
 *     the driver's socket measures send → receipt. Prints p50/p95/p99 and A's RSS with the 5,000 sockets open.
 *  2. Across instances, commit → client: this process publishes new-message events at 500 per second through
 *     the server's own bus module (the insert into realtime_events and its NOTIFY, exactly what B does after a
 *     commit); the sockets on A receive them through A's listener. The clock starts before the statement, so the
 *     figure is an upper bound of commit → client.
 *  3. Across instances, end to end: messages sent over HTTP through B at 200 per second (B's whole handling:
 *     session, rules, durable transaction, alert), received on A. Prints p50/p95/p99 of send → receipt.
 *  4. Restart: A is stopped (SIGTERM, as a deploy does) and started again; the 5,000 phones reconnect as the web
 *     app does (5 s after the close, 3 attempts, reading the session and the menu's badges again once connected:
 *     scripts/bench-ws-crowd.ts), and from the first reconnection messages are sent through A, as in phase 1, to
 *     drivers whose socket is open again.
 * Phases 1 and 3 run twice: cold (the first message of most conversations, which also writes and publishes an
 * alert) and warm. Under each phase: statements PostgreSQL ran per message (pg_stat_statements), CPU ms per message
 * of each process, and how busy each server's pool was (scripts/bench-ws-probe.ts); the connection phases per
 * socket open.
 * Targets: p95 ≤ 250 ms (cold, warm and after a restart) and RSS ≤ 300 MB with 5,000 sockets; cross-process p99
 * ≤ 50 ms at 500 events/s. Figures only, no assertion. Servers on core 0, clients on core 1 (PostgreSQL is not
 * pinned).
 *
 * BENCH_FROM_SOURCE=1 runs the servers from src/ with tsx (no build needed); BENCH_PROFILE=folder writes a CPU
 * profile of each of A's processes there when it stops; BENCH_REFETCH=0 reconnects without reading again;
 * BENCH_JITTER_MS=n adds a random delay up to n ms to each phone's retry (what the web app does not do today);
 * BENCH_PORT moves A (B is on the port after next); BENCH_STATEMENTS=n prints n statements per phase;
 * BENCH_PHASES=local,bus,cross,restart chooses the phases (all by default).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { ensureDatabaseExists, migrateDatabase } from '../src/server/db/client.js';
import { startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { createRealtimeBus } from '../src/server/platform/realtime-bus.js';
import { createCrowd } from './bench-ws-crowd.js';
import { createProbe, describeCost } from './bench-ws-probe.js';
import { startBenchServer } from './bench-server.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LOCAL_RATE = Number(process.env.BENCH_LOCAL_RATE ?? 200);
const CROSS_RATE = Number(process.env.BENCH_CROSS_RATE ?? 500);
/** Messages per second over HTTP through B: what one instance sustains on this shared 2-core machine. */
const END_TO_END_RATE = Number(process.env.BENCH_END_TO_END_RATE ?? 200);
const POOL_SIZE = 10;
const PORT_A = Number(process.env.BENCH_PORT ?? 5197);
const PORT_B = PORT_A + 2;
const cores = os.cpus().length;
const pin = (core: number) => (cores > 1 ? ['taskset', '-c', String(core)] : []);
if (cores > 1) {
  try {
    execFileSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });
  } catch {
    // taskset missing: unpinned
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'relais-bench-ws-'));
const log = pino({ level: 'warn' });
// pg_stat_statements is loaded at start-up only: the first start writes the setting, the second loads it.
let database = await startEmbeddedPostgres(path.join(dataDir, 'db'), log);
const admin = new pg.Client({ connectionString: database.url('postgres') });
await admin.connect();
await admin.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
await admin.end();
await database.stop();
database = await startEmbeddedPostgres(path.join(dataDir, 'db'), log);
const postmaster = Number(
  readFileSync(path.join(dataDir, 'db', 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
);
const url = database.url('relais');
await ensureDatabaseExists(database.url('postgres'), 'relais');
await migrateDatabase(url);

// A transporter with an unlimited plan, one mission, and SOCKETS drivers who applied (so they may talk).
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query('create extension if not exists pg_stat_statements');
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
    `insert into users (email, password, user_type, full_name, company_name, siret_number, subscription_plan,
       email_verified)
     values ('bench-transporteur@exemple.fr', 'x', 'company', 'Claire Martin', 'Transports Martin', '73282932000074',
       'transporter', true)
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
    `insert into users (email, password, user_type, full_name, license_type, subscription_plan, email_verified)
     select 'bench-chauffeur-' || g || '@exemple.fr', 'x', 'driver', 'Chauffeur ' || g, 'CE', 'premium', true
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

const profile = process.env.BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
  : [];
// From source: node runs the first script it is given; the built entry startBenchServer appends is then only an
// argument nobody reads.
const fromSource = process.env.BENCH_FROM_SOURCE
  ? ['--conditions=development', '--import', 'tsx', 'src/server/main.ts']
  : [];
// PGAPPNAME names each server's pool connections in pg_stat_activity (the bus's own connections keep theirs).
const startA = () =>
  startBenchServer(
    PORT_A,
    pin(0),
    { DATABASE_URL: url, DB_POOL_SIZE: String(POOL_SIZE), PGAPPNAME: 'bench-a' },
    [...profile, ...fromSource],
  );
let a = await startA();
const b = await startBenchServer(
  PORT_B,
  pin(0),
  { DATABASE_URL: url, DB_POOL_SIZE: String(POOL_SIZE), PGAPPNAME: 'bench-b' },
  fromSource,
);
// However the bench ends (an error, a timeout's SIGTERM, Ctrl-C), no server nor database is left running.
let finished = false;
process.once('exit', () => {
  if (finished) return;
  for (const [pid, signal] of [
    [a.pid, 'SIGKILL'],
    [b.pid, 'SIGKILL'],
    [postmaster, 'SIGQUIT'],
  ] as const)
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  rmSync(dataDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(1));
const probe = createProbe(url, postmaster, {
  A: { pid: () => a.pid, pool: { appName: 'bench-a', size: POOL_SIZE } },
  B: { pid: () => b.pid, pool: { appName: 'bench-b', size: POOL_SIZE } },
  // The phones and the sender.
  bench: { pid: () => process.pid },
});

const crowd = createCrowd(
  a.base,
  drivers.map((id, index) => ({ id, token: tokens[index]! })),
  { refetch: process.env.BENCH_REFETCH !== '0', jitterMs: Number(process.env.BENCH_JITTER_MS ?? 0) },
);
await probe.start();
const connectStarted = Date.now();
await crowd.connectAll();
const opened = crowd.open.size;
console.log(`${opened} sockets open in ${((Date.now() - connectStarted) / 1000).toFixed(1)} s`);
await new Promise((resolve) => setTimeout(resolve, 2000));
console.log(describeCost(await probe.stop(opened), 'socket opened (and the 2 s after)'));

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const percentiles = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`;
};

/**
 * Runs `send` `rate` times a second for SECONDS to a driver `pick` chooses, with the send time (ms since the epoch)
 * to put in the message, then waits for the last receipts and prints the latencies the sockets measured, and what
 * the phase cost.
 */
async function paced(
  label: string,
  rate: number,
  send: (driver: string, now: number) => Promise<boolean>,
  pick: () => string | undefined = () => drivers[Math.floor(Math.random() * drivers.length)],
  unit = 'message',
  bySecond = false,
) {
  crowd.latencies.length = 0;
  crowd.sentAt.length = 0;
  answers.length = 0;
  let sent = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  await probe.start();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const started = Date.now();
  while (sent < rate * SECONDS) {
    const wait = started + (sent * 1000) / rate - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const driver = pick();
    if (!driver) continue;
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
  const cost = await probe.stop(sent);
  lag.disable();
  console.log(
    `${label}: ${sent} events in ${elapsed.toFixed(1)} s (${(sent / elapsed).toFixed(0)}/s asked ${rate}/s), ` +
      `${failed} failed, ${crowd.latencies.length} received — ${percentiles(crowd.latencies)}`,
  );
  if (answers.length > 0) console.log(`    HTTP answer (send → 201): ${percentiles(answers)}`);
  // The phones and the sender share this process: a busy event loop here would delay sends and receipts alike.
  console.log(
    `    the bench's own event loop: delay p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms, ` +
      `max ${(lag.max / 1e6).toFixed(0)} ms`,
  );
  if (bySecond) {
    // When the time goes: the receipts by the second their message was sent in.
    const first = Math.min(...crowd.sentAt);
    const seconds = new Map<number, number[]>();
    crowd.sentAt.forEach((sent, index) => {
      const second = Math.floor((sent - first) / 1000);
      seconds.set(second, [...(seconds.get(second) ?? []), crowd.latencies[index]!]);
    });
    const p95 = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length * 0.95)]!;
    console.log(
      `    p95 by second of sending: ${[...seconds]
        .sort(([x], [y]) => x - y)
        .map(([second, values]) => `${second}s ${p95(values).toFixed(0)}`)
        .join(', ')} ms`,
    );
  }
  console.log(describeCost(cost, unit));
}

/** The HTTP answer times of the phase's sends (send → 201), beside the sockets' send → receipt. */
const answers: number[] = [];
let reported = 0;
/** Phases 1, 3 and 4: messages sent over HTTP by the transporter, through the instance on `port`. */
const run = (
  port: number,
  rate: number,
  label: string,
  pick?: () => string | undefined,
  unit?: string,
  bySecond?: boolean,
) =>
  paced(
    label,
    rate,
    async (driver, now) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/messages/${driver}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `relais_session=${companyToken}` },
        body: JSON.stringify({ content: `t ${now}`, missionId }),
      });
      const body = await response.text();
      answers.push(performance.timeOrigin + performance.now() - now);
      if (response.status !== 201 && !reported++) console.log(`first failure: ${response.status} ${body}`);
      return response.status === 201;
    },
    pick,
    unit,
    bySecond,
  );

/** Phase 2: the bus's publish (insert + NOTIFY), as a server does once a message is committed. */
async function publishDirect(rate: number, label: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bus = createRealtimeBus({
    pool,
    url,
    log,
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

/**
 * Phase 4: A stops and starts again; the phones reconnect as the web app does. Messages go, from the first
 * reconnection, to drivers whose socket is open again (a message to a phone still away is read by its refetch).
 */
async function restart(label: string) {
  crowd.resetWave();
  const stopping = Date.now();
  await a.stop();
  const downAfter = Date.now() - stopping;
  a = await startA();
  const upAfter = Date.now() - stopping;
  while (crowd.stats.reconnected === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  const firstAfter = Date.now() - stopping;
  const open = () => {
    const ids = [...crowd.open];
    return ids[Math.floor(Math.random() * ids.length)];
  };
  await run(PORT_A, LOCAL_RATE, label, open, `message (the phones' reconnections and reads included)`, true);
  const wave = crowd.wave();
  const readsLeft = crowd.readsPending();
  for (let waited = 0; crowd.readsPending() > 0 && waited < 120_000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const readsDone = Date.now() - stopping;
  console.log(
    `    A stopped in ${(downAfter / 1000).toFixed(1)} s, up again ${(upAfter / 1000).toFixed(1)} s after the stop, first phone back ${(firstAfter / 1000).toFixed(1)} s ` +
      `after the stop; ${crowd.stats.reconnected} reconnected over ${(wave.spreadMs / 1000).toFixed(1)} s, ` +
      `${crowd.stats.gaveUp} gave up, ${crowd.stats.refused} refused; ${crowd.open.size} open at the end`,
  );
  if (crowd.refetches.length > 0 || crowd.stats.refetchFailed > 0)
    console.log(
      `    reads again on reconnection (${crowd.refetches.length} answered, ${crowd.stats.refetchFailed} failed; ` +
        `${readsLeft} still waiting when the messages were done, the last answered ${(readsDone / 1000).toFixed(1)} s ` +
        `after the stop): ${percentiles(crowd.refetches)}`,
    );
}

// Each phase twice: a cold server (first message to most drivers: conversation created, alert written and
// published), then a warm one (most conversations exist and their message alert is still unread).
const phases = new Set((process.env.BENCH_PHASES ?? 'local,bus,cross,restart').split(','));
if (phases.has('local')) {
  await run(PORT_A, LOCAL_RATE, `same instance (A), ${opened} sockets open, cold`);
  await run(PORT_A, LOCAL_RATE, `same instance (A), ${opened} sockets open, warm`);
}
console.log(`server A RSS with ${opened} sockets: ${rssOf(a.pid).toFixed(0)} MB (target ≤ 300 MB)`);
if (phases.has('bus'))
  await publishDirect(CROSS_RATE, 'across instances, commit → client (published as B does, sockets on A)');
if (phases.has('cross')) {
  await run(PORT_B, END_TO_END_RATE, 'across instances, end to end (HTTP through B, sockets on A), cold');
  await run(PORT_B, END_TO_END_RATE, 'across instances, end to end (HTTP through B, sockets on A), warm');
}
console.log(`server A RSS after: ${rssOf(a.pid).toFixed(0)} MB; B: ${rssOf(b.pid).toFixed(0)} MB`);
if (phases.has('restart')) {
  await restart(`same instance (A) after a restart, ${SOCKETS} phones reconnecting`);
  console.log(`server A RSS after the restart: ${rssOf(a.pid).toFixed(0)} MB`);
}

crowd.close();
await probe.close();
await a.stop();
await b.stop();
await database.stop();
rmSync(dataDir, { recursive: true, force: true });
finished = true;
