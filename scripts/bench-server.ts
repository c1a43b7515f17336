import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The built server on a fresh embedded database in a throw-away folder, for the benchmarks.
 * `command` prefixes the node process (e.g. taskset to pin it to a core); `nodeArgs` go to node itself.
 */
export async function startBenchServer(
  port: number,
  command: string[] = [],
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'relais-bench-'));
  const [cmd, ...args] = [...command, process.execPath, ...nodeArgs, 'dist/server/main.js'];
  const server = spawn(cmd!, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    pid: server.pid!,
    /** Its data folder (the outbox of its mails is there). */
    dataDir,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
