/**
 * npm run bench:analytics — what first-party site analytics costs, on this machine: the built server (and its
 * embedded PostgreSQL) pinned to core 0, autocannon pinned to core 1, as in bench-platform.ts.
 * (a) a page and /api/health alone, then with a beacon load beside; (b) the collect endpoint with and without
 * consent; (c) rows written and flush durations (the instance's own figures, GET /api/admin/analytics/ingest);
 * (d) the server's memory (RSS). Figures only, no assertion.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import { startBenchServer } from './bench-server.js';

const run = promisify(execFile);
const PORT = Number(process.env.BENCH_PORT ?? 5192);
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const cores = os.cpus().length;
const pin = (core: number) => (cores > 1 ? ['taskset', '-c', String(core)] : []);
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

// The whole load comes from 127.0.0.1: the per-address beacon limit is lifted, as for the e2e server.
const server = await startBenchServer(PORT, pin(0), { RATE_LIMIT_MULTIPLIER: '10000' });
const BASE = server.base;

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

interface Load {
  url: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
}

async function load({ url, headers = {}, body, connections = CONNECTIONS }: Load): Promise<Result> {
  const args = [
    ...pin(1),
    'node_modules/.bin/autocannon',
    '-j',
    '-c',
    String(connections),
    '-d',
    String(DURATION),
  ];
  if (body !== undefined) args.push('-m', 'POST', '-b', body);
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  args.push(url);
  const [cmd, ...rest] = args;
  const { stdout } = await run(cmd!, rest, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as Result;
}

const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

const beaconHeaders = {
  'content-type': 'text/plain;charset=UTF-8',
  'sec-fetch-site': 'same-origin',
  'user-agent': IPHONE,
};
const at = () => new Date().toISOString();
/** A tracker's beacon: three page views and an event (what 5 s of browsing sends at most, typically). */
const beacon = (consent: boolean) =>
  JSON.stringify({
    consent,
    ...(consent
      ? { visitorId: 'bench-visitor-0123456789abcdef', sessionId: 'bench-session-0123456789abcdef' }
      : {}),
    ...(consent ? { referrer: 'https://www.google.fr/search?q=relais' } : {}),
    events: [
      { type: 'page_view', path: '/', at: at() },
      { type: 'page_view', path: '/pricing', at: at() },
      { type: 'page_view', path: '/mission/6f1c2a4e-1b2c-4d3e-8f90-123456789abc', at: at() },
      { type: 'cta_click', path: '/pricing', category: 'pricing', label: 'premium', at: at() },
    ],
  });

try {
  const setup = await fetch(`${BASE}/api/admin/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-admin@exemple.fr', password: 'motdepasse-bench', fullName: 'Banc' }),
  });
  const cookie = setup.headers.get('set-cookie')?.split(';')[0] ?? '';
  const admin = async <T>(path: string): Promise<T> =>
    (await (await fetch(`${BASE}${path}`, { headers: { cookie } })).json()) as T;
  const ingest = () =>
    admin<{
      accepted: number;
      dropped: number;
      failed: number;
      flushes: number;
      rowsWritten: number;
      averageFlushMs: number;
      maxFlushMs: number;
    }>('/api/admin/analytics/ingest');

  const rss0 = rssMb();
  const rows: Array<[string, Result]> = [];
  const memory: Array<[string, number]> = [['start', rss0]];
  rows.push(['GET /api/health', await load({ url: `${BASE}/api/health` })]);
  memory.push(['after GET /api/health', rssMb()]);
  rows.push(['GET /pricing (page)', await load({ url: `${BASE}/pricing` })]);
  memory.push(['after GET /pricing', rssMb()]);
  const half = Math.max(1, Math.floor(CONNECTIONS / 2));
  const [healthBeside, beaconsBeside] = await Promise.all([
    load({ url: `${BASE}/api/health`, connections: half }),
    load({
      url: `${BASE}/api/analytics/collect`,
      headers: beaconHeaders,
      body: beacon(false),
      connections: half,
    }),
  ]);
  rows.push([`GET /api/health (${half} c) + beacons`, healthBeside]);
  rows.push([`  beside: collect (${half} c)`, beaconsBeside]);
  const [pageBeside, beaconsBesidePage] = await Promise.all([
    load({ url: `${BASE}/pricing`, connections: half }),
    load({
      url: `${BASE}/api/analytics/collect`,
      headers: beaconHeaders,
      body: beacon(true),
      connections: half,
    }),
  ]);
  rows.push([`GET /pricing (${half} c) + beacons`, pageBeside]);
  rows.push([`  beside: collect consent (${half} c)`, beaconsBesidePage]);
  memory.push(['after the runs side by side', rssMb()]);
  const before = await ingest();
  rows.push([
    'POST collect, no consent',
    await load({ url: `${BASE}/api/analytics/collect`, headers: beaconHeaders, body: beacon(false) }),
  ]);
  const afterAnonymous = await ingest();
  memory.push(['after collect, no consent', rssMb()]);
  rows.push([
    'POST collect, consent',
    await load({ url: `${BASE}/api/analytics/collect`, headers: beaconHeaders, body: beacon(true) }),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const afterConsent = await ingest();
  memory.push(['after collect, consent', rssMb()]);

  console.log(
    `\nRelais site-analytics bench — ${CONNECTIONS} connections, ${DURATION} s each, server on core 0, load on core 1\n`,
  );
  console.log(
    'load'.padEnd(40),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'non-2xx'.padStart(8),
  );
  for (const [name, result] of rows)
    console.log(
      name.padEnd(40),
      result.requests.average.toFixed(0).padStart(9),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      String(result.non2xx + result.errors).padStart(8),
    );
  const overview = await admin<{ totals: Record<string, number> }>('/api/admin/analytics/overview');
  const delta = (a: { rowsWritten: number; flushes: number }, b: { rowsWritten: number; flushes: number }) =>
    `${b.rowsWritten - a.rowsWritten} rows in ${b.flushes - a.flushes} flushes`;
  console.log('\nwrites (each beacon: 3 page views + 1 event)');
  console.log(`  no consent run: ${delta(before, afterAnonymous)}`);
  console.log(`  consent run:    ${delta(afterAnonymous, afterConsent)}`);
  console.log(
    `  whole bench: ${afterConsent.accepted} items accepted, ${afterConsent.dropped} dropped (buffer full), ${afterConsent.failed} failed; ${afterConsent.flushes} flushes, ${afterConsent.rowsWritten} rows, flush avg ${afterConsent.averageFlushMs} ms, max ${afterConsent.maxFlushMs} ms`,
  );
  console.log(
    `  in the tables: ${overview.totals.pageViews} page views counted, ${overview.totals.visits} visits, ${overview.totals.sessions} sessions`,
  );
  console.log('\nserver RSS (MB)');
  for (const [name, mb] of memory) console.log(`  ${name.padEnd(30)} ${mb.toFixed(0).padStart(6)}`);
} finally {
  await server.stop();
}
