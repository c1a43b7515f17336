import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as admin from './schema/admin.js';
import * as analytics from './schema/analytics.js';
import * as documents from './schema/documents.js';
import * as messaging from './schema/messaging.js';
import * as missions from './schema/missions.js';
import * as payments from './schema/payments.js';
import * as platform from './schema/platform.js';
import * as road from './schema/road.js';
import * as sms from './schema/sms.js';
import * as users from './schema/users.js';

const schema = {
  ...users,
  ...platform,
  ...missions,
  ...messaging,
  ...payments,
  ...documents,
  ...admin,
  ...analytics,
  ...road,
  ...sms,
};
export type Db = NodePgDatabase<typeof schema>;
/** A Drizzle handle, or the transaction a service runs in. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  /**
   * The pool of the hot public reads written as prepared statements (the missions search): few connections, and
   * plans fixed once per statement (plan_cache_mode force_generic_plan, decision 027). Nothing else runs on it.
   */
  reads: pg.Pool;
  url: string;
  close(): Promise<void>;
}

// numeric stays a string (exact money); int8 counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Connections of the reads pool: a share of the main pool's, at least two. */
export const readsPoolSize = (poolSize: number) => Math.max(2, Math.ceil(poolSize / 2));

export function openDatabase(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 });
  // The estimate PostgreSQL makes of a radius box (a constant of the cube type) is far too small: planned for
  // the values of each search, the nearest-first index scan loses to a bitmap scan and a sort ten times slower.
  // The generic plan of a prepared search keeps the index scan; forcing it makes that choice once and for all.
  const reads = new pg.Pool({
    connectionString: url,
    max: readsPoolSize(poolSize),
    connectionTimeoutMillis: 10_000,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  reads.on('error', () => undefined);
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return {
    db,
    pool,
    reads,
    url,
    close: async () => void (await Promise.all([closeWhenQuiet(pool), closeWhenQuiet(reads)])),
  };
}

/**
 * Ends the pool once no query has run for a moment (at most `deadlineMs`). At shutdown the HTTP server has
 * stopped, but a request whose client went away may still be between two of its queries: its next query must
 * not meet a closed pool.
 */
async function closeWhenQuiet(pool: pg.Pool, quietMs = 150, deadlineMs = 5000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const busy = pool.totalCount - pool.idleCount + pool.waitingCount;
    if (busy > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await pool.end();
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

/** Applies the committed migrations; an advisory lock keeps two instances starting together from racing. */
export async function migrateDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end();
  }
}

/** Creates a database on the server if it does not exist (the embedded server starts with `postgres` only). */
export async function ensureDatabaseExists(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client
        .query(`create database ${client.escapeIdentifier(name)}`)
        .catch((error: { code?: string }) => {
          if (error.code !== '42P04') throw error;
        });
    }
  } finally {
    await client.end();
  }
}
