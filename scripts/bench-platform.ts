/**
 * npm run bench — the platform's hot paths under load, on this machine:
 * the built server (and its embedded PostgreSQL) pinned to core 0, autocannon pinned to core 1.
 * Prints requests per second and latency percentiles; no assertion, figures only.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { startBenchServer } from './bench-server.js';

const PORT = Number(process.env.BENCH_PORT ?? 5191);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const cores = os.cpus().length;
const pin = (core: number) => (cores > 1 ? ['taskset', '-c', String(core)] : []);

const server = await startBenchServer(PORT, pin(0));
const BASE = server.base;

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
  const register = await fetch(`${BASE}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userType: 'driver',
      email: `bench-${Date.now()}@exemple.fr`,
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
  const cookie = register.headers.get('set-cookie')?.split(';')[0] ?? '';

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
