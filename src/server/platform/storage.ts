import type { FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { AppConfig, S3Config } from '../config.js';

/**
 * The one place private files are kept (decision 016): keys like `avatars/<name>`, on the local disk under
 * `$DATA_DIR/uploads` by default, in an S3-compatible bucket when `S3_*` is configured (decision 016). Files are
 * private: they leave only through routes that check who asks.
 */
export interface Storage {
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The file's size, or null when there is none (reads no content). */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

/** `<area>/<name>[/<name>…]`: a lowercase area, then names without `..`, slashes at the ends or hidden files. */
const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/;

/** Throws on a key that is not a plain relative name; the same rule on every backend. */
export function checkStorageKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`clé de stockage invalide : ${key}`);
  return key;
}

/** The backend the configuration asks for: the S3-compatible bucket when set, the local folder otherwise. */
export function createStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir);
}

const missingFile = (error: NodeJS.ErrnoException) =>
  error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR';

export function createLocalStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (key: string) => path.join(root, ...checkStorageKey(key).split('/'));
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed: a reader never sees half a file, two writers never mix their bytes.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, file);
      } catch (error) {
        await unlink(partial).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      return readFile(file).catch((error: NodeJS.ErrnoException) => {
        if (missingFile(error)) return null;
        throw error;
      });
    },
    async stat(key) {
      const file = fileOf(key);
      const found = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (missingFile(error)) return null;
        throw error;
      });
      return found?.isFile() ? { size: found.size } : null;
    },
    async remove(key) {
      await unlink(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (!missingFile(error)) throw error;
      });
    },
  };
}

/** The SDK's answer for an object that is not there (GetObject says NoSuchKey, HeadObject a bare 404). */
function isMissingObject(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || (name === 'NotFound' && $metadata?.httpStatusCode === 404);
}

/**
 * An S3-compatible bucket (AWS, Scaleway, OVHcloud, MinIO, Garage…). Objects are written without ACL: they stay
 * as private as the bucket. A missing bucket or refused credentials throw (a configuration error, not a missing
 * file).
 */
export function createS3Storage(s3: S3Config): Storage {
  const client = new S3Client({
    endpoint: s3.url,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where the API requires them: several S3-compatible services reject or ignore the
    // CRC32 headers that recent SDKs add to every request by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    maxAttempts: 3,
  });
  const Bucket = s3.bucket;
  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkStorageKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkStorageKey(key) }));
        if (!object.Body) return Buffer.alloc(0);
        const bytes = await object.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkStorageKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers a deletion of a missing object with success.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkStorageKey(key) }));
    },
  };
}

/** `/api/files/avatars/<name>` (what users.avatar holds) → its storage key. */
export function avatarKey(url: string | null): string | null {
  const name = url?.match(/^\/api\/files\/avatars\/([\w-]+\.(?:png|jpg|webp))$/)?.[1];
  return name ? `avatars/${name}` : null;
}

/**
 * A private file's answer (a driver's paper, an engagement document): never cached, never sniffed, shown inline
 * only inside Relais's own pages (the admin's preview) and running nothing, with its name in both header forms.
 */
export function sendPrivateFile(
  reply: FastifyReply,
  file: { bytes: Buffer; type: string; fileName: string },
): FastifyReply {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type(file.type)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    )
    .header('x-frame-options', 'SAMEORIGIN')
    .header(
      'content-disposition',
      `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .send(file.bytes);
}
