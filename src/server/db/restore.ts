import { mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import { checkStorageKey, createS3Storage } from '../platform/storage.js';
import { BACKUP_SCHEMAS, BackupError, describeCounts, type BackupLogger } from './backup.js';
import { DamagedBackupError, MANIFEST_ENTRY, readArchive, type BackupManifest } from './backup-archive.js';
import { ensureDatabaseExists } from './client.js';
import {
  connect,
  jobQueuePlan,
  loadDatabase,
  migrationsFor,
  requireEmptyDatabase,
} from './restore-database.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.js';

/**
 * `npm run restore FILE` (decision 024): the backup into an empty data folder (embedded PostgreSQL) or an empty
 * database (DATABASE_URL). The whole file is read and checked before anything is written; the database is loaded
 * in one transaction; the data folder appears under its name only once complete. A refusal leaves everything as
 * it was.
 */

const TABLE_ENTRY = /^database\/([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\.copy$/;

const digest = z.object({ bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
const identifier = z.string().regex(/^[a-z_][a-z0-9_]*$/);
const manifestSchema = z.object({
  format: z.literal('relais-backup'),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  relaisVersion: z.string(),
  source: z.object({
    database: z.enum(['embedded', 'external']),
    serverVersion: z.string(),
    storage: z.enum(['local', 's3']),
    bucket: z.string().optional(),
  }),
  migrations: z.array(z.object({ hash: z.string(), createdAt: z.number() })),
  jobQueue: z.object({ schemaVersion: z.number().int() }).nullable(),
  tables: z.array(
    z.object({
      schema: z.enum(BACKUP_SCHEMAS as [string, ...string[]]),
      name: identifier,
      columns: z.array(z.string().min(1)).min(1),
      rows: z.number().int().min(0),
      file: z.string(),
    }),
  ),
  sequences: z.array(
    z.object({
      schema: z.enum(BACKUP_SCHEMAS as [string, ...string[]]),
      name: z.string().min(1),
      lastValue: z.string().regex(/^-?\d+$/),
      isCalled: z.boolean(),
    }),
  ),
  uploads: z.object({ included: z.boolean(), files: z.number().int(), bytes: z.number().int() }),
  counts: z.object({ users: z.number(), missions: z.number(), messages: z.number() }),
  entries: z.record(z.string(), digest),
}) satisfies z.ZodType<BackupManifest>;

export interface RestoreOptions {
  file: string;
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 's3'>;
  log: BackupLogger;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the database went: the data folder, or the external database. */
  target: string;
  /** Files written (to the uploads folder, or to the bucket), and files the bucket already had. */
  files: { written: number; alreadyThere: number };
}

const damaged = (file: string, reason: string) =>
  new BackupError(
    `Le fichier ${file} n'est pas une sauvegarde Relais complète et intacte (${reason}). Rien n'a été modifié.`,
  );

async function requireEmptyFolder(folder: string, what: string): Promise<void> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') throw new BackupError(`${folder} n'est pas un dossier.`);
    throw error;
  });
  if (names.length > 0)
    throw new BackupError(
      `${what} ${folder} n'est pas vide (${names.length} élément${names.length > 1 ? 's' : ''}) : la restauration ` +
        "n'écrit que dans un dossier vide, pour ne jamais écraser de données. Choisissez un autre DATA_DIR, " +
        'ou déplacez ce dossier.',
    );
}

/** Reads the whole file into `staging`, checking every entry against the manifest. */
async function unpack(file: string, staging: string): Promise<BackupManifest> {
  let read;
  try {
    read = await readArchive(file, (name) => {
      if (name === MANIFEST_ENTRY) return null;
      if (TABLE_ENTRY.test(name)) return path.join(staging, name);
      if (name.startsWith('uploads/')) {
        try {
          return path.join(staging, 'uploads', ...checkStorageKey(name.slice('uploads/'.length)).split('/'));
        } catch {
          throw new DamagedBackupError(`nom de fichier refusé : ${name}`);
        }
      }
      throw new DamagedBackupError(`entrée inattendue : ${name}`);
    });
  } catch (error) {
    if (error instanceof DamagedBackupError) throw damaged(file, error.message);
    throw error;
  }
  const text = read.kept[MANIFEST_ENTRY];
  if (!text) throw damaged(file, 'pas de manifeste');
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(text.toString('utf8')));
  } catch {
    throw damaged(file, 'manifeste illisible');
  }
  const listed = Object.keys(manifest.entries);
  const found = Object.keys(read.digests).filter((name) => name !== MANIFEST_ENTRY);
  for (const name of found)
    if (!(name in manifest.entries)) throw damaged(file, `entrée absente du manifeste : ${name}`);
  for (const name of listed) {
    const got = read.digests[name];
    if (!got) throw damaged(file, `entrée manquante : ${name}`);
    if (got.bytes !== manifest.entries[name]!.bytes || got.sha256 !== manifest.entries[name]!.sha256)
      throw damaged(file, `contenu altéré : ${name}`);
  }
  for (const table of manifest.tables)
    if (!read.digests[table.file] || table.file !== `database/${table.schema}.${table.name}.copy`)
      throw damaged(file, `table sans données : ${table.schema}.${table.name}`);
  return manifest;
}

/** Every file under `folder`, as [storage key, path]. */
async function filesUnder(folder: string, prefix = ''): Promise<[string, string][]> {
  const found: [string, string][] = [];
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(path.join(folder, entry.name), key)));
    else found.push([key, path.join(folder, entry.name)]);
  }
  return found;
}

/**
 * The saved files where this configuration keeps files: moved into `uploads` (a folder that must still be empty),
 * or put in the S3 bucket, where an object already under the same key is left as it is.
 */
async function placeUploads(
  staged: string,
  destination: { folder: string } | { s3: NonNullable<AppConfig['s3']> },
): Promise<RestoreResult['files']> {
  const files = await filesUnder(staged);
  if ('folder' in destination) {
    if (files.length === 0) return { written: 0, alreadyThere: 0 };
    await requireEmptyFolder(destination.folder, 'Le dossier des fichiers déposés');
    await rmdir(destination.folder).catch(() => undefined);
    await mkdir(path.dirname(destination.folder), { recursive: true });
    await rename(staged, destination.folder);
    return { written: files.length, alreadyThere: 0 };
  }
  const storage = createS3Storage(destination.s3);
  let written = 0;
  let alreadyThere = 0;
  for (const [key, file] of files) {
    if (await storage.stat(key)) alreadyThere += 1;
    else {
      await storage.put(key, await readFile(file));
      written += 1;
    }
  }
  return { written, alreadyThere };
}

export async function restoreRelais(options: RestoreOptions): Promise<RestoreResult> {
  const { config, log } = options;
  const file = path.resolve(options.file);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new BackupError(`Fichier de sauvegarde introuvable : ${file}`);
  // The cheap refusals first, before a byte of the file is read.
  if (!config.databaseUrl) await requireEmptyFolder(config.dataDir, 'Le dossier de données');
  else {
    const client = await connect(config.databaseUrl);
    await requireEmptyDatabase(client).finally(() => client.end().catch(() => undefined));
    if (!config.s3)
      await requireEmptyFolder(path.join(config.dataDir, 'uploads'), 'Le dossier des fichiers déposés');
  }

  // Staged beside the data folder: on the same disk, so that the finished folder is renamed into place.
  const parent = path.dirname(config.dataDir);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(path.join(parent, '.relais-restauration-'));
  let server: EmbeddedPostgres | undefined;
  try {
    log.info(`Lecture et vérification de ${file}…`);
    const manifest = await unpack(file, staging);
    log.info(
      `Sauvegarde du ${manifest.createdAt} (Relais ${manifest.relaisVersion}) : ${describeCounts(manifest.counts)}, ` +
        `${manifest.uploads.included ? `${manifest.uploads.files} fichier(s) déposé(s)` : 'fichiers restés dans le compartiment S3'}.`,
    );
    // Whether this code can rebuild the backup's schema, before any server is started.
    const schema = { migrations: migrationsFor(manifest), jobQueue: jobQueuePlan(manifest) };
    const uploads = path.join(staging, 'uploads');
    if (!config.databaseUrl) {
      const data = path.join(staging, 'data');
      server = await startEmbeddedPostgres(data, log);
      await ensureDatabaseExists(server.url('postgres'), 'relais');
      await loadDatabase(server.url('relais'), manifest, schema, staging, log);
      await server.stop();
      server = undefined;
      const files = await placeUploads(
        uploads,
        config.s3 ? { s3: config.s3 } : { folder: path.join(data, 'uploads') },
      );
      await requireEmptyFolder(config.dataDir, 'Le dossier de données');
      await rmdir(config.dataDir).catch(() => undefined);
      await rename(data, config.dataDir);
      return { manifest, target: config.dataDir, files };
    }
    await loadDatabase(config.databaseUrl, manifest, schema, staging, log);
    const files = await placeUploads(
      uploads,
      config.s3 ? { s3: config.s3 } : { folder: path.join(config.dataDir, 'uploads') },
    );
    return { manifest, target: 'DATABASE_URL', files };
  } finally {
    await server?.stop().catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
  }
}
