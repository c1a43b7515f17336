/**
 * npm run bench:search — the mission search under load (decisions 009 and 027), at several sizes: missions are seeded
 * across France in a real PostgreSQL (embedded), 10,000 then 100,000 then 1,000,000 (BENCH_SIZES), and at each size:
 *  - autocannon on bare /api/health and on fixed searches (answered from the 3 s search cache after their first query);
 *  - never-repeated searches (scripts/search-random.mjs: a random point, 50 km, filters, first page): every request
 *    is a query;
 *  - the limit: the same searches' own statement sent straight to PostgreSQL through a pool like the server's, and
 *    the ratio of the endpoint to it;
 *  - the database's size.
 * Server and PostgreSQL on core 0, load generators on core 1. Target on the 2-core machine: never-repeated searches
 * ≥ 1,000 req/s with p99 ≤ 50 ms at 100,000 missions, at ≥ 60% of their SQL; p99 at 1M within 2× of p99 at 10k.
 * Figures only, no assertion.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { ensureDatabaseExists, migrateDatabase } from '../src/server/db/client.js';
import { startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { startBenchServer } from './bench-server.js';

const PORT = Number(process.env.BENCH_PORT ?? 5195);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 20);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const cores = os.cpus().length;
const pin = (core: number) => (cores > 1 ? ['taskset', '-c', String(core)] : []);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'relais-bench-search-'));
const dbDir = path.join(dataDir, 'db');
const database = await startEmbeddedPostgres(dbDir, pino({ level: 'warn' }));
const url = database.url('relais');
/** PostgreSQL on core 0 with the server: its postmaster, and the processes it has forked (backends to come inherit). */
function pinDatabase() {
  if (cores < 2) return;
  const postmaster = readFileSync(path.join(dbDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!;
  const children = readdirSync('/proc').filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === postmaster;
    } catch {
      return false;
    }
  });
  for (const pid of [postmaster, ...children])
    execFileSync('taskset', ['-pc', '0', pid], { stdio: 'ignore' });
}
await ensureDatabaseExists(database.url('postgres'), 'relais');
await migrateDatabase(url);
pinDatabase();

const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query(`
  insert into users (email, password, user_type, full_name, company_name, siret_number)
  select 'bench-' || g || '@exemple.fr', 'x', 'company', 'Transporteur ' || g, 'Transports ' || g, '73282932000074'
  from generate_series(1, 2000) g`);

/** Adds missions up to `total`, across mainland France, starting within the next three weeks (a tenth ended). */
async function seedUpTo(total: number): Promise<number> {
  const started = Date.now();
  const have = (await client.query<{ n: number }>('select count(*)::int as n from missions')).rows[0]!.n;
  for (let from = have; from < total; from += 100_000) {
    await client.query(
      `
      with companies as (select array_agg(id) ids from users where user_type = 'company'),
      params as (
        select g,
          43.0 + random() * 7.0 as lat,
          -1.5 + random() * 8.5 as lng,
          (array['porteur','porteur_frigorifique','semi_remorque','semi_frigorifique','citerne','plateau','benne','porte_conteneur'])[1 + floor(random() * 8)::int] as vehicle,
          (array['frigo','palettes','vrac','colis','materiaux','boissons','textile','pieces auto'])[1 + floor(random() * 8)::int] as cargo,
          (array['lyon','paris','lille','marseille','nantes','bordeaux','toulouse','rennes','strasbourg','rouen'])[1 + floor(random() * 10)::int] as city,
          now() + (1 + random() * 500) * interval '1 hour' as start_at
        from generate_series($1::int + 1, $2::int) g
      )
      insert into missions (company_id, title, description, pickup_address, delivery_address, pickup_city, delivery_city,
        pickup_lat, pickup_lng, delivery_lat, delivery_lng, vehicle_type, start_date, end_date, price, urgency,
        status, search_text)
      select (select ids[1 + (g % 2000)] from companies), 'Mission ' || cargo || ' ' || g, 'Transport de ' || cargo,
        'Adresse ' || g, 'Adresse ' || g, city, 'lille', lat, lng, lat + 0.5, lng + 0.5, vehicle, start_at,
        start_at + interval '8 hours', round((80 + random() * 900)::numeric, 2), random() < 0.2,
        case when random() < 0.9 then 'available' else 'completed' end,
        'mission ' || cargo || ' ' || g || ' transport de ' || cargo || ' ' || city || ' lille'
      from params`,
      [from, Math.min(from + 100_000, total)],
    );
  }
  await client.query('vacuum analyze missions');
  return (Date.now() - started) / 1000;
}

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
interface Row {
  size: number;
  name: string;
  rate: number;
  p50: number;
  p99: number;
  failed: number;
}
const rows: Row[] = [];
const limits: Array<{ size: number; rate: number; p50: number; p99: number; bytes: number }> = [];

/** autocannon on core 1; `target` is a path, or 'random-searches' for a new search on every request. */
function load(base: string, target: string): Result {
  const [cmd, ...args] = [
    ...pin(1),
    process.execPath,
    'scripts/search-load.mjs',
    base,
    target,
    String(DURATION),
    String(CONNECTIONS),
  ];
  return JSON.parse(execFileSync(cmd!, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as Result;
}

/** The search's own SQL, from a process on core 1, through a pool like the server's reads pool. */
function sqlLimit(): { rate: number; p50: number; p99: number } {
  const [cmd, ...args] = [
    ...pin(1),
    process.execPath,
    '--import',
    'tsx',
    'scripts/search-sql-load.ts',
    url,
    String(DURATION),
    String(CONNECTIONS),
    String(POOL_SIZE),
  ];
  return JSON.parse(execFileSync(cmd!, args, { encoding: 'utf8' })) as {
    rate: number;
    p50: number;
    p99: number;
  };
}

try {
  for (const size of SIZES) {
    const seconds = await seedUpTo(size);
    const bytes = Number(
      (await client.query<{ bytes: string }>(`select pg_database_size('relais') as bytes`)).rows[0]!.bytes,
    );
    console.log(
      `\n${size} missions (seeded in ${seconds.toFixed(1)} s), database ${(bytes / 2 ** 20).toFixed(0)} MB`,
    );
    const server = await startBenchServer(PORT, pin(0), {
      DATABASE_URL: url,
      DB_POOL_SIZE: String(POOL_SIZE),
      JOBS_WORKER: 'false',
    });
    pinDatabase();
    try {
      const runs: Array<[string, string]> = [
        ['GET /api/health', '/api/health'],
        [
          'fixed: 50 km of Lyon, price ≥ 100 (cached)',
          '/api/missions/search?lat=45.764&lng=4.8357&radiusKm=50&minPrice=100',
        ],
        ['fixed: text "frigo lyon" (cached)', '/api/missions/search?q=frigo%20lyon&sort=start'],
        ['never repeated: point, 50 km, filters', 'random-searches'],
      ];
      // A few seconds of searches first: the server's code compiled hot, each connection's statements prepared.
      execFileSync(process.execPath, ['scripts/search-load.mjs', server.base, 'random-searches', '3', '10']);
      for (const [name, target] of runs) {
        const result = load(server.base, target);
        rows.push({
          size,
          name,
          rate: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          failed: result.non2xx + result.errors,
        });
        console.log(`  ${name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
      }
      const limit = sqlLimit();
      limits.push({ size, ...limit, bytes });
      console.log(`  its SQL alone: ${limit.rate.toFixed(0)} queries/s, p99 ${limit.p99} ms`);
    } finally {
      await server.stop();
    }
  }

  console.log(
    `\nMission search — ${CONNECTIONS} connections, ${DURATION} s each, server+PostgreSQL on core 0, load on core 1 (${os.cpus()[0]?.model ?? 'cpu'})\n`,
  );
  console.log(
    'missions'.padStart(9),
    'run'.padEnd(44),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'failed'.padStart(7),
  );
  for (const row of rows) {
    console.log(
      String(row.size).padStart(9),
      row.name.padEnd(44),
      row.rate.toFixed(0).padStart(8),
      String(row.p50).padStart(8),
      String(row.p99).padStart(8),
      String(row.failed).padStart(7),
    );
  }
  console.log('\nNever-repeated searches against their own SQL (the limit), and the growth curve\n');
  console.log(
    'missions'.padStart(9),
    'DB MB'.padStart(7),
    'endpoint/s'.padStart(11),
    'p99 ms'.padStart(7),
    'SQL/s'.padStart(8),
    'SQL p99'.padStart(8),
    'ratio'.padStart(6),
  );
  for (const limit of limits) {
    const endpoint = rows.find((row) => row.size === limit.size && row.name.startsWith('never'))!;
    console.log(
      String(limit.size).padStart(9),
      (limit.bytes / 2 ** 20).toFixed(0).padStart(7),
      endpoint.rate.toFixed(0).padStart(11),
      String(endpoint.p99).padStart(7),
      limit.rate.toFixed(0).padStart(8),
      String(limit.p99).padStart(8),
      `${Math.round((100 * endpoint.rate) / limit.rate)}%`.padStart(6),
    );
  }
  const first = rows.find((row) => row.name.startsWith('never') && row.size === SIZES[0]);
  const last = rows.find((row) => row.name.startsWith('never') && row.size === SIZES.at(-1));
  if (first && last && first !== last) {
    console.log(
      `\np99 at ${last.size} missions = ${(last.p99 / first.p99).toFixed(2)} × p99 at ${first.size} (goal: within 2×)`,
    );
  }
  console.log(
    'Targets: never-repeated ≥ 1,000 req/s with p99 ≤ 50 ms at 100,000 missions, ≥ 60% of its SQL.',
  );
} finally {
  await client.end();
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
