/**
 * Bundle budgets (decision 008), run by `npm test` after the build, figures printed:
 * the JavaScript the browser must load for / (entry + its static imports) ≤ 110 KB gzip,
 * every other chunk ≤ 40 KB gzip.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ENTRY_BUDGET = 110 * 1024;
const CHUNK_BUDGET = 40 * 1024;
/**
 * Libraries split into their own chunk and loaded only by one view, with their own budget: Leaflet (43 KB
 * gzip, not tree-shakable) comes only with the map view of a search (decision 009).
 */
const LIBRARY_BUDGETS: Record<string, number> = { leaflet: 45 * 1024 };
const budgetOf = (file: string) => LIBRARY_BUDGETS[file.replace(/-[\w-]{8}\.js$/, '')] ?? CHUNK_BUDGET;
const dir = path.resolve('dist/web');
const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
const gz = (file: string) => gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// The entry script and the app chunks the shell preloads (main.tsx imports the app right away there).
const entryFiles = [
  ...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!)),
];
const entrySet = new Set(entryFiles);
const entryTotal = entryFiles.reduce((sum, file) => sum + gz(file), 0);
const chunks = readdirSync(path.join(dir, 'assets'))
  .filter((file) => file.endsWith('.js') && !entrySet.has(`assets/${file}`))
  .map((file) => ({ file, size: gz(`assets/${file}`) }))
  .sort((a, b) => b.size - a.size);

let failed = false;
console.log(
  `entry JavaScript of / (${entryFiles.length} file(s)): ${kb(entryTotal)} gzip, budget ${kb(ENTRY_BUDGET)}`,
);
if (entryTotal > ENTRY_BUDGET) failed = true;
console.log(`other chunks (${chunks.length}), largest first, budget ${kb(CHUNK_BUDGET)} each:`);
for (const { file, size } of chunks.slice(0, 8)) {
  const over = size > budgetOf(file);
  if (over) failed = true;
  const note = budgetOf(file) === CHUNK_BUDGET ? '' : ` (library, budget ${kb(budgetOf(file))})`;
  console.log(`  ${over ? 'OVER' : 'ok  '} ${kb(size).padStart(8)}  ${file}${note}`);
}
for (const { file, size } of chunks.slice(8)) {
  if (size > budgetOf(file)) {
    failed = true;
    console.log(`  OVER ${kb(size).padStart(8)}  ${file}`);
  }
}
if (failed) {
  console.error('Bundle budget exceeded.');
  process.exit(1);
}
