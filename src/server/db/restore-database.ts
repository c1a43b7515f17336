import { createReadStream } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { BACKUP_SCHEMAS, BackupError, type BackupLogger } from './backup.js';
import { qualified, quoteIdent, type BackupManifest, type BackupTable } from './backup-archive.js';
import { copyIn } from './backup-copy.js';
import { migrationsFolder } from './client.js';

/**
 * The database side of `npm run restore` (decision 024): which schema this code can rebuild for a backup, and the
 * load itself, in one transaction.
 */

/** The migrations' advisory lock (client.ts): a Relais starting on the database waits for the restore to end. */
const MIGRATION_LOCK = 727274;

async function countRelations(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ relations: number }>(
    `select count(*)::int as relations from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
        and not exists (select 1 from pg_depend d
                         where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`,
  );
  return rows[0]!.relations;
}

/** Extension objects aside (the migrations create them if missing), the database must hold nothing. */
export async function requireEmptyDatabase(client: pg.Client): Promise<void> {
  const relations = await countRelations(client);
  if (relations > 0)
    throw new BackupError(
      `La base de DATABASE_URL n'est pas vide (${relations} tables ou séquences) : la restauration n'écrit que ` +
        'dans une base vide, pour ne jamais écraser de données. Créez-en une (createdb) et pointez DATABASE_URL dessus.',
    );
}

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'relais-restore' });
  client.on('error', () => undefined);
  await client.connect().catch((error: Error) => {
    throw new BackupError(`Connexion à la base impossible (${error.message}).`);
  });
  return client;
}

/** The code's migrations that made the backup's schema; refuses a backup this code cannot rebuild. */
export function migrationsFor(manifest: BackupManifest): MigrationMeta[] {
  const code = readMigrationFiles({ migrationsFolder });
  if (manifest.migrations.length > code.length)
    throw new BackupError(
      `Cette sauvegarde vient d'une version plus récente de Relais (${manifest.migrations.length} migrations, ` +
        `ce code en connaît ${code.length}) : restaurez-la avec la version ${manifest.relaisVersion} ou une plus récente.`,
    );
  manifest.migrations.forEach((migration, index) => {
    if (migration.hash !== code[index]!.hash || migration.createdAt !== code[index]!.folderMillis)
      throw new BackupError(
        `La migration n° ${index + 1} de la sauvegarde n'est pas celle de ce code : restaurez avec la version de ` +
          `Relais qui a fait la sauvegarde (${manifest.relaisVersion}).`,
      );
  });
  return code.slice(0, manifest.migrations.length);
}

/** pg-boss's construction script without its own BEGIN/COMMIT, to run inside the restore's transaction. */
export function jobQueuePlan(manifest: BackupManifest): string | null {
  if (!manifest.jobQueue) return null;
  const plan = PgBoss.getConstructionPlans('pgboss');
  const body = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/.exec(plan)?.[1];
  const version = Number(/INSERT INTO pgboss\.version\(version\) VALUES \('(\d+)'\)/.exec(plan)?.[1]);
  if (!body || !version)
    throw new Error('pg-boss : script de construction inattendu (backup/restore à revoir)');
  if (version !== manifest.jobQueue.schemaVersion)
    throw new BackupError(
      `La file de tâches de la sauvegarde (pg-boss, schéma ${manifest.jobQueue.schemaVersion}) n'est pas celle de ` +
        `ce code (schéma ${version}) : restaurez avec la version de Relais qui a fait la sauvegarde ` +
        `(${manifest.relaisVersion}), puis mettez à jour.`,
    );
  return body;
}

async function loadTable(
  client: pg.Client,
  table: BackupTable,
  from: string,
  staging: string,
): Promise<void> {
  const rows = await copyIn(
    client,
    `copy ${from} (${table.columns.map(quoteIdent).join(', ')}) from stdin`,
    createReadStream(path.join(staging, table.file)),
  );
  if (rows !== table.rows)
    throw new BackupError(
      `${table.schema}.${table.name} : ${rows} lignes chargées, ${table.rows} attendues.`,
    );
}

/**
 * pg-boss keeps a job table partition per queue, made by its `create_queue` function (pg-boss 10): the queues are
 * created through it from the saved rows, then given back their saved dates and dead-letter queues.
 */
async function loadQueues(client: pg.Client, table: BackupTable, staging: string): Promise<void> {
  await client.query('create temp table relais_restored_queue (like pgboss.queue) on commit drop');
  await loadTable(client, table, 'relais_restored_queue', staging);
  await client.query(
    `select pgboss.create_queue(name, json_build_object(
        'policy', policy, 'retryLimit', retry_limit, 'retryDelay', retry_delay, 'retryBackoff', retry_backoff,
        'expireInSeconds', expire_seconds, 'retentionMinutes', retention_minutes))
       from relais_restored_queue order by name`,
  );
  await client.query(
    `update pgboss.queue q set dead_letter = r.dead_letter, created_on = r.created_on, updated_on = r.updated_on
       from relais_restored_queue r where q.name = r.name`,
  );
}

/**
 * One transaction: the schema as the backup's migrations (and pg-boss) made it, then the rows, then the sequences.
 * Foreign keys are dropped during the load and added back after it (which checks every row, as pg_dump's order
 * does), and the tables' own triggers are off while their saved rows go in: the rows are restored as they were,
 * not written again.
 */
export async function loadDatabase(
  url: string,
  manifest: BackupManifest,
  schema: { migrations: MigrationMeta[]; jobQueue: string | null },
  staging: string,
  log: BackupLogger,
) {
  const { migrations, jobQueue } = schema;
  const client = await connect(url);
  try {
    await client.query('begin');
    await client.query("set local statement_timeout = 0; set local lock_timeout = '30s'");
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await requireEmptyDatabase(client);
    log.info(`Schéma : ${migrations.length} migrations${jobQueue ? ', file de tâches' : ''}.`);
    await client.query('create schema if not exists drizzle');
    await client.query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    for (const migration of migrations)
      for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
    if (jobQueue) {
      await client.query(jobQueue);
      // pg-boss's script sets these for its own short transaction; this one reads files between statements.
      await client.query("set local idle_in_transaction_session_timeout = 0; set local lock_timeout = '30s'");
    }

    const isQueue = (table: BackupTable) => table.schema === 'pgboss' && table.name === 'queue';
    const tables = manifest.tables.filter((table) => !isQueue(table));
    // Rows a migration may have seeded are in the backup too, as they were.
    if (tables.length > 0)
      await client.query(`truncate ${tables.map((table) => qualified(table.schema, table.name)).join(', ')}`);
    const queue = manifest.tables.find(isQueue);
    if (queue) await loadQueues(client, queue, staging);

    const { rows: foreignKeys } = await client.query<{ owner: string; name: string; definition: string }>(
      `select conrelid::regclass::text as owner, conname as name, pg_get_constraintdef(oid) as definition
         from pg_constraint
        where contype = 'f' and conparentid = 0
          and connamespace in (select oid from pg_namespace where nspname = any($1))`,
      [BACKUP_SCHEMAS],
    );
    for (const key of foreignKeys)
      await client.query(`alter table ${key.owner} drop constraint ${quoteIdent(key.name)}`);
    const { rows: triggered } = await client.query<{ owner: string }>(
      `select distinct tgrelid::regclass::text as owner from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal
          and c.relnamespace in (select oid from pg_namespace where nspname = any($1))`,
      [BACKUP_SCHEMAS],
    );
    for (const { owner } of triggered) await client.query(`alter table ${owner} disable trigger user`);

    let rows = 0;
    for (const table of tables) {
      await loadTable(client, table, qualified(table.schema, table.name), staging);
      rows += table.rows;
    }
    log.info(`Données : ${rows} lignes dans ${manifest.tables.length} tables.`);

    for (const { owner } of triggered) await client.query(`alter table ${owner} enable trigger user`);
    for (const key of foreignKeys)
      await client.query(`alter table ${key.owner} add constraint ${quoteIdent(key.name)} ${key.definition}`);
    for (const sequence of manifest.sequences)
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        qualified(sequence.schema, sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
  // Fresh statistics: the planner would otherwise guess on a database it has never looked at.
  const analyse = await connect(url);
  await analyse.query('analyze').finally(() => analyse.end().catch(() => undefined));
}
