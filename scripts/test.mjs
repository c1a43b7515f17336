/**
 * `npm test`: every check CI runs, scheduled over the machine's cores instead of one after the other.
 *
 *   lint ─ typecheck ─ unit ─ build ─┬─ bundle budgets
 *                                     ├─ end to end (Playwright, desktop and phone)   ← mostly waits on the browser
 *                                     └─ crash loop (3 rounds)
 *   API suite on the embedded PostgreSQL 18 (with the authorisation matrix and the fuzzer)
 *   API suite on TEST_DATABASE_URL when set (without the tests of the HTTP layer: FIRST_PASS_ONLY below)
 *
 * A job starts when what it needs is done and fewer than TEST_CAPACITY jobs run (the cores + 1). Each job's output goes to
 * test-logs/<job>.log and is printed whole when it ends; the first failure stops the rest. The last lines
 * are each step's time and the tests counted. `npm test -- api e2e` runs only those jobs (and what they need).
 *
 * Before anything, what the suite needs from outside npm is checked in a second (scripts/test-preflight.mjs).
 *
 * Plain JavaScript on purpose: it runs before anything is compiled.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { preflight } from './test-preflight.mjs';

const root = path.resolve(import.meta.dirname, '..');
const logDir = path.join(root, 'test-logs');
const external = Boolean(process.env.TEST_DATABASE_URL);
/** Jobs at once: one more than the cores, since the end-to-end run and the API suite each wait on a database or a browser. */
const capacity = Number(process.env.TEST_CAPACITY ?? os.availableParallelism() + 1);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/**
 * Tests only the first PostgreSQL pass runs. The second pass is there for what the database's version may change (SQL,
 * plans, locks); these test the HTTP layer, which it does not: the fuzzer, the authorisation matrix, raw hostile
 * bytes on a socket, the refusal of control characters in any field, the client address behind a proxy, the
 * platform's errors, headers and web files. And the embedded PostgreSQL's own test starts its own server whatever
 * TEST_DATABASE_URL names: a second pass would run exactly the same thing.
 */
const FIRST_PASS_ONLY = [
  'src/server/platform/fuzz.api.test.ts',
  'src/server/platform/authorization-matrix.api.test.ts',
  'src/server/platform/hostile-requests.api.test.ts',
  'src/server/platform/input-hygiene.api.test.ts',
  'src/server/platform/trust-proxy.api.test.ts',
  'src/server/platform/platform.api.test.ts',
  'src/server/db/embedded.api.test.ts',
];

// In order of priority: the longest chains first, then what fails fastest.
const jobs = [
  { name: 'api', run: [[bin('vitest'), 'run', '--project', 'api']] },
  { name: 'build', run: [['npm', 'run', '-s', 'build']] },
  { name: 'e2e', after: ['build'], run: [[bin('playwright'), 'test']] },
  { name: 'lint', run: [['npm', 'run', '-s', 'lint']] },
  {
    name: 'api-external',
    only: external,
    env: { RELAIS_TEST_DB: 'external' },
    run: [
      [bin('vitest'), 'run', '--project', 'api', ...FIRST_PASS_ONLY.flatMap((file) => ['--exclude', file])],
    ],
  },
  { name: 'typecheck', run: [['npm', 'run', '-s', 'typecheck']] },
  { name: 'unit', run: [[bin('vitest'), 'run', '--project', 'unit', '--project', 'web']] },
  { name: 'bundle', after: ['build'], run: [['npm', 'run', '-s', 'check:bundle']] },
  { name: 'chaos', after: ['build'], run: [['npm', 'run', '-s', 'test:chaos']] },
];

// `npm test -- api e2e`: those jobs and what they need.
const wanted = process.argv.slice(2);
if (wanted.length > 0) {
  const unknown = wanted.filter((name) => !jobs.some((job) => job.name === name));
  if (unknown.length > 0) {
    console.error(
      `[test] unknown step(s): ${unknown.join(', ')}; steps: ${jobs.map((j) => j.name).join(', ')}`,
    );
    process.exit(2);
  }
  const keep = new Set();
  const add = (name) => {
    if (keep.has(name)) return;
    keep.add(name);
    for (const need of jobs.find((job) => job.name === name)?.after ?? []) add(need);
  };
  wanted.forEach(add);
  jobs.splice(0, jobs.length, ...jobs.filter((job) => keep.has(job.name)));
}
// The second PostgreSQL pass only when TEST_DATABASE_URL names one.
jobs.splice(0, jobs.length, ...jobs.filter((job) => job.only !== false));

const print = (text) => process.stdout.write(`${text}\n`);
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const say = (line) => print(`[test ${seconds(Date.now() - started).padStart(5)}] ${line}`);

await preflight({ e2e: jobs.some((job) => job.name === 'e2e'), say });
mkdirSync(logDir, { recursive: true });

const state = new Map(jobs.map((job) => [job.name, { status: 'waiting' }]));
const children = new Set();
let used = 0;
let failed = null;
/** TEST_KEEP_GOING=1: a failure does not stop the other steps (what depends on it is skipped). */
const keepGoing = process.env.TEST_KEEP_GOING === '1';

function runCommands(job, log) {
  return job.run.reduce(
    (previous, [command, ...args]) =>
      previous.then(
        () =>
          new Promise((resolve, reject) => {
            const child = spawn(command, args, {
              cwd: root,
              env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...job.env },
              stdio: ['ignore', 'pipe', 'pipe'],
              detached: true,
            });
            children.add(child);
            child.stdout.pipe(log, { end: false });
            child.stderr.pipe(log, { end: false });
            child.once('error', reject);
            child.once('close', (code, signal) => {
              children.delete(child);
              if (code === 0) resolve();
              else reject(new Error(`${[command, ...args].join(' ')} exited ${signal ?? code}`));
            });
          }),
      ),
    Promise.resolve(),
  );
}

function start(job) {
  const entry = state.get(job.name);
  entry.status = 'running';
  entry.start = Date.now();
  used += 1;
  const file = path.join(logDir, `${job.name}.log`);
  const log = createWriteStream(file);
  say(`${job.name}: started`);
  runCommands(job, log)
    .then(
      () => (entry.status = 'passed'),
      (error) => {
        entry.status = 'failed';
        entry.error = error.message;
      },
    )
    .finally(() => {
      entry.end = Date.now();
      used -= 1;
      log.end(() => {
        const output = readFileSync(file, 'utf8');
        print(`\n──── ${job.name} (${seconds(entry.end - entry.start)}) ────\n${output.trimEnd()}\n`);
        say(`${job.name}: ${entry.status} in ${seconds(entry.end - entry.start)}`);
        if (entry.status === 'failed' && !failed) {
          failed = job.name;
          if (!keepGoing) stopAll();
        }
        schedule();
      });
    });
}

/**
 * SIGINT, as a developer's Ctrl+C: Vitest then stops its PostgreSQL and Playwright its web servers (they run in
 * process groups of their own, which a signal to the step's group does not reach).
 */
function stopAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
}

function schedule() {
  if (failed && !keepGoing) return finishIfIdle();
  for (const job of jobs) {
    const entry = state.get(job.name);
    if (entry.status !== 'waiting') continue;
    if ((job.after ?? []).some((name) => ['failed', 'skipped'].includes(state.get(name)?.status))) {
      entry.status = 'skipped';
      continue;
    }
    if (!(job.after ?? []).every((name) => state.get(name)?.status === 'passed')) continue;
    if (used >= capacity) continue;
    start(job);
  }
  finishIfIdle();
}

function counted(name) {
  let text;
  try {
    text = readFileSync(path.join(logDir, `${name}.log`), 'utf8');
  } catch {
    return null;
  }
  const vitest = [...text.matchAll(/^\s+Tests\s+(?:(\d+) failed \| )?(\d+) passed/gm)].at(-1);
  if (vitest) return { passed: Number(vitest[2]), failed: Number(vitest[1] ?? 0) };
  const playwright = text.match(/^\s+(\d+) passed\b/m);
  if (playwright)
    return { passed: Number(playwright[1]), failed: Number(text.match(/^\s+(\d+) failed\b/m)?.[1] ?? 0) };
  return null;
}

function finishIfIdle() {
  if ([...state.values()].some((entry) => entry.status === 'running')) return;
  if (!failed && [...state.values()].some((entry) => entry.status === 'waiting')) return;
  clearInterval(heartbeat);
  print('\nstep           time   tests');
  let passed = 0;
  let failedTests = 0;
  for (const job of jobs) {
    const entry = state.get(job.name);
    const time = entry.end ? seconds(entry.end - entry.start) : entry.status;
    const count = entry.end ? counted(job.name) : null;
    if (count) {
      passed += count.passed;
      failedTests += count.failed;
    }
    const tests = count ? `${count.passed} passed${count.failed ? `, ${count.failed} failed` : ''}` : '';
    print(
      `${job.name.padEnd(14)} ${String(time).padStart(6)}   ${tests}${entry.status === 'failed' ? '  FAILED' : ''}`,
    );
  }
  print(`total          ${seconds(Date.now() - started).padStart(6)}`);
  if (failed) {
    console.error(`\n[test] ${failed} failed: ${state.get(failed).error} (log: test-logs/${failed}.log)`);
    process.exitCode = 1;
  }
  // A step that failed without failing a test (lint, the build) still counts one failure.
  print(`tests: ${passed} passed, ${failed ? Math.max(failedTests, 1) : failedTests} failed`);
}

const heartbeat = setInterval(() => {
  const running = [...state].filter(([, entry]) => entry.status === 'running');
  if (running.length > 0)
    say(
      `running: ${running.map(([name, entry]) => `${name} (${seconds(Date.now() - entry.start)})`).join(', ')}`,
    );
}, 60_000);

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    failed ??= `interrupted (${signal})`;
    stopAll();
    process.exit(130);
  });

schedule();
