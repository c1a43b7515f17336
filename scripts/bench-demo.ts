/**
 * npm run bench:demo — how fast a demonstration opens (decision 022's target: 300 ms from the click to a signed-in
 * dashboard with its data), how fast it resets, on the built server and its embedded PostgreSQL. Each door is
 * measured from POST /api/demo/login to the dashboard's first data call answered (GET /api/demo/dashboard/stats),
 * as the /demo page does it. Figures only, no assertion.
 */
import { startBenchServer } from './bench-server.js';

const PORT = Number(process.env.BENCH_PORT ?? 5192);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

const server = await startBenchServer(PORT, [], { RATE_LIMIT_MULTIPLIER: '10000' });
const BASE = server.base;

async function call(method: string, path: string, cookie?: string, body?: unknown) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const setCookie = response.headers.get('set-cookie');
  await response.arrayBuffer();
  return setCookie?.split(';')[0] ?? cookie;
}

async function openDoor(role: 'driver' | 'transporter'): Promise<{ ms: number; cookie: string }> {
  const start = performance.now();
  const cookie = await call('POST', '/api/demo/login', undefined, { role });
  await call('GET', '/api/demo/dashboard/stats', cookie);
  return { ms: performance.now() - start, cookie: cookie! };
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(0)} ms · p95 ${at(0.95).toFixed(0)} ms · max ${sorted.at(-1)!.toFixed(0)} ms`;
};

try {
  // Warm-up: the specimen file, the first connections, the JIT.
  for (let i = 0; i < 3; i++) await openDoor(i % 2 ? 'driver' : 'transporter');
  for (const role of ['driver', 'transporter'] as const) {
    const times: number[] = [];
    const resets: number[] = [];
    const logouts: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const { ms, cookie } = await openDoor(role);
      times.push(ms);
      let start = performance.now();
      await call('POST', '/api/demo/reset', cookie);
      resets.push(performance.now() - start);
      start = performance.now();
      await call('POST', '/api/demo/logout', cookie);
      logouts.push(performance.now() - start);
    }
    console.log(`${role.padEnd(11)} door → dashboard data: ${stats(times)}  (${ROUNDS} rounds)`);
    console.log(`${role.padEnd(11)} reset:                 ${stats(resets)}`);
    console.log(`${role.padEnd(11)} logout (removal):      ${stats(logouts)}`);
  }
  // Four visitors at the same moment (the doors take turns at the cap's lock).
  const together: number[] = [];
  for (let i = 0; i < 5; i++) {
    const batch = await Promise.all(
      ['driver', 'transporter', 'driver', 'transporter'].map((r) => openDoor(r as 'driver')),
    );
    together.push(...batch.map((b) => b.ms));
  }
  console.log(`4 at once   door → dashboard data: ${stats(together)}`);
} finally {
  await server.stop();
}
