/**
 * Part of npm run bench — the reads the web app polls for every signed-in user (decision 025): GET /api/auth/me, the
 * dashboard stats, the conversation list and the alerts, on 10,000 users and their history (missions, applications,
 * timelines, payments, conversations with messages, alerts, one session each) seeded in a real PostgreSQL
 * (embedded). Every request is signed in as another user (scripts/reads-load.mjs), so no answer comes from one
 * user's rows kept warm. Server and database on core 0, load generator on core 1. Target on the 2-core machine:
 * ≥ 2,000 req/s each with p99 ≤ 50 ms. Per route it also prints the statements PostgreSQL ran per request
 * (pg_stat_statements) and the CPU seconds Node and PostgreSQL spent: where the time goes. Figures only.
 *
 * BENCH_FROM_SOURCE=1 runs the server from src/ with tsx (no build needed); BENCH_CPU_PROF=folder writes a V8 CPU
 * profile of the server there; BENCH_USERS changes the population (default 10,000); BENCH_DATA_DIR=folder keeps the
 * seeded database there between runs (seeded on the first); BENCH_ROUTES=/api/alerts,… runs only those.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { ensureDatabaseExists, migrateDatabase } from '../src/server/db/client.js';
import { startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { startBenchServer } from './bench-server.js';
import { seedReaders } from './bench-reads-seed.js';

const PORT = Number(process.env.BENCH_PORT ?? 5197);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const cores = os.cpus().length;
const pin = (core: number) => (cores > 1 ? ['taskset', '-c', String(core)] : []);

const keep = process.env.BENCH_DATA_DIR;
const dataDir = keep ? path.resolve(keep) : mkdtempSync(path.join(os.tmpdir(), 'relais-bench-reads-'));
mkdirSync(dataDir, { recursive: true });
const log = pino({ level: 'warn' });
const fresh = !existsSync(path.join(dataDir, 'db', 'pg', 'PG_VERSION'));
let database = await startEmbeddedPostgres(path.join(dataDir, 'db'), log);
if (fresh) {
  // pg_stat_statements is loaded at start-up only: the first start writes the setting, the second loads it.
  const admin = new pg.Client({ connectionString: database.url('postgres') });
  await admin.connect();
  await admin.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await admin.end();
  await database.stop();
  database = await startEmbeddedPostgres(path.join(dataDir, 'db'), log);
  // Planning counted apart from execution: what a prepared statement would save.
  const loaded = new pg.Client({ connectionString: database.url('postgres') });
  await loaded.connect();
  await loaded.query('alter system set pg_stat_statements.track_planning = on');
  await loaded.query('select pg_reload_conf()');
  await loaded.end();
}
const postmaster = Number(
  readFileSync(path.join(dataDir, 'db', 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
);
// The database shares core 0 with the server (its backends, forked later, inherit the postmaster's core).
if (cores > 1) execFileSync('taskset', ['-a', '-p', '-c', '0', String(postmaster)], { stdio: 'ignore' });
const url = database.url('relais');
await ensureDatabaseExists(database.url('postgres'), 'relais');
await migrateDatabase(url);

const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query('create extension if not exists pg_stat_statements');
const seeded = Date.now();
if ((await client.query('select 1 from users limit 1')).rowCount === 0) {
  const population = await seedReaders(client, USERS);
  console.log(
    `seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s: ` +
      Object.entries(population)
        .map(([table, count]) => `${count.toLocaleString('en')} ${table}`)
        .join(', '),
  );
}
const tokensFile = path.join(dataDir, 'tokens.txt');
const { rows: tokenRows } = await client.query<{ token: string }>(
  `select 'bench' || replace(user_id::text, '-', '') as token from sessions`,
);
writeFileSync(tokensFile, tokenRows.map((row) => row.token).join('\n'));

const profileDir = process.env.BENCH_CPU_PROF;
const nodeArgs = [
  ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
  // From source: node runs the first script it is given; the built entry startBenchServer appends is then only an
  // argument nobody reads.
  ...(process.env.BENCH_FROM_SOURCE
    ? ['--conditions=development', '--import', 'tsx', 'src/server/main.ts']
    : []),
];
const server = await startBenchServer(PORT, pin(0), { DATABASE_URL: url }, nodeArgs);

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** CPU seconds (user + system) a process has used so far. */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** The postmaster and its children (the server's pooled connections stay for the whole run). */
function postgresCpu(): number {
  let total = cpuOf(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(stat[1]) === postmaster) total += cpuOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

interface Statement {
  calls: number;
  plans: number;
  mean: number;
  plan: number;
  query: string;
}
interface Run {
  route: string;
  result: Result;
  queriesPerRequest: number;
  nodeCpu: number;
  pgCpu: number;
  top: Statement[];
}

async function load(route: string): Promise<Run> {
  // A session seen less than a minute ago is not written again: every run measures the read alone.
  await client.query('update sessions set last_seen_at = now()');
  await client.query('select pg_stat_statements_reset()');
  const [node0, pg0] = [cpuOf(server.pid), postgresCpu()];
  const [cmd, ...args] = [
    ...pin(1),
    process.execPath,
    'scripts/reads-load.mjs',
    server.base,
    route,
    String(DURATION),
    String(CONNECTIONS),
    tokensFile,
  ];
  const result = JSON.parse(
    execFileSync(cmd!, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
  ) as Result;
  const [node1, pg1] = [cpuOf(server.pid), postgresCpu()];
  const { rows } = await client.query<Statement>(`
    select calls::int, plans::int, mean_exec_time::float8 as mean, mean_plan_time::float8 as plan,
      regexp_replace(query, '\\s+', ' ', 'g') as query
    from pg_stat_statements
    where dbid = (select oid from pg_database where datname = current_database())
      and query not like '%pg_stat_statements%'
    order by total_exec_time desc`);
  const requests = Math.max(1, result.requests.total);
  return {
    route,
    result,
    queriesPerRequest: rows.reduce((sum, row) => sum + row.calls, 0) / requests,
    nodeCpu: node1 - node0,
    pgCpu: pg1 - pg0,
    top: rows.slice(0, 3),
  };
}

try {
  const routes = process.env.BENCH_ROUTES?.split(',') ?? [
    '/api/auth/me',
    '/api/dashboard/stats',
    '/api/conversations',
    '/api/alerts',
  ];
  const sample = tokenRows[0]!.token;
  for (const route of routes) {
    const answer = await fetch(`${server.base}${route}`, { headers: { cookie: `relais_session=${sample}` } });
    const body = await answer.text();
    const items = body.startsWith('[') ? `, ${(JSON.parse(body) as unknown[]).length} items` : '';
    console.log(`${route}: ${answer.status}, ${body.length} bytes for one user${items}`);
  }
  const runs: Run[] = [];
  for (const route of routes) runs.push(await load(route));
  console.log(
    `\nHot reads — ${tokenRows.length.toLocaleString('en')} users, a different one on every request, ${CONNECTIONS} connections, ` +
      `${DURATION} s each, server+DB on core 0, load on core 1\n`,
  );
  console.log(
    'route'.padEnd(24),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'non-2xx'.padStart(8),
    'SQL/req'.padStart(8),
    'node ms/req'.padStart(12),
    'pg ms/req'.padStart(10),
  );
  for (const { route, result, queriesPerRequest, nodeCpu, pgCpu } of runs) {
    const perRequest = (seconds: number) =>
      ((seconds * 1000) / Math.max(1, result.requests.total)).toFixed(3);
    console.log(
      `GET ${route}`.padEnd(24),
      result.requests.average.toFixed(0).padStart(8),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      String(result.non2xx + result.errors).padStart(8),
      queriesPerRequest.toFixed(2).padStart(8),
      perRequest(nodeCpu).padStart(12),
      perRequest(pgCpu).padStart(10),
    );
  }
  console.log(
    '\nTarget: each ≥ 2,000 req/s with p99 ≤ 50 ms. CPU per request: Node and PostgreSQL on core 0.',
  );
  console.log(
    'Costliest statements per route (calls per request × mean ms executing, planned on n% of calls):',
  );
  for (const { route, result, top } of runs) {
    console.log(`  ${route}`);
    for (const statement of top) {
      const planned = statement.calls ? (100 * statement.plans) / statement.calls : 0;
      console.log(
        `    ${(statement.calls / Math.max(1, result.requests.total)).toFixed(2)} × ${statement.mean.toFixed(3)} ms, ` +
          `planned ${planned.toFixed(0)}% (${statement.plan.toFixed(3)} ms)  ${statement.query.slice(0, 90)}`,
      );
    }
  }
} finally {
  await client.end();
  await server.stop();
  await database.stop();
  if (profileDir && existsSync(profileDir)) console.log(`CPU profile in ${profileDir}`);
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
