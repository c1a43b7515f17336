import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../db/client.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.js';
import { installJobQueue } from '../platform/jobs.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
    databaseKind: string;
    /** This run's name: its test databases are `relais_test_<run>_…`, so a run cleans up only its own. */
    testRun: string;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * One PostgreSQL server per run: the embedded one, or Debian's when RELAIS_TEST_DB=external and
 * TEST_DATABASE_URL points at it. A migrated template (with the job queue's schema) is cloned for every test file.
 */
export default async function setup(project: TestProject) {
  const external = process.env.RELAIS_TEST_DB === 'external';
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl: string;
  const quiet = { info: () => undefined, warn: (message: string) => console.warn(message) };

  if (external) {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('RELAIS_TEST_DB=external needs TEST_DATABASE_URL');
    adminUrl = url;
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'relais-test-'));
    embedded = await startEmbeddedPostgres(dataDir, quiet);
    adminUrl = embedded.url('postgres');
  }

  const testRun = randomBytes(4).toString('hex');
  const templateDatabase = `relais_tpl_${testRun}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${templateDatabase}`);
  await migrateDatabase(withDatabase(adminUrl, templateDatabase));
  // pg-boss's schema too: an app's start then only checks it is there.
  await installJobQueue(withDatabase(adminUrl, templateDatabase));
  const { rows } = await admin.query<{ server_version: string }>('show server_version');
  await admin.end();
  console.warn(`[tests] PostgreSQL ${rows[0]?.server_version} (${external ? 'external' : 'embedded'})`);

  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('databaseKind', external ? 'external' : 'embedded');
  project.provide('testRun', testRun);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    // Only this run's: another run may be using the same server (a developer's while CI runs).
    const { rows: databases } = await client.query<{ datname: string }>(
      `select datname from pg_database where left(datname, length($1)) = $1 or datname = $2`,
      [`relais_test_${testRun}_`, templateDatabase],
    );
    for (const { datname } of databases) {
      await client.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
    }
    await client.end();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
