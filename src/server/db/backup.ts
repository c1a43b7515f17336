import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import { checkStorageKey } from '../platform/storage.js';
import {
  fileEntry,
  MANIFEST_ENTRY,
  qualified,
  quoteIdent,
  tableEntry,
  writeArchive,
  type ArchiveEntry,
  type BackupManifest,
  type BackupTable,
  type EntryDigest,
} from './backup-archive.js';
import { copyOut } from './backup-copy.js';
import { startEmbeddedPostgres } from './embedded.js';

/**
 * `npm run backup` (decision 024): one file holding a consistent copy of the database (every table of Relais's
 * schemas read in one REPEATABLE READ snapshot, as pg_dump does) and the uploaded files, checked end to end by
 * `npm run restore`.
 */

/** A refusal or failure told to the person running the command, in French, without a stack. */
export class BackupError extends Error {}

export interface BackupLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** The schemas Relais owns: its tables, the migrations' ledger, the job queue. Nothing else is copied. */
export const BACKUP_SCHEMAS = ['public', 'drizzle', 'pgboss'];
/** pg-boss writes its own version row when its schema is built (restore.ts): not copied. */
const NOT_COPIED = new Set(['pgboss.version']);
const PARTIAL_UPLOAD = /\.partial$/;

const counted = (count: number, word: string) => `${count} ${word}${count > 1 ? 's' : ''}`;

/** "3 utilisateurs, 2 missions, 1 message": what a backup holds, for people. */
export function describeCounts(counts: BackupManifest['counts']): string {
  return [
    counted(counts.users, 'utilisateur'),
    counted(counts.missions, 'mission'),
    counted(counts.messages, 'message'),
  ].join(', ');
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  /** How the database was reached. */
  source: 'running' | 'started' | 'external';
}

interface Source {
  url: string;
  how: BackupResult['source'];
  close(): Promise<void>;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded server of a running Relais on this folder, if there is one: `npm start` holds the folder (the
 * server refuses a second owner, embedded.ts), so the backup reads through that server rather than starting one.
 */
async function runningEmbeddedUrl(dataDir: string): Promise<{ url: string; pid: number } | null> {
  const owner = await readFile(path.join(dataDir, 'pg', 'relais-owner.json'), 'utf8')
    .then((text) => JSON.parse(text) as { pid?: unknown; port?: unknown })
    .catch(() => null);
  if (!owner || typeof owner.pid !== 'number' || typeof owner.port !== 'number') return null;
  const cmdline = await readFile(`/proc/${owner.pid}/cmdline`, 'utf8').catch(() => '');
  if (!processAlive(owner.pid) || !cmdline.includes('node')) return null;
  const secret = path.join(dataDir, 'pg-password');
  const password = await readFile(secret, 'utf8').catch((error: Error) => {
    throw new BackupError(
      `Lecture de ${secret} impossible (${error.message}) : lancez la sauvegarde sous l'utilisateur qui lance Relais.`,
    );
  });
  return {
    url: `postgres://postgres:${encodeURIComponent(password.trim())}@127.0.0.1:${owner.port}/relais`,
    pid: owner.pid,
  };
}

async function openSource(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
  log: BackupLogger,
): Promise<Source> {
  const noop = async () => undefined;
  if (config.databaseUrl) return { url: config.databaseUrl, how: 'external', close: noop };
  if (!existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION')))
    throw new BackupError(
      `Aucune base PostgreSQL embarquée dans ${config.dataDir} : rien à sauvegarder. ` +
        'Vérifiez DATA_DIR (ou DATABASE_URL pour un serveur externe).',
    );
  const running = await runningEmbeddedUrl(config.dataDir);
  if (running) {
    log.info(`Relais est en marche (processus ${running.pid}) : lecture par sa base embarquée.`);
    return { url: running.url, how: 'running', close: noop };
  }
  log.info('Relais est arrêté : démarrage de sa base embarquée le temps de la sauvegarde.');
  const server = await startEmbeddedPostgres(config.dataDir, log);
  return { url: server.url('relais'), how: 'started', close: () => server.stop() };
}

function stamp(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}-` +
    `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`
  );
}

/** A `.tar.gz` path is the file; anything else a folder, where the file is named after the date. */
async function outputFile(output: string, now: Date): Promise<string> {
  const resolved = path.resolve(output);
  const file = /\.(tar\.gz|tgz)$/.test(resolved)
    ? resolved
    : path.join(resolved, `relais-sauvegarde-${stamp(now)}.tar.gz`);
  await mkdir(path.dirname(file), { recursive: true });
  if (existsSync(file)) throw new BackupError(`Le fichier ${file} existe déjà : il n'est pas remplacé.`);
  return file;
}

/** Every file of the local storage as [key, path], in a stable order; files being written (.partial) are left. */
async function* uploadedFiles(root: string, log: BackupLogger): AsyncGenerator<[string, string]> {
  const walk = async function* (folder: string, prefix: string): AsyncGenerator<[string, string]> {
    const names = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of names.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) yield* walk(full, key);
      else if (entry.isFile() && !PARTIAL_UPLOAD.test(entry.name)) {
        try {
          yield [checkStorageKey(key), full];
        } catch {
          log.warn(`Fichier ignoré (nom hors du stockage de Relais) : ${full}`);
        }
      }
    }
  };
  yield* walk(root, '');
}

async function relaisVersion(): Promise<string> {
  const text = await readFile(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8').catch(
    () => '{}',
  );
  return (JSON.parse(text) as { version?: string }).version ?? 'inconnue';
}

interface TableInfo {
  schema: string;
  name: string;
  kind: 'r' | 'p';
  columns: string[];
}

/**
 * The archive's entries, produced while one read-only REPEATABLE READ transaction holds the snapshot: the uploads
 * first (read right after the snapshot is taken, so the gap between the two is as short as the copy of the files),
 * then each table, staged one at a time in `staging`, then the manifest.
 */
async function* dumpEntries(
  client: pg.Client,
  options: {
    config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 's3'>;
    staging: string;
    digests: Record<string, EntryDigest>;
    log: BackupLogger;
    done: (manifest: BackupManifest) => void;
  },
): AsyncGenerator<ArchiveEntry> {
  const { config, staging, digests, log } = options;
  await client.query('begin isolation level repeatable read, read only');
  let open = true;
  try {
    await client.query(
      "set local statement_timeout = 0; set local lock_timeout = '30s'; set local idle_in_transaction_session_timeout = 0",
    );
    // The first read fixes the snapshot that every later read of this transaction sees.
    const { rows: server } = await client.query<{
      version: string;
      ledger: string | null;
      boss: string | null;
    }>(
      `select current_setting('server_version') as version,
              to_regclass('drizzle.__drizzle_migrations')::text as ledger,
              to_regclass('pgboss.version')::text as boss`,
    );
    if (!server[0]?.ledger)
      throw new BackupError('Cette base ne porte pas de données Relais (aucune migration appliquée).');
    const { rows: migrations } = await client.query<{ hash: string; created_at: string }>(
      'select hash, created_at::text from drizzle.__drizzle_migrations order by id',
    );
    const jobQueue = server[0].boss
      ? {
          schemaVersion: Number(
            (await client.query<{ version: string }>('select version::text from pgboss.version')).rows[0]
              ?.version,
          ),
        }
      : null;
    const { rows: tables } = await client.query<TableInfo>(
      `select n.nspname as schema, c.relname as name, c.relkind as kind,
              array(select a.attname::text from pg_attribute a
                     where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                     order by a.attnum) as columns
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
          and not exists (select 1 from pg_depend d
                           where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
        order by n.nspname, c.relname`,
      [BACKUP_SCHEMAS],
    );
    const copied = tables.filter((table) => !NOT_COPIED.has(`${table.schema}.${table.name}`));
    // As pg_dump does: no migration may drop or alter a table while it is being read.
    await client.query(
      `lock table ${copied.map((table) => qualified(table.schema, table.name)).join(', ')} in access share mode`,
    );
    const { rows: sequenceNames } = await client.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind = 'S'
          and not exists (select 1 from pg_depend d
                           where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
        order by 1, 2`,
      [BACKUP_SCHEMAS],
    );
    // Sequences are outside transactions: read after the snapshot, each value is at least what its rows need.
    const sequences: BackupManifest['sequences'] = [];
    for (const sequence of sequenceNames) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${qualified(sequence.schema, sequence.name)}`,
      );
      sequences.push({ ...sequence, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }

    const uploads = { included: !config.s3, files: 0, bytes: 0 };
    if (!config.s3) {
      for await (const [key, file] of uploadedFiles(path.join(config.dataDir, 'uploads'), log)) {
        const entry = await fileEntry(`uploads/${key}`, file).catch((error: NodeJS.ErrnoException) => {
          // Removed between the listing and the reading: deleted by its owner, not part of the backup.
          if (error.code === 'ENOENT') return null;
          throw error;
        });
        if (!entry) continue;
        uploads.files += 1;
        uploads.bytes += entry.size;
        yield entry;
      }
    }

    const written: BackupTable[] = [];
    for (const table of copied) {
      const staged = path.join(staging, `${table.schema}.${table.name}.copy`);
      const columns = table.columns.map(quoteIdent).join(', ');
      const from = qualified(table.schema, table.name);
      // A partitioned table (the job queue's) is read through its parent, its rows from every partition.
      const rows = await copyOut(
        client,
        table.kind === 'p'
          ? `copy (select ${columns} from ${from}) to stdout`
          : `copy ${from} (${columns}) to stdout`,
        createWriteStream(staged, { mode: 0o600 }),
      );
      const file = tableEntry(table.schema, table.name);
      written.push({ schema: table.schema, name: table.name, columns: table.columns, rows, file });
      yield await fileEntry(file, staged);
      await rm(staged, { force: true });
    }
    await client.query('commit');
    open = false;

    const rowsOf = (name: string) => written.find((t) => t.schema === 'public' && t.name === name)?.rows ?? 0;
    const manifest: BackupManifest = {
      format: 'relais-backup',
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      relaisVersion: await relaisVersion(),
      source: {
        database: config.databaseUrl ? 'external' : 'embedded',
        serverVersion: server[0].version,
        storage: config.s3 ? 's3' : 'local',
        ...(config.s3 ? { bucket: config.s3.bucket } : {}),
      },
      migrations: migrations.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) })),
      jobQueue,
      tables: written,
      sequences,
      uploads,
      counts: { users: rowsOf('users'), missions: rowsOf('missions'), messages: rowsOf('messages') },
      entries: { ...digests },
    };
    options.done(manifest);
    const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    yield { name: MANIFEST_ENTRY, size: bytes.length, chunks: [bytes] };
  } finally {
    if (open) await client.query('rollback').catch(() => undefined);
  }
}

export interface BackupOptions {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 's3'>;
  /** A `.tar.gz` file to write, or a folder to write it in (named after the date). */
  output: string;
  log: BackupLogger;
}

/**
 * Writes the backup file. It appears under its name only once complete and flushed to disk (written as
 * `….partial`, then renamed), readable by its owner only: it holds personal data and password hashes.
 */
export async function backupRelais(options: BackupOptions): Promise<BackupResult> {
  const { config, log } = options;
  const file = await outputFile(options.output, new Date());
  const partial = `${file}.partial`;
  const staging = await mkdtemp(path.join(path.dirname(file), '.relais-sauvegarde-'));
  let source: Source | undefined;
  let client: pg.Client | undefined;
  try {
    source = await openSource(config, log);
    client = new pg.Client({ connectionString: source.url, application_name: 'relais-backup' });
    client.on('error', () => undefined);
    await client.connect().catch((error: Error) => {
      throw new BackupError(`Connexion à la base impossible (${error.message}).`);
    });
    const digests: Record<string, EntryDigest> = {};
    let manifest: BackupManifest | undefined;
    await writeArchive(
      partial,
      dumpEntries(client, {
        config,
        staging,
        digests,
        log,
        done: (made) => {
          manifest = made;
        },
      }),
      digests,
    );
    const handle = await open(partial, 'r+');
    await handle.sync();
    await handle.close();
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, manifest: manifest!, source: source.how };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await client?.end().catch(() => undefined);
    await source?.close();
    await rm(staging, { recursive: true, force: true });
  }
}
