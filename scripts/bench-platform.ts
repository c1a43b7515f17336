/**
 * npm run bench — the platform's hot paths under load, on this machine:
 * the built server (and its embedded PostgreSQL) pinned to core 0, autocannon pinned to core 1.
 * Prints requests per second and latency percentiles; no assertion, figures only.
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBenchServer } from './bench-server.js';

const PORT = Number(process.env.BENCH_PORT ?? 5191);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const cores = os.cpus().length;
const pin = (core: number) => (cores > 1 ? ['taskset', '-c', String(core)] : []);

const server = await startBenchServer(PORT, pin(0));
const BASE = server.base;

/** The session the sign-up's mail link opens: the link is read from the server's outbox folder. */
async function followSignUpLink(email: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      const link = raw.includes(`To: ${email}`) ? /^X-Relais-Link: (\S+)$/m.exec(raw)?.[1] : undefined;
      if (!link) continue;
      const token = new URL(link).searchParams.get('token');
      const created = await fetch(`${BASE}/api/auth/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      const cookie = created.headers.get('set-cookie')?.split(';')[0];
      if (!created.ok || !cookie) throw new Error(`sign-up link refused: ${created.status}`);
      return cookie;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-up mail for ${email}`);
}

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

function load(url: string, headers: Record<string, string> = {}): Result {
  const args = [
    ...pin(1),
    'node_modules/.bin/autocannon',
    '-j',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(DURATION),
  ];
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  args.push(url);
  const [cmd, ...rest] = args;
  return JSON.parse(execFileSync(cmd!, rest, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as Result;
}

try {
  const email = `bench-${Date.now()}@exemple.fr`;
  await fetch(`${BASE}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userType: 'driver',
      email,
      password: 'secret123',
      fullName: 'Banc Essai',
      phone: '0612345678',
      licenseNumber: 'B1',
      licenseType: 'CE',
      yearsExperience: 3,
      subscriptionPlan: 'basic',
      certifications: [],
    }),
  });
  // The sign-up's link creates the account and opens the session (decision 039): read from the outbox.
  const cookie = await followSignUpLink(email);

  const runs: Array<[string, Result]> = [
    ['GET /api/health', load(`${BASE}/api/health`)],
    ['GET /api/site-settings', load(`${BASE}/api/site-settings`)],
    ['GET /api/auth/me (session)', load(`${BASE}/api/auth/me`, { cookie })],
    ['GET / (app shell)', load(`${BASE}/`)],
  ];
  console.log(
    `\nRelais platform bench — ${CONNECTIONS} connections, ${DURATION} s each, server on core 0, load on core 1\n`,
  );
  console.log(
    'endpoint'.padEnd(30),
    'req/s'.padStart(10),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'non-2xx'.padStart(8),
  );
  for (const [name, result] of runs) {
    console.log(
      name.padEnd(30),
      result.requests.average.toFixed(0).padStart(10),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      String(result.non2xx + result.errors).padStart(8),
    );
  }
} finally {
  await server.stop();
}
