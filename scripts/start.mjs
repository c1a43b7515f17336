/**
 * `npm start`: builds Relais only when its sources changed since the last build (quietly, the output kept in
 * dist/build.log), then runs the server in this same process — so the signal a service manager sends to the
 * command (SIGTERM) reaches the server, which stops its requests and its database cleanly.
 *
 * Plain JavaScript on purpose: it runs before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fingerprint, stampFile } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const logFile = path.join(dist, 'build.log');

const current = fingerprint();
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
const serverEntry = path.join(dist, 'server', 'main.js');
if (built !== current || !existsSync(serverEntry)) {
  process.stdout.write('Construction de Relais (une minute environ, seulement quand le code a changé)…\n');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8' });
  mkdirSync(dist, { recursive: true });
  writeFileSync(logFile, `${result.stdout ?? ''}${result.stderr ?? ''}`);
  if (result.status !== 0) {
    const tail = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    process.stderr.write(
      `La construction a échoué (journal complet : ${path.relative(root, logFile)}) :\n${tail}\n`,
    );
    process.exit(result.status ?? 1);
  }
  process.stdout.write(
    `Construit en ${Math.round((Date.now() - started) / 1000)} s (journal : ${path.relative(root, logFile)}).\n`,
  );
}

// The server runs here, in this process: no child to forward signals to.
await import(pathToFileURL(serverEntry).href);
