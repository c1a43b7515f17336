/**
 * npm run chaos — the crash loop (decision 023). A real Relais server (the built one; `--source` runs
 * src/server/main.ts through tsx) on a fresh data folder with its embedded PostgreSQL, as `npm start` runs it;
 * transporters and drivers seeded and signed in; then rounds of:
 *  1. a mixed write load over HTTP (publish, apply, accept/reject, withdraw, waive signatures, start, proof of
 *     delivery, deliver, complete, messages, reads), every acknowledged write recorded with what it wrote;
 *  2. kill -9 of the server at a random moment, and every third round of PostgreSQL too (the postmaster and its
 *     children, found through postmaster.pid);
 *  3. a restart on the same folder, timed until /api/health answers (the server stops the orphaned PostgreSQL or
 *     starts it again after its crash);
 *  4. the checks: every acknowledged write present; invariants (one driver per mission, application counts,
 *     unread counters, Freemium limits, no empty conversation, timelines, stored files); what the users' screens
 *     show against the rows; the alerts every committed write must have left.
 * Prints each round and the totals; exits non-zero when a write is lost, an invariant broken, an alert missing,
 * or the server answered an error.
 *
 *   npm run chaos -- --rounds 100 --seconds 8      (CHAOS_ROUNDS, CHAOS_SECONDS, CHAOS_WORKERS also work)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { missingAlerts } from './chaos/alerts.js';
import { brokenInvariants, lostWrites, screensDisagree, type Finding } from './chaos/checks.js';
import { quantile } from './chaos/http.js';
import { Load, type Entry } from './chaos/load.js';
import { freePort, RelaisProcess, sleep } from './chaos/server.js';
import { proveChecks } from './chaos/sabotage.js';
import { loadSnapshot } from './chaos/snapshot.js';
import { seedPeople, World } from './chaos/world.js';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: process.env.CHAOS_ROUNDS ?? '100' },
    seconds: { type: 'string', default: process.env.CHAOS_SECONDS ?? '8' },
    workers: { type: 'string', default: process.env.CHAOS_WORKERS ?? '8' },
    source: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(flags.rounds);
const SECONDS = Number(flags.seconds);
const WORKERS = Number(flags.workers);
/** How long the checks wait for alerts a restarted server still has to write (queued jobs) before counting them. */
const ALERT_WAIT_MS = Number(process.env.CHAOS_ALERT_WAIT_MS ?? 20_000);
if (!(ROUNDS >= 1 && SECONDS >= 1 && WORKERS >= 1))
  throw new Error('--rounds, --seconds, --workers: numbers ≥ 1');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'relais-chaos-'));
const server = new RelaisProcess({ dataDir, port: await freePort(), source: flags.source });
let stopping = false;
process.on('SIGINT', () => {
  if (stopping) return;
  stopping = true;
  console.log(`\ninterrupted; data folder kept: ${dataDir}`);
  void server
    .kill()
    .then(() => server.killPostgres())
    .finally(() => process.exit(130));
});

/** Findings seen so far, by key: a finding counted in one round is not counted again in the next. */
const seen = {
  lost: new Map<string, Finding>(),
  broken: new Map<string, Finding>(),
  alerts: new Map<string, Finding>(),
};
function fresh(kind: keyof typeof seen, findings: Finding[]): Finding[] {
  const added = findings.filter((finding) => !seen[kind].has(finding.key));
  for (const finding of added) seen[kind].set(finding.key, finding);
  return added;
}
const show = (label: string, findings: Finding[]) => {
  for (const finding of findings.slice(0, 5)) console.log(`    ${label}: ${finding.message}`);
  if (findings.length > 5) console.log(`    ${label}: … and ${findings.length - 5} more`);
};

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const restarts: Array<{ ms: number; withPostgres: boolean }> = [];
const ledger: Entry[] = [];
const acknowledged: Record<string, number> = {};
let unknown = 0;
/** Alerts missing at the first look after a restart that came during the wait, and when the last came. */
let lateAlerts = 0;
const lateDelays: number[] = [];
const errors: string[] = [];
let failed = true;

try {
  console.log(
    `chaos: ${ROUNDS} rounds of up to ${SECONDS} s, ${WORKERS} workers, ${flags.source ? 'server from source (tsx)' : 'built server'}, data in ${dataDir}`,
  );
  const firstStart = await server.start();
  let pool = server.database();
  const people = await seedPeople(pool, server.base, { transporters: 8, drivers: 24 });
  await pool.end();
  const world = new World(people);
  console.log(
    `started in ${fmt(firstStart)}; ${world.transporters.length} transporters and ${world.drivers.length} drivers signed in`,
  );

  for (let round = 1; round <= ROUNDS; round++) {
    const withPostgres = round % 3 === 0;
    const load = new Load(world, ledger, round);
    load.start(WORKERS);
    const killAt = 1000 + Math.random() * (SECONDS * 1000 - 1000);
    await sleep(killAt);
    load.halt();
    const killedAt = performance.now();
    await server.kill();
    if (withPostgres && !(await server.killPostgres())) throw new Error('no PostgreSQL to kill');
    await load.stop();

    const restart = await server.start();
    restarts.push({ ms: restart, withPostgres });
    pool = server.database();
    const snapshot = await loadSnapshot(pool);
    const lost = fresh('lost', lostWrites(ledger, snapshot));
    const broken = fresh('broken', [
      ...brokenInvariants(snapshot, dataDir),
      ...(await screensDisagree(world, snapshot)),
    ]);
    // Alerts a restarted server still has to write (the outbox's recovery) get a moment; those missing after it are
    // lost. Those that came during the wait are counted as late, with the time from the kill to the last one.
    const checked = performance.now();
    let missing = await missingAlerts(pool);
    const first = new Set(missing.map((finding) => finding.key));
    while (
      missing.some((finding) => !seen.alerts.has(finding.key)) &&
      performance.now() - checked < ALERT_WAIT_MS
    ) {
      await sleep(250);
      missing = await missingAlerts(pool);
    }
    const late = first.size - missing.filter((finding) => first.has(finding.key)).length;
    if (late > 0) {
      lateAlerts += late;
      lateDelays.push(performance.now() - killedAt);
    }
    const alertsLost = fresh('alerts', missing);
    await pool.end();
    world.resync(snapshot);

    const stats = load.stats;
    const acked = Object.values(stats.acknowledged).reduce((sum, count) => sum + count, 0);
    for (const [kind, count] of Object.entries(stats.acknowledged))
      acknowledged[kind] = (acknowledged[kind] ?? 0) + count;
    unknown += stats.unknown;
    errors.push(...stats.errors.map((error) => `round ${round} ${error}`));
    const refused = Object.values(stats.refused).reduce((sum, count) => sum + count, 0);
    console.log(
      `round ${String(round).padStart(3)}/${ROUNDS}: killed at ${fmt(killAt)}${withPostgres ? ' with PostgreSQL' : ''}, ` +
        `restart ${fmt(restart)} — acknowledged ${acked}, lost ${lost.length}, invariant breaks ${broken.length}, ` +
        `alerts missing ${alertsLost.length}${late ? ` (${late} came late)` : ''}, errors ${stats.errors.length} ` +
        `(refused ${refused}, cut by the kill ${stats.unknown})`,
    );
    show('lost', lost);
    show('broken', broken);
    show('alert', alertsLost);
    show(
      'error',
      stats.errors.map((message) => ({ key: message, message })),
    );
  }

  const total = Object.values(acknowledged).reduce((sum, count) => sum + count, 0);
  const times = (only?: boolean) =>
    restarts.filter((r) => only === undefined || r.withPostgres === only).map((r) => r.ms);
  const timing = (values: number[]) =>
    values.length ? `p50 ${fmt(quantile(values, 0.5))}, max ${fmt(Math.max(...values))}` : 'none';
  console.log(
    `\nChaos — ${ROUNDS} rounds, ${WORKERS} workers, kill -9 within ${SECONDS} s of load each round`,
  );
  console.log(`rounds                 ${ROUNDS} (PostgreSQL killed too in ${times(true).length})`);
  console.log(
    `writes acknowledged    ${total} (${Object.entries(acknowledged)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ')})`,
  );
  console.log(`writes lost            ${seen.lost.size}`);
  console.log(`invariant breaks       ${seen.broken.size}`);
  console.log(`alerts missing         ${seen.alerts.size}`);
  console.log(
    `alerts late           ${lateAlerts} (written after the restart; the last of each round ${timing(lateDelays)} after the kill)`,
  );
  console.log(`server errors          ${errors.length}`);
  console.log(`requests cut by kills  ${unknown} (outcome unknown: checked through what the database holds)`);
  console.log(
    `restart times          ${timing(times())} (server alone ${timing(times(false))}; with PostgreSQL ${timing(times(true))})`,
  );
  // Last, the checks themselves: each must report a damage made on purpose.
  pool = server.database();
  const proof = await proveChecks(pool, ledger, world, dataDir);
  await pool.end();
  console.log(
    `checks proven          ${proof.proven.length} of ${proof.proven.length + proof.missed.length} damages reported` +
      (proof.missed.length ? `; NOT reported: ${proof.missed.join(', ')}` : '') +
      (proof.skipped.length ? ` (not tried, no data: ${proof.skipped.join(', ')})` : ''),
  );
  failed = seen.lost.size + seen.broken.size + seen.alerts.size + errors.length + proof.missed.length > 0;
} catch (error) {
  console.error(error);
  console.error(server.logTail());
} finally {
  await server.stop().catch(() => undefined);
  await server.killPostgres().catch(() => false);
  if (failed || flags.keep) console.log(`data folder kept: ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
