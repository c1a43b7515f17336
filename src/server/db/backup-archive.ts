import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * The backup file (decision 024): a gzip-compressed POSIX tar, readable with `tar -xzf`, holding
 *
 * - `uploads/<key>`: the files of `$DATA_DIR/uploads`, under their storage keys;
 * - `database/<schema>.<table>.copy`: each table's rows in PostgreSQL's COPY text format;
 * - `manifest.json`, last: what the file holds (date, migrations, row counts, sequences) and every other entry's
 *   size and SHA-256, so that a restore checks the whole file before it writes anything.
 */
export interface BackupManifest {
  format: 'relais-backup';
  formatVersion: 1;
  createdAt: string;
  relaisVersion: string;
  source: {
    database: 'embedded' | 'external';
    serverVersion: string;
    storage: 'local' | 's3';
    bucket?: string;
  };
  /** The applied Drizzle migrations, oldest first (drizzle.__drizzle_migrations). */
  migrations: { hash: string; createdAt: number }[];
  /** pg-boss's schema version (pgboss.version), or null when the job queue was never installed. */
  jobQueue: { schemaVersion: number } | null;
  tables: BackupTable[];
  sequences: { schema: string; name: string; lastValue: string; isCalled: boolean }[];
  uploads: { included: boolean; files: number; bytes: number };
  /** For people reading the file: a few counts from `tables`. */
  counts: { users: number; missions: number; messages: number };
  entries: Record<string, EntryDigest>;
}

export interface BackupTable {
  schema: string;
  name: string;
  /** The columns copied, in order (generated columns are left out: PostgreSQL computes them again). */
  columns: string[];
  rows: number;
  /** Its entry in the archive. */
  file: string;
}

export interface EntryDigest {
  bytes: number;
  sha256: string;
}

export const MANIFEST_ENTRY = 'manifest.json';
export const tableEntry = (schema: string, name: string) => `database/${schema}.${name}.copy`;
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

// ---------------------------------------------------------------------------------------------------------------
// Tar (POSIX ustar, with a pax header for a name over 100 bytes or a size over 8 GiB).

const BLOCK = 512;
const USTAR_MAX_SIZE = 8 ** 11 - 1;

export interface ArchiveEntry {
  name: string;
  size: number;
  /** Exactly `size` bytes. */
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function ustarHeader(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  header.write(octal(0o600, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(mtime, 12), 136, 'ascii');
  header.write(' '.repeat(8), 148, 'ascii');
  header.write(type, 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (`${length}${body}`.length !== length) length = Buffer.byteLength(`${length}${body}`);
  return `${length}${body}`;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/**
 * Writes the entries as a tar.gz to `file`, hashing each one on the way; `digests` is filled as entries are written,
 * so the last entry (the manifest) can list all the others. Entries are produced lazily: the producer may do its
 * work (read the database) between two entries, at the pace the disk takes them.
 */
export async function writeArchive(
  file: string,
  entries: AsyncIterable<ArchiveEntry>,
  digests: Record<string, EntryDigest>,
): Promise<void> {
  async function* tar(): AsyncGenerator<Buffer> {
    const mtime = Math.floor(Date.now() / 1000);
    for await (const entry of entries) {
      const longName = Buffer.byteLength(entry.name) > 100;
      const bigFile = entry.size > USTAR_MAX_SIZE;
      if (longName || bigFile) {
        const pax = Buffer.from(
          (longName ? paxRecord('path', entry.name) : '') +
            (bigFile ? paxRecord('size', String(entry.size)) : ''),
        );
        yield ustarHeader('PaxHeader', pax.length, 'x', mtime);
        yield Buffer.concat([pax, padding(pax.length)]);
      }
      yield ustarHeader(
        longName ? Buffer.from(entry.name).subarray(0, 100).toString('latin1') : entry.name,
        bigFile ? 0 : entry.size,
        '0',
        mtime,
      );
      const hash = createHash('sha256');
      let written = 0;
      for await (const chunk of entry.chunks) {
        written += chunk.length;
        if (written > entry.size) break;
        hash.update(chunk);
        yield chunk;
      }
      if (written !== entry.size)
        throw new Error(
          `${entry.name} : ${written} octets lus au lieu de ${entry.size} (modifié pendant la copie ?)`,
        );
      digests[entry.name] = { bytes: entry.size, sha256: hash.digest('hex') };
      yield padding(entry.size);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(tar, createGzip({ level: 6 }), createWriteStream(file, { mode: 0o600 }));
}

/** A file on disk as an archive entry (its size read when it is opened: a renamed-over file keeps its bytes). */
export async function fileEntry(name: string, file: string): Promise<ArchiveEntry> {
  const handle = await open(file, 'r');
  const { size } = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  return {
    name,
    size,
    chunks: (async function* () {
      try {
        if (size > 0) yield* handle.createReadStream({ start: 0, end: size - 1, autoClose: false });
      } finally {
        await handle.close();
      }
    })(),
  };
}

/** Thrown for a file that is not a complete, intact Relais backup. */
export class DamagedBackupError extends Error {}

class ByteSource {
  private chunks: Buffer[] = [];
  private length = 0;
  constructor(private readonly iterator: AsyncIterator<Buffer>) {}

  private async fill(count: number): Promise<boolean> {
    while (this.length < count) {
      const next = await this.iterator.next();
      if (next.done) return false;
      this.chunks.push(next.value);
      this.length += next.value.length;
    }
    return true;
  }

  /** Exactly `count` bytes, or null at a clean end of the stream. */
  async take(count: number): Promise<Buffer | null> {
    if (!(await this.fill(count))) {
      if (this.length === 0) return null;
      throw new DamagedBackupError('archive tronquée');
    }
    const all = Buffer.concat(this.chunks);
    this.chunks = all.length > count ? [all.subarray(count)] : [];
    this.length = all.length - count;
    return all.subarray(0, count);
  }

  /** Whether everything left is zeros (the padding after a tar's end marker), read to the end. */
  async onlyZerosLeft(): Promise<boolean> {
    let zeros = true;
    while (this.length > 0 || (await this.fill(1))) {
      for (const chunk of this.chunks) if (chunk.some((byte) => byte !== 0)) zeros = false;
      this.chunks = [];
      this.length = 0;
    }
    return zeros;
  }

  /** `count` bytes, in pieces, without holding them all. */
  async *stream(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      if (this.length === 0 && !(await this.fill(1))) throw new DamagedBackupError('archive tronquée');
      const head = this.chunks.shift()!;
      if (head.length > left) {
        this.chunks.unshift(head.subarray(left));
        this.length -= left;
        yield head.subarray(0, left);
        return;
      }
      this.length -= head.length;
      left -= head.length;
      yield head;
    }
  }
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function parsePax(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = Number(data.subarray(at, space).toString('ascii'));
    if (space < 0 || !Number.isInteger(length) || length <= 0)
      throw new DamagedBackupError('en-tête pax invalide');
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    records[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return records;
}

/**
 * Reads a tar.gz written by writeArchive: each entry's name goes through `target` (which returns where to write it,
 * or null to keep it in memory, or throws for a name it refuses), its bytes are written there and hashed. Reads to
 * the very end, so that gzip's own check (length and CRC of the whole) runs. Returns the digests and the entries
 * kept in memory.
 */
export async function readArchive(
  file: string,
  target: (name: string) => string | null,
): Promise<{ digests: Record<string, EntryDigest>; kept: Record<string, Buffer> }> {
  const gunzip = createGunzip();
  const piping = pipeline(createReadStream(file), gunzip).catch(() => undefined);
  const source = new ByteSource(gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  const digests: Record<string, EntryDigest> = {};
  const kept: Record<string, Buffer> = {};
  let pax: Record<string, string> = {};
  try {
    while (true) {
      const header = await source.take(BLOCK);
      if (header === null) throw new DamagedBackupError('archive tronquée (pas de fin)');
      if (header.every((byte) => byte === 0)) break;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
      if (sum !== parseInt(field(header, 148, 8).trim(), 8) || field(header, 257, 6) !== 'ustar')
        throw new DamagedBackupError('en-tête tar invalide');
      const type = String.fromCharCode(header[156]!);
      const size =
        pax.size !== undefined ? Number(pax.size) : parseInt(field(header, 124, 12).trim() || '0', 8);
      if (!Number.isSafeInteger(size) || size < 0) throw new DamagedBackupError('taille invalide');
      if (type === 'x') {
        const data = await source.take(size + padding(size).length);
        if (data === null) throw new DamagedBackupError('archive tronquée');
        pax = parsePax(data.subarray(0, size));
        continue;
      }
      if (type !== '0' && type !== '\0')
        throw new DamagedBackupError(`entrée de type « ${type} » inattendue`);
      const name = pax.path ?? field(header, 0, 100);
      pax = {};
      if (name in digests) throw new DamagedBackupError(`entrée en double : ${name}`);
      const destination = target(name);
      const hash = createHash('sha256');
      if (destination === null) {
        if (size > 16 * 1024 * 1024) throw new DamagedBackupError(`${name} : trop grand`);
        const bytes = size === 0 ? Buffer.alloc(0) : await source.take(size);
        if (bytes === null) throw new DamagedBackupError('archive tronquée');
        hash.update(bytes);
        kept[name] = bytes;
      } else {
        await mkdir(path.dirname(destination), { recursive: true });
        const out = createWriteStream(destination, { flags: 'wx', mode: 0o600 });
        await pipeline(async function* () {
          for await (const chunk of source.stream(size)) {
            hash.update(chunk);
            yield chunk;
          }
        }, out);
      }
      digests[name] = { bytes: size, sha256: hash.digest('hex') };
      const pad = padding(size).length;
      if (pad > 0 && (await source.take(pad)) === null) throw new DamagedBackupError('archive tronquée');
    }
    // Past the end marker only zeros may follow; reading them to the end makes gunzip check the whole file.
    if (!(await source.onlyZerosLeft())) throw new DamagedBackupError('données après la fin de l’archive');
  } catch (error) {
    gunzip.destroy();
    await piping;
    if (error instanceof DamagedBackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_') || code === 'ERR_STREAM_PREMATURE_CLOSE')
      throw new DamagedBackupError(`compression invalide (${(error as Error).message})`);
    throw error;
  }
  await piping;
  return { digests, kept };
}
