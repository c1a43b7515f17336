import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, closeSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * One Relais server process on a data folder of its own, as `npm start` runs it: the server starts its embedded
 * PostgreSQL in `$DATA_DIR/pg` (a detached child that outlives a killed server) and, on the next start, stops the
 * orphan or recovers after a crashed one (db/embedded.ts). The chaos run kills and restarts it on the same folder;
 * the soak run starts it once.
 */
export interface ServerOptions {
  dataDir: string;
  port: number;
  /** Run src/server/main.ts through tsx instead of the built dist/server/main.js. */
  source: boolean;
  /** Prefix of the node command (taskset to pin it to a core). */
  command?: string[];
  env?: Record<string, string>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export class RelaisProcess {
  readonly base: string;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  readonly logFile: string;

  constructor(private readonly options: ServerOptions) {
    this.base = `http://127.0.0.1:${options.port}`;
    this.logFile = path.join(options.dataDir, 'server.log');
  }

  get pid(): number {
    if (!this.child?.pid) throw new Error('server not running');
    return this.child.pid;
  }

  /** Starts the server and waits until /api/health answers 200 (its database too); returns the time it took. */
  async start(timeoutMs = 180_000): Promise<number> {
    const entry = this.options.source
      ? ['--import', 'tsx', '--conditions=development', 'src/server/main.ts']
      : ['dist/server/main.js'];
    if (!this.options.source && !existsSync(path.join(ROOT, 'dist/server/main.js')))
      throw new Error('dist/server/main.js is missing: run `npm run build` first, or pass --source');
    const [cmd, ...args] = [...(this.options.command ?? []), process.execPath, ...entry];
    const log = openSync(this.logFile, 'a');
    const started = performance.now();
    const child = spawn(cmd!, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(this.options.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.options.dataDir,
        PUBLIC_URL: this.base,
        LOG_LEVEL: 'warn',
        // Nothing leaves the machine: the built-in list of communes places addresses.
        GEOCODER_URL: 'off',
        ...this.options.env,
      },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    let done = false;
    void this.exited.then(() => (done = true));
    while (performance.now() - started < timeoutMs) {
      if (done) throw new Error(`the server exited while starting:\n${this.logTail()}`);
      try {
        const answer = await fetch(`${this.base}/api/health`, { signal: AbortSignal.timeout(2000) });
        await answer.arrayBuffer();
        if (answer.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`the server did not answer /api/health in ${timeoutMs / 1000} s:\n${this.logTail()}`);
  }

  /** kill -9 of the server process alone (its PostgreSQL lives on, orphaned, as after a real crash). */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
    this.child = null;
  }

  /** The graceful stop (SIGTERM): drains requests, stops the embedded PostgreSQL. */
  async stop(): Promise<void> {
    if (!this.child) return;
    this.child.kill('SIGTERM');
    await this.exited;
    this.child = null;
  }

  /** The postmaster's pid, from the lock file PostgreSQL keeps in its data folder; null when none runs. */
  postmasterPid(): number | null {
    const file = path.join(this.options.dataDir, 'pg', 'postmaster.pid');
    if (!existsSync(file)) return null;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
  }

  /**
   * kill -9 of PostgreSQL: the postmaster and, in the same instant, every process it forked (backends, WAL
   * writer, checkpointer…), as when the machine's OOM killer or a supervisor takes the whole group. Killing the
   * postmaster alone would leave backends running for a moment after it, which the next start cannot see once
   * the server has removed the stale lock file (db/embedded.ts). Returns once they are all gone.
   */
  async killPostgres(): Promise<boolean> {
    const pid = this.postmasterPid();
    if (pid === null) return false;
    const family = [pid, ...childrenOf(pid)];
    for (const member of family) {
      try {
        process.kill(member, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const deadline = Date.now() + 10_000;
    while (family.some(alive) && Date.now() < deadline) await sleep(20);
    return true;
  }

  /** A pool on the server's database, through the embedded server's port and password (both in the data folder). */
  database(max = 4): pg.Pool {
    const owner = JSON.parse(
      readFileSync(path.join(this.options.dataDir, 'pg', 'relais-owner.json'), 'utf8'),
    ) as { port: number };
    const password = readFileSync(path.join(this.options.dataDir, 'pg-password'), 'utf8').trim();
    const pool = new pg.Pool({
      connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${owner.port}/relais`,
      max,
    });
    // An idle connection broken by a kill must not take this process down.
    pool.on('error', () => undefined);
    return pool;
  }

  logTail(lines = 30): string {
    try {
      return readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The processes whose parent is `pid` (read from /proc: PostgreSQL's backends are the postmaster's children). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": the command may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return children;
}

/** Resident memory of a process in MB (VmRSS). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A port in 5300–5999 (the range the team leaves for such runs) that nothing listens on now. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  for (;;) {
    const port = 5300 + Math.floor(Math.random() * 700);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
