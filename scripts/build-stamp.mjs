/**
 * The fingerprint of what the build is made from (sources, build scripts and configurations, locked
 * dependencies), by content: `npm start` rebuilds only when it differs from the one the last build wrote
 * (dist/.build-stamp). Run directly, it writes the stamp (the last step of `npm run build`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const stampFile = path.join(root, 'dist', '.build-stamp');

const INPUTS = [
  'src',
  'drizzle',
  'scripts/prerender.ts',
  'scripts/compress-web.mjs',
  'vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
];

function filesUnder(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((child) => !/\.test\.tsx?$/.test(child.name))
    .flatMap((child) => filesUnder(path.join(entry, child.name)));
}

/** Hashes the inputs' contents, not their dates: a fresh clone or a checkout rebuilds only when needed. */
export function fingerprint() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder).sort()) {
    hash.update(file);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

if (import.meta.url === `file://${process.argv[1]}`) writeFileSync(stampFile, fingerprint());
