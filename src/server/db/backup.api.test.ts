import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { installJobQueue } from '../platform/jobs.js';
import { createS3Storage } from '../platform/storage.js';
import { SHOWROOM_WORLD } from '../platform/demo-world.js';
import { createUser, insertMission, missionPayload, TEST_PASSWORD } from '../test/factories.js';
import { createTestApp, signIn } from '../test/harness.js';
import { loginOverHttp, startServerProcess } from '../test/processes.js';
import { startTestBucket } from '../test/s3.js';
import { BACKUP_SCHEMAS, backupRelais, type BackupResult } from './backup.js';
import {
  MANIFEST_ENTRY,
  qualified,
  readArchive,
  writeArchive,
  type BackupManifest,
} from './backup-archive.js';
import { ensureDatabaseExists, migrateDatabase } from './client.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.js';
import { restoreRelais } from './restore.js';

const quiet = { info: () => undefined, warn: () => undefined };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const embedded = (dataDir: string) => ({ dataDir, databaseUrl: undefined, s3: null });

let root: string;
let sourceDir: string;
let source: EmbeddedPostgres | undefined;
/** Every table and sequence of the source at the moment of the backup. */
let before: Record<string, string>;
let backup: BackupResult;
let seeded: {
  driverEmail: string;
  companyEmail: string;
  avatarUrl: string;
  avatarBytes: Buffer;
  message: string;
  missionTitle: string;
};

/** Per table of the backed-up schemas: its row count and a digest of its rows, whatever their order; sequences. */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("set timezone = 'UTC'; set datestyle = 'ISO, YMD'");
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
          and not (n.nspname = 'pgboss' and c.relname = 'version')
        order by 1, 2`,
      [BACKUP_SCHEMAS],
    );
    const print: Record<string, string> = {};
    for (const { schema, name } of tables) {
      const { rows } = await client.query<{ count: number; digest: string }>(
        `select count(*)::int as count,
                coalesce(md5(string_agg(md5(r::text), ',' order by md5(r::text))), '') as digest
           from ${qualified(schema, name)} r`,
      );
      print[`${schema}.${name}`] = `${rows[0]!.count} ${rows[0]!.digest}`;
    }
    const { rows: sequences } = await client.query<{ name: string; value: string | null }>(
      `select schemaname || '.' || sequencename as name, last_value::text as value
         from pg_sequences where schemaname = any($1)`,
      [BACKUP_SCHEMAS],
    );
    for (const { name, value } of sequences) print[`sequence ${name}`] = String(value);
    return print;
  } finally {
    await client.end();
  }
}

const rowsOf = (print: Record<string, string>, table: string) => Number(print[table]!.split(' ')[0]);
const databaseDigests = (manifest: BackupManifest) =>
  Object.fromEntries(Object.entries(manifest.entries).filter(([name]) => name.startsWith('database/')));
const leftovers = async () => (await readdir(root)).filter((name) => name.startsWith('.relais-'));

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'relais-backup-'));
  sourceDir = path.join(root, 'source');
  // The folder as `npm start` makes it: embedded server, migrated database, job queue.
  source = await startEmbeddedPostgres(sourceDir, quiet);
  await ensureDatabaseExists(source.url('postgres'), 'relais');
  await migrateDatabase(source.url('relais'));
  await installJobQueue(source.url('relais'));

  const t = await createTestApp({
    databaseUrl: source.url('relais'),
    configure: (config) => ({ ...config, dataDir: sourceDir }),
  });
  try {
    const company = await signIn(t, { userType: 'company', subscriptionPlan: 'transporter' });
    const driver = await signIn(t, { subscriptionPlan: 'premium' });
    const published = await company.agent.post(
      '/api/missions',
      missionPayload({ title: 'Frigo Rungis → Lesquin' }),
    );
    expect(published.statusCode).toBe(201);
    const missionId = published.json().mission.id as string;
    expect((await driver.agent.post(`/api/missions/${missionId}/apply`, {})).statusCode).toBe(201);
    const message = 'Bonjour, disponible demain à 5 h ?';
    const sent = await company.agent.post(`/api/messages/${driver.user.id}`, { content: message, missionId });
    expect(sent.statusCode).toBe(201);
    const avatar = await driver.agent.postForm('/api/profile/avatar', { image: PNG });
    expect(avatar.statusCode).toBe(200);
    const avatarUrl = avatar.json().avatar as string;
    // A showroom account's mission: its world is kept by a trigger that reads the account, which a restore must
    // not run again on rows loaded before their accounts.
    const showroom = await createUser(t.db, { userType: 'company', isDemo: true });
    await insertMission(t.db, { companyId: showroom.id, status: 'available', title: 'Vitrine' });
    seeded = {
      driverEmail: driver.user.email,
      companyEmail: company.user.email,
      avatarUrl,
      avatarBytes: await readFile(
        path.join(sourceDir, 'uploads', ...avatarUrl.replace('/api/files/', '').split('/')),
      ),
      message,
      missionTitle: 'Frigo Rungis → Lesquin',
    };
  } finally {
    await t.close();
  }
  before = await fingerprint(source.url('relais'));
  // This process owns the folder's running server, as `npm start` would: the backup reads through it.
  backup = await backupRelais({
    config: embedded(sourceDir),
    output: path.join(root, 'backups'),
    log: quiet,
  });
}, 180_000);

afterAll(async () => {
  await source?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  it('writes one file: every table, the uploaded files and a manifest', async () => {
    expect(backup.source).toBe('running');
    expect(path.basename(backup.file)).toMatch(/^relais-sauvegarde-\d{8}-\d{6}\.tar\.gz$/);
    expect(await readdir(path.dirname(backup.file))).toEqual([path.basename(backup.file)]);
    const { manifest } = backup;
    expect(manifest.counts).toEqual({ users: 3, missions: 2, messages: 1 });
    expect(manifest.uploads).toEqual({ included: true, files: 1, bytes: seeded.avatarBytes.length });
    expect(manifest.migrations.length).toBeGreaterThan(10);
    expect(manifest.jobQueue?.schemaVersion).toBeGreaterThan(0);
    // What the seed wrote, including the job queue's pending work, is in the snapshot.
    expect(rowsOf(before, 'public.conversations')).toBe(1);
    expect(rowsOf(before, 'pgboss.job')).toBeGreaterThan(0);
    expect(Object.keys(manifest.entries)).toContain(`uploads/${seeded.avatarUrl.replace('/api/files/', '')}`);
  });

  it('restores into an empty folder the same rows and files, and Relais serves them from it', async () => {
    const restoredDir = path.join(root, 'restored');
    const restored = await restoreRelais({ file: backup.file, config: embedded(restoredDir), log: quiet });
    expect(restored.files).toEqual({ written: 1, alreadyThere: 0 });
    expect(await leftovers()).toEqual([]);

    const check = await startEmbeddedPostgres(restoredDir, quiet);
    try {
      expect(await fingerprint(check.url('relais'))).toEqual(before);
      const client = new pg.Client({ connectionString: check.url('relais') });
      await client.connect();
      const { rows } = await client.query("select sandbox_id from missions where title = 'Vitrine'");
      await client.end();
      expect(rows).toEqual([{ sandbox_id: SHOWROOM_WORLD }]);
    } finally {
      await check.stop();
    }

    // `npm start` on the restored folder: the embedded database, migrations (none left to apply), the server.
    const server = await startServerProcess('', { DATABASE_URL: '', DATA_DIR: restoredDir });
    try {
      const driver = await loginOverHttp(server.url, seeded.driverEmail, TEST_PASSWORD);
      const me = await fetch(`${server.url}/api/auth/me`, {
        headers: { cookie: `relais_session=${driver}` },
      });
      expect(((await me.json()) as { email: string }).email).toBe(seeded.driverEmail);
      const avatar = await fetch(`${server.url}${seeded.avatarUrl}`);
      expect(Buffer.from(await avatar.arrayBuffer()).equals(seeded.avatarBytes)).toBe(true);
      const company = await loginOverHttp(server.url, seeded.companyEmail, TEST_PASSWORD);
      const conversations = await fetch(`${server.url}/api/conversations`, {
        headers: { cookie: `relais_session=${company}` },
      });
      expect(JSON.stringify(await conversations.json())).toContain(seeded.message);
      const missions = await fetch(`${server.url}/api/missions`, {
        headers: { cookie: `relais_session=${company}` },
      });
      expect(JSON.stringify(await missions.json())).toContain(seeded.missionTitle);

      // Another Relais process holds the folder: the backup reads through its server instead of starting one.
      const live = await backupRelais({
        config: embedded(restoredDir),
        output: path.join(root, 'live'),
        log: quiet,
      });
      expect(live.source).toBe('running');
      expect(live.manifest.counts).toEqual(backup.manifest.counts);
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('backs up an external database (DATABASE_URL) and restores into an empty one, files into the bucket', async () => {
    const bucket = await startTestBucket(path.join(root, 's3'));
    const { s3 } = bucket;
    try {
      // The same database through its URL, files in a bucket: the file says they are not in it.
      const external = await backupRelais({
        config: { dataDir: sourceDir, databaseUrl: source!.url('relais'), s3 },
        output: path.join(root, 'external', 'copie.tar.gz'),
        log: quiet,
      });
      expect(external.source).toBe('external');
      expect(external.file).toBe(path.join(root, 'external', 'copie.tar.gz'));
      expect(external.manifest.uploads).toEqual({ included: false, files: 0, bytes: 0 });
      expect(external.manifest.source).toMatchObject({
        database: 'external',
        storage: 's3',
        bucket: 'relais-test',
      });
      expect(Object.keys(external.manifest.entries).some((name) => name.startsWith('uploads/'))).toBe(false);
      expect(databaseDigests(external.manifest)).toEqual(databaseDigests(backup.manifest));

      // An empty database on the test server (PostgreSQL 15 when the tests run against Debian's).
      const name = `relais_test_${inject('testRun')}_bk${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: inject('adminUrl') });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const target = new URL(inject('adminUrl'));
      target.pathname = `/${name}`;
      const config = { dataDir: path.join(root, 'external-data'), databaseUrl: target.toString(), s3 };

      const restored = await restoreRelais({ file: backup.file, config, log: quiet });
      expect(restored.files).toEqual({ written: 1, alreadyThere: 0 });
      const restoredPrint = await fingerprint(target.toString());
      expect(restoredPrint).toEqual(before);
      const key = seeded.avatarUrl.replace('/api/files/', '');
      expect((await createS3Storage(s3).get(key))!.equals(seeded.avatarBytes)).toBe(true);

      // A second restore into the now full database is refused and changes nothing.
      await expect(restoreRelais({ file: backup.file, config, log: quiet })).rejects.toThrow(
        /La base de DATABASE_URL n'est pas vide \(\d+ tables ou séquences\)/,
      );
      expect(await fingerprint(target.toString())).toEqual(restoredPrint);
      expect(await leftovers()).toEqual([]);
    } finally {
      await bucket.close();
    }
  }, 120_000);

  it('refuses a folder that is not empty, and a folder with no database to back up', async () => {
    const full = path.join(root, 'full');
    await mkdir(full);
    await writeFile(path.join(full, 'garde.txt'), 'à garder');
    await expect(restoreRelais({ file: backup.file, config: embedded(full), log: quiet })).rejects.toThrow(
      `Le dossier de données ${full} n'est pas vide (1 élément) : la restauration n'écrit que dans un dossier vide`,
    );
    expect(await readdir(full)).toEqual(['garde.txt']);
    expect(await readFile(path.join(full, 'garde.txt'), 'utf8')).toBe('à garder');

    const nothing = path.join(root, 'nothing');
    await mkdir(nothing);
    await expect(
      backupRelais({ config: embedded(nothing), output: path.join(root, 'none'), log: quiet }),
    ).rejects.toThrow(`Aucune base PostgreSQL embarquée dans ${nothing} : rien à sauvegarder.`);
    expect(await readdir(nothing)).toEqual([]);
    expect(existsSync(path.join(root, 'none'))).toBe(true);
    expect(await readdir(path.join(root, 'none'))).toEqual([]);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses a truncated, damaged, altered or foreign file before writing anything', async () => {
    const whole = await readFile(backup.file);
    const truncated = path.join(root, 'tronquee.tar.gz');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const flipped = path.join(root, 'abimee.tar.gz');
    const damaged = Buffer.from(whole);
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    await writeFile(flipped, damaged);
    const foreign = path.join(root, 'notes.tar.gz');
    await writeFile(foreign, 'pas une sauvegarde');

    // A well-formed archive whose uploaded file was swapped: only the manifest's digests can tell.
    const unpacked = path.join(root, 'unpacked');
    const { kept } = await readArchive(backup.file, (name) =>
      name === MANIFEST_ENTRY ? null : path.join(unpacked, name),
    );
    const key = seeded.avatarUrl.replace('/api/files/', '');
    await writeFile(path.join(unpacked, 'uploads', ...key.split('/')), Buffer.from('autre image'));
    const altered = path.join(root, 'alteree.tar.gz');
    await repack(altered, unpacked, kept[MANIFEST_ENTRY]!);

    for (const [file, reason] of [
      [truncated, /compression invalide|archive tronquée/],
      [flipped, /compression invalide|en-tête|archive tronquée|contenu altéré/],
      [foreign, /compression invalide/],
      [altered, new RegExp(`contenu altéré : uploads/${key}`)],
    ] as const) {
      const target = path.join(root, 'never');
      const refusal = restoreRelais({ file, config: embedded(target), log: quiet });
      await expect(refusal).rejects.toThrow(
        `Le fichier ${file} n'est pas une sauvegarde Relais complète et intacte`,
      );
      await expect(refusal).rejects.toThrow(reason);
      await expect(refusal).rejects.toThrow(/Rien n'a été modifié\.$/);
      expect(existsSync(target)).toBe(false);
      expect(await leftovers()).toEqual([]);
    }
  });

  it('refuses a backup made by a newer Relais (migrations this code does not have)', async () => {
    const unpacked = path.join(root, 'newer');
    const { kept } = await readArchive(backup.file, (name) =>
      name === MANIFEST_ENTRY ? null : path.join(unpacked, name),
    );
    const manifest = JSON.parse(kept[MANIFEST_ENTRY]!.toString()) as BackupManifest;
    manifest.migrations.push({ hash: 'f'.repeat(64), createdAt: Date.now() });
    const newer = path.join(root, 'plus-recente.tar.gz');
    await repack(newer, unpacked, Buffer.from(JSON.stringify(manifest)));
    const target = path.join(root, 'never');
    await expect(restoreRelais({ file: newer, config: embedded(target), log: quiet })).rejects.toThrow(
      `Cette sauvegarde vient d'une version plus récente de Relais (${manifest.migrations.length} migrations`,
    );
    expect(existsSync(target)).toBe(false);
    expect(await leftovers()).toEqual([]);
  });

  it('starts the database of a stopped folder for the time of the backup, and stops it again', async () => {
    await source!.stop();
    source = undefined;
    const cold = await backupRelais({
      config: embedded(sourceDir),
      output: path.join(root, 'cold'),
      log: quiet,
    });
    expect(cold.source).toBe('started');
    expect(existsSync(path.join(sourceDir, 'pg', 'postmaster.pid'))).toBe(false);
    // Nothing was written in between: the same rows, byte for byte, and the same file.
    expect(databaseDigests(cold.manifest)).toEqual(databaseDigests(backup.manifest));
    const uploads = (manifest: BackupManifest) =>
      Object.entries(manifest.entries).filter(([name]) => name.startsWith('uploads/'));
    expect(uploads(cold.manifest)).toEqual(uploads(backup.manifest));
  }, 120_000);
});

/** The unpacked entries of a backup written again as a backup, with `manifest` last (its digests unchanged). */
async function repack(file: string, folder: string, manifest: Buffer): Promise<void> {
  const listed = Object.keys((JSON.parse(manifest.toString()) as BackupManifest).entries);
  await writeArchive(
    file,
    (async function* () {
      for (const name of listed) {
        const bytes = await readFile(path.join(folder, name));
        yield { name, size: bytes.length, chunks: [bytes] };
      }
      yield { name: MANIFEST_ENTRY, size: manifest.length, chunks: [manifest] };
    })(),
    {},
  );
}
