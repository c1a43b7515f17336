import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../config.js';
import { startTestBucket } from '../test/s3.js';
import { createLocalStorage, createS3Storage, createStorage, type Storage } from './storage.js';

let tempDir: string;
let bucket: Awaited<ReturnType<typeof startTestBucket>>;
let s3: S3Config;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), 'relais-storage-'));
  bucket = await startTestBucket(path.join(tempDir, 's3'));
  s3 = bucket.s3;
});

afterAll(async () => {
  await bucket?.close();
  await rm(tempDir, { recursive: true, force: true });
});

const backends: [string, () => Storage][] = [
  ['local disk', () => createLocalStorage(path.join(tempDir, 'data'))],
  ['S3-compatible bucket', () => createS3Storage(s3)],
];

describe.each(backends)('storage on the %s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('gives back the bytes it was given, every byte value intact', async () => {
    const bytes = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      randomBytes(200_000),
    ]);
    await storage.put('documents/abc/facture-1.pdf', bytes);
    const read = await storage.get('documents/abc/facture-1.pdf');
    expect(read).toBeInstanceOf(Buffer);
    expect(read!.equals(bytes)).toBe(true);
    expect(await storage.stat('documents/abc/facture-1.pdf')).toEqual({ size: bytes.length });
  });

  it('keeps an empty file', async () => {
    await storage.put('documents/vide.txt', Buffer.alloc(0));
    expect((await storage.get('documents/vide.txt'))?.length).toBe(0);
    expect(await storage.stat('documents/vide.txt')).toEqual({ size: 0 });
  });

  it('answers null for a missing file, and removes without complaint', async () => {
    expect(await storage.get('documents/absent.pdf')).toBeNull();
    expect(await storage.stat('documents/absent.pdf')).toBeNull();
    // A "folder" that exists because of a deeper key is not a file either.
    expect(await storage.get('documents/abc')).toBeNull();
    expect(await storage.stat('documents/abc')).toBeNull();
    await expect(storage.remove('documents/absent.pdf')).resolves.toBeUndefined();
  });

  it('removes a file', async () => {
    await storage.put('avatars/u1-000000.png', Buffer.from('image'));
    await storage.remove('avatars/u1-000000.png');
    expect(await storage.get('avatars/u1-000000.png')).toBeNull();
    await storage.remove('avatars/u1-000000.png');
  });

  it('replaces a file written again under the same key', async () => {
    await storage.put('avatars/u2-000000.png', Buffer.from('première version, plus longue'));
    await storage.put('avatars/u2-000000.png', Buffer.from('seconde'));
    expect((await storage.get('avatars/u2-000000.png'))?.toString()).toBe('seconde');
  });

  it.each([
    '',
    'avatars',
    'avatars/',
    '/avatars/x.png',
    'avatars/../secret',
    'avatars/..',
    'avatars/.hidden',
    'avatars//x.png',
    'avatars/x.png/',
    'Avatars/x.png',
    'avatars/x y.png',
    'avatars/x\\y.png',
    'avatars/é.png',
    'avatars/x.png?versionId=1',
    'avatars/a..b.png',
  ])('refuses the key %j on every operation', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('clé de stockage invalide');
    await expect(storage.get(key)).rejects.toThrow('clé de stockage invalide');
    await expect(storage.stat(key)).rejects.toThrow('clé de stockage invalide');
    await expect(storage.remove(key)).rejects.toThrow('clé de stockage invalide');
  });
});

describe('local disk', () => {
  it('keeps files under DATA_DIR/uploads and leaves no partial file behind', async () => {
    const dataDir = path.join(tempDir, 'other-data');
    const storage = createLocalStorage(dataDir);
    await storage.put('avatars/u4-000000.png', Buffer.from('x'));
    expect(await readdir(path.join(dataDir, 'uploads', 'avatars'))).toEqual(['u4-000000.png']);
  });

  // The disk's writes are ours (a temporary file, then a rename); a bucket's are the bucket's — and the test
  // server (s3rver) writes in place, so two writers at once may leave it empty there, which S3 itself never does.
  it('lets one of several writers at once win whole, never a mix', async () => {
    const storage = createLocalStorage(path.join(tempDir, 'data'));
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((letter) =>
        storage.put('avatars/u3-000000.png', Buffer.alloc(10_000, letter)),
      ),
    );
    const last = await storage.get('avatars/u3-000000.png');
    expect(last?.length).toBe(10_000);
    expect(new Set(last!.toString())).toHaveLength(1);
  });
});

describe('S3-compatible bucket', () => {
  it('throws when the bucket does not exist (a configuration error, not a missing file)', async () => {
    const storage = createS3Storage({ ...s3, bucket: 'absent-bucket' });
    await expect(storage.get('documents/x.pdf')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('is chosen by createStorage when S3 is configured, the disk otherwise', async () => {
    const dataDir = path.join(tempDir, 'chosen');
    await createStorage({ dataDir, s3 }).put('documents/par-s3.txt', Buffer.from('s3'));
    await createStorage({ dataDir, s3: null }).put('documents/sur-disque.txt', Buffer.from('disque'));
    const bucket = createS3Storage(s3);
    expect((await bucket.get('documents/par-s3.txt'))?.toString()).toBe('s3');
    expect(await bucket.get('documents/sur-disque.txt')).toBeNull();
    expect(await readdir(path.join(dataDir, 'uploads', 'documents'))).toEqual(['sur-disque.txt']);
  });
});
