/**
 * npm run bench:search — the mission search under load (issue 4): 100,000 missions seeded across France in a
 * real PostgreSQL (embedded), then autocannon on GET /api/missions/search with filters and a 50 km radius,
 * and on bare /api/health in the same run. Server and database on core 0, load generator on core 1.
 * Target on the 2-core machine: ≥ 1,000 req/s with p99 ≤ 50 ms. Figures only, no assertion.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
const MISSIONS = Number(process.env.BENCH_MISSIONS ?? 100_000);
const cores = os.cpus().length;
const pin = (core: number) => (cores > 1 ? ['taskset', '-c', String(core)] : []);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'relais-bench-search-'));
const database = await startEmbeddedPostgres(path.join(dataDir, 'db'), pino({ level: 'warn' }));
const url = database.url('relais');
await ensureDatabaseExists(database.url('postgres'), 'relais');
await migrateDatabase(url);

// 100,000 missions across mainland France, a few thousand companies, the next three weeks.
const seeded = Date.now();
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query(`
  insert into users (email, password, user_type, full_name, company_name, siret_number)
  select 'bench-' || g || '@exemple.fr', 'x', 'company', 'Transporteur ' || g, 'Transports ' || g, '73282932000074'
  from generate_series(1, 2000) g`);
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
    from generate_series(1, $1::int) g
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
  [MISSIONS],
);
await client.query('vacuum analyze missions');
const count = (
  (await client.query('select count(*)::int as count from missions')).rows[0] as { count: number }
).count;
await client.end();
console.log(`seeded ${count} missions in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

const server = await startBenchServer(PORT, pin(0), { DATABASE_URL: url, DB_POOL_SIZE: '20' });

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
/** autocannon on core 1; `target` is a path, or 'random-points' for a new point in France on every request. */
function load(target: string): Result {
  const [cmd, ...args] = [
    ...pin(1),
    process.execPath,
    'scripts/search-load.mjs',
    server.base,
    target,
    String(DURATION),
    String(CONNECTIONS),
  ];
  return JSON.parse(execFileSync(cmd!, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as Result;
}

try {
  const radius = '/api/missions/search?lat=45.764&lng=4.8357&radiusKm=50&minPrice=100&sort=distance';
  const filtered =
    '/api/missions/search?lat=48.8566&lng=2.3522&radiusKm=50&vehicleType=semi_remorque&urgent=true';
  const text = '/api/missions/search?q=frigo%20lyon&sort=start';
  const sample = (await (await fetch(`${server.base}${radius}`)).json()) as { total: number };
  console.log(`radius search answers ${sample.total} missions within 50 km of Lyon`);
  const runs: Array<[string, Result]> = [
    ['GET /api/health', load('/api/health')],
    ['search: 50 km of Lyon, price ≥ 100', load(radius)],
    ['search: 50 km of Paris, semi, urgent', load(filtered)],
    ['search: text "frigo lyon"', load(text)],
    ['search: 50 km of a new point each time', load('random-points')],
  ];
  console.log(
    `\nMission search — ${count} missions, ${CONNECTIONS} connections, ${DURATION} s each, server+DB on core 0, load on core 1\n`,
  );
  console.log(
    'run'.padEnd(40),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'non-2xx'.padStart(8),
  );
  for (const [name, result] of runs) {
    console.log(
      name.padEnd(40),
      result.requests.average.toFixed(0).padStart(8),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      String(result.non2xx + result.errors).padStart(8),
    );
  }
  console.log(
    '\nTarget: search ≥ 1,000 req/s with p99 ≤ 50 ms. The fixed searches are answered from the 3 s search cache',
  );
  console.log('after their first query; the last run never repeats a search (every request is a query).');
} finally {
  await server.stop();
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
