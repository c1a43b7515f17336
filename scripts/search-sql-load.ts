/**
 * The limit of scripts/bench-search.ts: the search's own statement (features/missions/search-statement.ts, the
 * same random searches as the HTTP load) sent straight to PostgreSQL through a pool like the server's reads pool,
 * from this process, as fast as PostgreSQL answers. Prints JSON: { rate, p50, p99 } (queries per second, ms).
 */
import pg from 'pg';
import { missionSearchSchema } from '../src/core/schemas/missions.js';
import { readsPoolSize } from '../src/server/db/client.js';
import { searchStatement } from '../src/server/features/missions/search-statement.js';
import { randomSearch } from './search-random.mjs';

const [url, seconds, concurrency, poolSize] = process.argv.slice(2);
const pool = new pg.Pool({
  connectionString: url,
  max: readsPoolSize(Number(poolSize)),
  options: '-c plan_cache_mode=force_generic_plan',
});
const latencies: number[] = [];
const end = Date.now() + Number(seconds) * 1000;
await Promise.all(
  Array.from({ length: Number(concurrency) }, async () => {
    while (Date.now() < end) {
      const query = missionSearchSchema.parse(Object.fromEntries(new URLSearchParams(randomSearch())));
      const { name, text, values } = searchStatement({ user: null }, query);
      const started = performance.now();
      await pool.query({ name, text, values });
      latencies.push(performance.now() - started);
    }
  }),
);
await pool.end();
latencies.sort((a, b) => a - b);
const at = (share: number) => Math.round(latencies[Math.floor((latencies.length - 1) * share)]! * 10) / 10;
process.stdout.write(
  JSON.stringify({ rate: latencies.length / Number(seconds), p50: at(0.5), p99: at(0.99) }),
);
