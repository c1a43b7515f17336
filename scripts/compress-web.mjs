/**
 * Step of `npm run build`: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text
 * file of dist/web of at least 1 KB, once per build. The server keeps them in memory and sends the smaller form the
 * browser accepts (src/server/platform/web.ts): nothing is compressed per request, and the forms sent are the
 * smallest these formats make (a phone on a weak signal loads the app in fewer bytes).
 *
 * Plain JavaScript: it runs before anything is compiled, and `npm start` may run it.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist', 'web');
const COMPRESSIBLE = /\.(js|mjs|css|html|json|webmanifest|svg|txt|xml)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const deflate = promisify(gzip);

async function compress(file) {
  const raw = await readFile(file);
  if (raw.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    deflate(raw, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return raw.length;
}

const files = (await readdir(webDir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));
// zlib's asynchronous calls run on libuv's thread pool: every core compresses.
const sizes = await Promise.all(files.map(compress));
const done = sizes.filter((size) => size > 0).length;
const bytes = sizes.reduce((sum, size) => sum + size, 0);
process.stdout.write(`compress-web: ${done} files (${(bytes / 1024).toFixed(0)} KB) in brotli and gzip\n`);
