import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The one place private files are kept (DESIGN.md "files"): keys like `avatars/<name>`, on the local disk under
 * `$DATA_DIR/uploads`. The documents issue adds the S3-compatible backend behind this same interface.
 */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/;

export function createLocalStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`clé de stockage invalide : ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const partial = `${file}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async get(key) {
      return readFile(fileOf(key)).catch(() => null);
    },
    async remove(key) {
      await unlink(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}

/** `/api/files/avatars/<name>` (what users.avatar holds) → its storage key. */
export function avatarKey(url: string | null): string | null {
  const name = url?.match(/^\/api\/files\/avatars\/([\w-]+\.(?:png|jpg|webp))$/)?.[1];
  return name ? `avatars/${name}` : null;
}
