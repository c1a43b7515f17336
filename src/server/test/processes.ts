import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ServerProcess {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const root = path.resolve(import.meta.dirname, '../../..');

/** A real Relais server process (src/server/main.ts through tsx) on the given database, as in production. */
export async function startServerProcess(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'relais-process-'));
  const child = spawn(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', path.join(root, 'src/server/main.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        // Not the built web app: the suite runs while npm test rebuilds it.
        WEB_DIR: path.join(dataDir, 'web'),
        LOG_LEVEL: 'info',
        GEOCODER_URL: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the failed test.
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes('Relais est prêt')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in over HTTP and returns the session cookie's value. */
export async function loginOverHttp(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('relais_session='));
  return cookie!.split(';')[0]!.slice('relais_session='.length);
}
