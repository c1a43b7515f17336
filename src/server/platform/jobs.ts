import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../config.js';
import { safeError } from './logger.js';

/**
 * Scheduled and one-off work on a job queue in PostgreSQL (pg-boss 10, its own schema `pgboss` and its own
 * connections), shared by every instance on the database (decision 015):
 *
 * - `schedule(name, cron, handler)`: a cron schedule read in French time. Each slot (the instant the cron names)
 *   becomes one job whose id is derived from the name and the slot: every instance with workers queues it, the
 *   primary key keeps one, and one worker runs it. A run that throws is logged and retried with backoff.
 * - `define(name, handler)` + `send(name, data, { singletonKey, startAfter })`: one-off jobs.
 * - `runNow(name)`: runs a job now through the queue and waits for its end (tests, admin tools).
 *
 * Every instance queues; only instances with `JOBS_WORKER=true` (the default) work and keep the clock.
 */
export interface Jobs {
  /**
   * Runs `handler` at every slot of `cron` ("minute hour day month weekday", Europe/Paris; a sixth leading field
   * gives seconds), once per slot across all instances. Call it while the app is being built (before ready).
   */
  schedule(
    name: string,
    cron: string,
    handler: (run: ScheduledRun) => Promise<unknown>,
    options?: ScheduleOptions,
  ): void;
  /** A one-off job's handler (before ready); its jobs come from `send`. */
  define<T extends object = Record<string, unknown>>(
    name: string,
    handler: (run: JobRun<T>) => Promise<unknown>,
    options?: JobOptions,
  ): void;
  /**
   * Queues one run of a defined job. With a `singletonKey`, one job at most exists for (name, key): a second
   * send, from any instance, returns null instead of queuing (while the first is waiting, running, or ended
   * less than 12 hours ago; what must never happen twice also belongs in the feature's own rows).
   * `startAfter`: a date, or a number of seconds from now. Returns the job id, or null when not queued.
   */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Queues a run now (a scheduled job gets the current time as its slot) and resolves when it has completed,
   * through the queue, on whichever instance works it; rejects if it failed after its retries, or after
   * `timeoutMs` (default 30 s) without an end (no worker running).
   */
  runNow(name: string, options?: { data?: object; timeoutMs?: number }): Promise<void>;
  /**
   * Queues the job of the schedule's latest slot at or before `at` (not older than its catch-up window): what
   * the workers' clock does every second. `created` is false when that slot's job already existed.
   */
  queueSlot(name: string, at: Date): Promise<{ slot: Date; created: boolean } | null>;
  /** Whether this instance works jobs (`JOBS_WORKER`). */
  readonly worker: boolean;
}

interface JobOptions {
  /** Tries after the first when the handler throws (default 3); the last failure is logged as an error. */
  retryLimit?: number;
  /** Wait before the first retry, doubled at each retry with jitter (default 30 s). */
  retryDelaySeconds?: number;
  /** A run lasting longer is failed, then retried (default 15 minutes). */
  expireInSeconds?: number;
}

interface ScheduleOptions extends JobOptions {
  /**
   * A slot whose time came while no worker ran (all stopped, a deploy) is still run when one starts within this
   * many seconds after it (default 300; at most 6 hours).
   */
  catchUpSeconds?: number;
}

interface SendOptions {
  singletonKey?: string;
  startAfter?: Date | number;
}

interface JobRun<T> {
  id: string;
  name: string;
  data: T;
  /** 1 for the first try, 2 for the first retry… */
  attempt: number;
  log: FastifyBaseLogger;
}

interface ScheduledRun {
  id: string;
  name: string;
  /** The instant the cron named (runNow: when it was asked). */
  slot: Date;
  /** Asked with runNow, not by the clock. */
  manual: boolean;
  attempt: number;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** Slots are French time: "15 7 * * *" is 07:15 in Paris, summer and winter. */
const JOBS_TIME_ZONE = 'Europe/Paris';
/** pg-boss's own connections per instance (worker polls, queuing, maintenance). */
const JOBS_POOL_SIZE = 4;
const TICK_MS = 1000;
const POLL_SECONDS = 2;
const SKEW_EVERY_MS = 10 * 60 * 1000;
const STOP_TIMEOUT_MS = 10_000;
const DEFAULTS = { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 15 * 60 };
const DEFAULT_CATCH_UP_SECONDS = 300;
/** pg-boss keeps completed jobs 12 h before archiving them: slot ids must stay unique longer than the window. */
const MAX_CATCH_UP_SECONDS = 6 * 3600;

// ---------------------------------------------------------------------------------------------------------------
// Cron expressions, matched against the wall clock of a time zone.

interface CronField {
  values: ReadonlySet<number>;
  /** Written with a leading `*` (unrestricted, for the day-of-month / day-of-week rule). */
  star: boolean;
}

export interface Cron {
  source: string;
  second: CronField;
  minute: CronField;
  hour: CronField;
  day: CronField;
  month: CronField;
  weekday: CronField;
  /** 1 s with a seconds field, else 1 minute: slots fall on these boundaries. */
  stepMs: number;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const FIELDS = [
  { name: 'second', min: 0, max: 59 },
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS, first: 1 },
  { name: 'day of week', min: 0, max: 7, names: WEEKDAYS, first: 0 },
] as const;

/** Standard cron: `*`, `a`, `a-b`, `*\/n`, `a-b/n`, `a/n`, lists; month and day names; 7 is Sunday too. */
export function parseCron(source: string): Cron {
  const parts = source.trim().split(/\s+/);
  if (parts.length !== 5 && parts.length !== 6)
    throw new Error(
      `cron "${source}": 5 fields expected (minute hour day month weekday), or 6 with seconds first`,
    );
  const texts = parts.length === 6 ? parts : ['0', ...parts];
  const fields: CronField[] = FIELDS.map((spec, index) => {
    const text = texts[index]!;
    const values = new Set<number>();
    const valueOf = (token: string) => {
      const named = 'names' in spec ? spec.names.indexOf(token.toUpperCase()) : -1;
      const value =
        named >= 0 ? named + ('first' in spec ? spec.first : 0) : /^\d+$/.test(token) ? Number(token) : NaN;
      if (!(value >= spec.min && value <= spec.max))
        throw new Error(`cron "${source}": bad ${spec.name} "${token}"`);
      return value;
    };
    for (const item of text.split(',')) {
      const match = /^(?:(\*)|(\w+)(?:-(\w+))?)(?:\/(\d+))?$/.exec(item);
      if (!match) throw new Error(`cron "${source}": bad ${spec.name} "${item}"`);
      const step = match[4] === undefined ? 1 : Number(match[4]);
      if (step < 1) throw new Error(`cron "${source}": bad step in "${item}"`);
      const from = match[1] ? spec.min : valueOf(match[2]!);
      const to =
        match[1] || (match[4] !== undefined && match[3] === undefined)
          ? spec.max
          : valueOf(match[3] ?? match[2]!);
      if (from > to) throw new Error(`cron "${source}": empty range "${item}"`);
      for (let value = from; value <= to; value += step) values.add(value);
    }
    if (spec.name === 'day of week' && values.has(7)) values.add(0);
    return { values, star: text.startsWith('*') };
  });
  const [second, minute, hour, day, month, weekday] = fields as [CronField, ...CronField[]];
  return {
    source,
    second,
    minute: minute!,
    hour: hour!,
    day: day!,
    month: month!,
    weekday: weekday!,
    stepMs: parts.length === 6 ? 1000 : 60_000,
  };
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();
const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Whether the instant is one of the cron's slots, on the wall clock of `timeZone`. */
export function cronMatches(cron: Cron, instant: number, timeZone = JOBS_TIME_ZONE): boolean {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    wallClocks.set(timeZone, format);
  }
  const wall: Record<string, string> = {};
  for (const part of format.formatToParts(instant)) wall[part.type] = part.value;
  if (
    !cron.second.values.has(Number(wall.second)) ||
    !cron.minute.values.has(Number(wall.minute)) ||
    !cron.hour.values.has(Number(wall.hour)) ||
    !cron.month.values.has(Number(wall.month))
  )
    return false;
  const day = cron.day.values.has(Number(wall.day));
  const weekday = cron.weekday.values.has(SHORT_WEEKDAYS.indexOf(wall.weekday!));
  // As in every cron: when both day fields are restricted, either one matching is enough.
  return cron.day.star || cron.weekday.star ? day && weekday : day || weekday;
}

/** The latest slot in (since, at], or null. */
export function latestSlot(cron: Cron, at: number, since: number, timeZone = JOBS_TIME_ZONE): number | null {
  for (let instant = Math.floor(at / cron.stepMs) * cron.stepMs; instant > since; instant -= cron.stepMs)
    if (cronMatches(cron, instant, timeZone)) return instant;
  return null;
}

/** A UUID derived from its parts: the same job has the same id on every instance. */
export function stableJobId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\n')).digest('hex');
  const variant = '89ab'[Number.parseInt(hex[16]!, 16) & 3]!;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// ---------------------------------------------------------------------------------------------------------------

interface Registration {
  name: string;
  cron: Cron | null;
  catchUpMs: number;
  queue: {
    policy: 'singleton' | 'standard';
    retryLimit: number;
    retryDelay: number;
    expireInSeconds: number;
  };
  run(
    job: PgBoss.JobWithMetadata<Record<string, unknown>>,
    attempt: number,
    log: FastifyBaseLogger,
  ): Promise<unknown>;
  /** The clock has looked at every instant up to this one. */
  scannedUntil: number;
  clockFailing: boolean;
}

type JobData = Record<string, unknown>;

const NAME = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** Creates pg-boss's schema in a database (tests: once in the template the test databases are cloned from). */
export async function installJobQueue(url: string): Promise<void> {
  const boss = new PgBoss({ connectionString: url, max: 1, schedule: false, supervise: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false });
}

/**
 * The job queue of this app: started when the app is ready (its schema is created on the first start), stopped
 * when it closes (running handlers get 10 s to finish; an unfinished one is failed and retried elsewhere).
 */
export function registerJobs(app: FastifyInstance, options: { url: string; config: AppConfig }): Jobs {
  const queue: JobQueue = {
    url: options.url,
    worker: options.config.jobs.worker,
    log: app.log.child({ component: 'jobs' }),
    registrations: new Map(),
    workerIds: new Map(),
    boss: null,
    state: 'building',
    clock: undefined,
    ticking: false,
    clockSkewMs: 0,
    skewMeasuredAt: 0,
  };
  app.addHook('onReady', () => startQueue(queue));
  app.addHook('onClose', () => stopQueue(queue));
  const jobs = jobsOf(queue);
  app.decorate('jobs', jobs);
  return jobs;
}

/** What one app's job queue holds while it lives: its jobs, pg-boss, the workers and the clock. */
interface JobQueue {
  readonly url: string;
  readonly worker: boolean;
  readonly log: FastifyBaseLogger;
  readonly registrations: Map<string, Registration>;
  readonly workerIds: Map<string, string>;
  boss: PgBoss | null;
  state: 'building' | 'starting' | 'started' | 'stopping' | 'stopped';
  clock: NodeJS.Timeout | undefined;
  ticking: boolean;
  clockSkewMs: number;
  skewMeasuredAt: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Registrations (while the app is built).

function register(
  queue: JobQueue,
  name: string,
  registration: Omit<Registration, 'name' | 'scannedUntil' | 'clockFailing'>,
): void {
  if (queue.state !== 'building')
    throw new Error(`job "${name}": register jobs while the app is built, before ready`);
  if (!NAME.test(name)) throw new Error(`job "${name}": lowercase letters, digits and hyphens only`);
  if (queue.registrations.has(name)) throw new Error(`job "${name}" is already registered`);
  queue.registrations.set(name, { ...registration, name, scannedUntil: 0, clockFailing: false });
}

function queueOptions(policy: 'singleton' | 'standard', given: JobOptions = {}): Registration['queue'] {
  const retryLimit = given.retryLimit ?? DEFAULTS.retryLimit;
  const retryDelay = given.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds;
  const expireInSeconds = given.expireInSeconds ?? DEFAULTS.expireInSeconds;
  if (!Number.isInteger(retryLimit) || retryLimit < 0) throw new Error('retryLimit: an integer ≥ 0');
  if (!Number.isInteger(retryDelay) || retryDelay < 1) throw new Error('retryDelaySeconds: an integer ≥ 1');
  if (!Number.isInteger(expireInSeconds) || expireInSeconds < 1 || expireInSeconds >= 24 * 3600)
    throw new Error('expireInSeconds: an integer from 1 to 86399');
  return { policy, retryLimit, retryDelay, expireInSeconds };
}

function started(queue: JobQueue): PgBoss {
  if (!queue.boss || (queue.state !== 'started' && queue.state !== 'starting'))
    throw new Error('the job queue is not running');
  return queue.boss;
}

function registered(queue: JobQueue, name: string): Registration {
  const registration = queue.registrations.get(name);
  if (!registration) throw new Error(`unknown job "${name}"`);
  return registration;
}

/** The time on the database's clock. */
function now(queue: JobQueue): number {
  return Date.now() + queue.clockSkewMs;
}

/** Wakes this instance's worker of the job, so that a job just queued does not wait for the next poll. */
function nudge(queue: JobQueue, name: string): void {
  const id = queue.workerIds.get(name);
  if (id && queue.boss) queue.boss.notifyWorker(id);
}

// ---------------------------------------------------------------------------------------------------------------
// The clock: the schedules' slots queued as jobs.

/** Inserts the slot's job; its id is the same on every instance, so only the first insert counts. */
async function insertSlot(queue: JobQueue, registration: Registration, slot: number): Promise<boolean> {
  const iso = new Date(slot).toISOString();
  const id = await started(queue).send(
    registration.name,
    { slot: iso },
    { id: stableJobId('slot', registration.name, iso) },
  );
  if (id) nudge(queue, registration.name);
  return id !== null;
}

async function tick(queue: JobQueue): Promise<void> {
  if (queue.ticking || queue.state !== 'started') return;
  queue.ticking = true;
  try {
    if (Date.now() - queue.skewMeasuredAt > SKEW_EVERY_MS) await measureSkew(queue);
    for (const registration of queue.registrations.values()) {
      if (!registration.cron || queue.state !== 'started') continue;
      const at = now(queue);
      const since = Math.max(registration.scannedUntil, at - registration.catchUpMs);
      const slot = latestSlot(registration.cron, at, since);
      try {
        if (slot !== null) await insertSlot(queue, registration, slot);
        registration.scannedUntil = Math.floor(at / registration.cron.stepMs) * registration.cron.stepMs;
        if (registration.clockFailing) queue.log.info({ job: registration.name }, 'job clock queues again');
        registration.clockFailing = false;
      } catch (error) {
        // Tried again at the next tick, until the slot leaves its catch-up window.
        if (!registration.clockFailing && queue.state === 'started')
          queue.log.warn({ err: error, job: registration.name }, 'job clock could not queue a slot');
        registration.clockFailing = true;
      }
    }
  } finally {
    queue.ticking = false;
  }
}

/** Slots are read on the database's clock, the same for every instance. */
async function measureSkew(queue: JobQueue): Promise<void> {
  queue.skewMeasuredAt = Date.now();
  try {
    const before = Date.now();
    const result = await started(queue)
      .getDb()
      .executeSql('select extract(epoch from clock_timestamp()) * 1000 as now', []);
    const database = Number(result?.rows[0]?.now);
    if (Number.isFinite(database)) queue.clockSkewMs = Math.round(database - (before + Date.now()) / 2);
  } catch (error) {
    queue.log.warn({ err: error }, 'job clock: database time unavailable, local time used');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Start and stop.

async function work(
  queue: JobQueue,
  registration: Registration,
  job: PgBoss.JobWithMetadata<JobData>,
): Promise<void> {
  // A job fetched while stopping is failed at once: it is tried again on a running instance.
  if (queue.state === 'stopping' || queue.state === 'stopped') throw new Error('instance stopping');
  const attempt = job.retryCount + 1;
  const jobLog = queue.log.child({ job: registration.name, jobId: job.id, attempt });
  try {
    await registration.run(job, attempt, jobLog);
  } catch (error) {
    const last = job.retryCount >= job.retryLimit;
    if (last) jobLog.error({ err: error }, 'job failed, no try left');
    else jobLog.warn({ err: error }, 'job failed, will be tried again');
    // pg-boss keeps the error with the job: its safe form only (no query parameters, decision 012).
    const safe = safeError(error);
    throw Object.assign(new Error(String(safe.message)), {
      name: String(safe.type ?? 'Error'),
      stack: safe.stack,
    });
  }
}

/** Creates the queues, or updates their options when the code changed them. */
async function ensureQueues(boss: PgBoss, registrations: Map<string, Registration>): Promise<void> {
  const existing = new Map((await boss.getQueues()).map((found) => [found.name, found]));
  for (const { name, queue: wanted } of registrations.values()) {
    const found = existing.get(name);
    const options = { name, ...wanted, retryBackoff: true };
    if (!found) await boss.createQueue(name, options);
    else if (
      found.policy !== wanted.policy ||
      found.retryLimit !== wanted.retryLimit ||
      found.retryDelay !== wanted.retryDelay ||
      found.retryBackoff !== true ||
      found.expireInSeconds !== wanted.expireInSeconds
    )
      await boss.updateQueue(name, options);
  }
}

/**
 * Instances starting together would create the same queues at once (each a partition: DDL that PostgreSQL may stop
 * as a deadlock, over and over with dozens of queues): they take turns under an advisory lock held on a connection
 * of its own, and the next one finds the queues made. A conflict is still tried again.
 */
async function ensureQueuesInTurn(queue: JobQueue, boss: PgBoss): Promise<void> {
  const turn = new pg.Client({ connectionString: queue.url, application_name: 'relais-jobs-setup' });
  await turn.connect();
  try {
    await turn.query(`select pg_advisory_lock(hashtext('relais:jobs:queues'))`);
    for (let attempt = 1; ; attempt++) {
      try {
        await ensureQueues(boss, queue.registrations);
        break;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 6 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
  } finally {
    // Ending the connection releases its lock, whatever happened above.
    await turn.end().catch(() => undefined);
  }
}

/** A worker per job, then the clock, which starts its scan a catch-up window back. */
async function startWorkers(queue: JobQueue, boss: PgBoss): Promise<void> {
  for (const registration of queue.registrations.values()) {
    const id = await boss.work<JobData>(
      registration.name,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: POLL_SECONDS },
      async ([job]) => (job ? work(queue, registration, job) : undefined),
    );
    queue.workerIds.set(registration.name, id);
  }
  await measureSkew(queue);
  for (const registration of queue.registrations.values())
    registration.scannedUntil = now(queue) - registration.catchUpMs;
  queue.clock = setInterval(() => void tick(queue), TICK_MS);
  queue.clock.unref();
}

async function startQueue(queue: JobQueue): Promise<void> {
  queue.state = 'starting';
  const boss = new PgBoss({
    connectionString: queue.url,
    max: JOBS_POOL_SIZE,
    application_name: queue.worker ? 'relais-jobs-worker' : 'relais-jobs',
    // Slots are queued by this module's clock (ids per slot), not by pg-boss's timekeeper.
    schedule: false,
    // Expiry, archiving and deletion of old jobs: on workers, one of them at a time.
    supervise: queue.worker,
  });
  // pg-boss reports connection and maintenance errors as events: logged, never thrown (no listener = crash).
  boss.on('error', (error) => queue.log.warn({ err: error }, 'job queue error'));
  queue.boss = boss;
  try {
    await boss.start();
    await ensureQueuesInTurn(queue, boss);
    if (queue.worker) await startWorkers(queue, boss);
    queue.state = 'started';
    if (queue.worker) void tick(queue);
  } catch (error) {
    queue.state = 'stopped';
    await boss.stop({ graceful: false }).catch(() => undefined);
    throw error;
  }
}

async function stopQueue(queue: JobQueue): Promise<void> {
  clearInterval(queue.clock);
  if (!queue.boss || queue.state === 'stopped') return;
  queue.state = 'stopping';
  try {
    // Stops fetching, waits for the running handlers (10 s at most), fails the unfinished ones, closes the pool.
    await queue.boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, wait: true, close: true });
  } catch (error) {
    queue.log.warn({ err: error }, 'job queue did not stop cleanly');
  }
  queue.state = 'stopped';
}

// ---------------------------------------------------------------------------------------------------------------
// What features call: app.jobs.

function jobsOf(queue: JobQueue): Jobs {
  return {
    worker: queue.worker,
    schedule(name, cron, handler, given = {}) {
      const parsed = parseCron(cron);
      const catchUp = given.catchUpSeconds ?? DEFAULT_CATCH_UP_SECONDS;
      if (!(catchUp >= 0 && catchUp <= MAX_CATCH_UP_SECONDS))
        throw new Error(`job "${name}": catchUpSeconds from 0 to ${MAX_CATCH_UP_SECONDS}`);
      register(queue, name, {
        cron: parsed,
        // At least one step: the current slot is always in the window.
        catchUpMs: Math.max(catchUp * 1000, parsed.stepMs),
        // One run at a time across instances: a slow run and the next slot never overlap.
        queue: queueOptions('singleton', given),
        run: (job, attempt, jobLog) =>
          handler({
            id: job.id,
            name,
            slot: new Date(String(job.data.slot)),
            manual: job.data.manual === true,
            attempt,
            log: jobLog,
          }),
      });
    },
    define(name, handler, given) {
      register(queue, name, {
        cron: null,
        catchUpMs: 0,
        queue: queueOptions('standard', given),
        run: (job, attempt, jobLog) =>
          handler({ id: job.id, name, data: job.data as never, attempt, log: jobLog }),
      });
    },
    async send(name, data, { singletonKey, startAfter } = {}) {
      const registration = registered(queue, name);
      if (registration.cron) throw new Error(`job "${name}" is scheduled: use runNow`);
      const id = await started(queue).send(name, data, {
        ...(singletonKey === undefined ? {} : { id: stableJobId('key', name, singletonKey), singletonKey }),
        ...(startAfter === undefined ? {} : { startAfter }),
      });
      if (id && startAfter === undefined) nudge(queue, name);
      return id;
    },
    async runNow(name, { data, timeoutMs = 30_000 } = {}) {
      const registration = registered(queue, name);
      const boss = started(queue);
      const payload = registration.cron
        ? { slot: new Date(now(queue)).toISOString(), manual: true }
        : (data ?? {});
      const id = await boss.send(name, payload, {});
      if (!id) throw new Error(`job "${name}" could not be queued`);
      nudge(queue, name);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = await boss.getJobById<JobData>(name, id, { includeArchive: true });
        if (job?.state === 'completed') return;
        if (job?.state === 'failed' || job?.state === 'cancelled') {
          const output = job.output as { message?: unknown } | null;
          throw new Error(`job "${name}" ${job.state}: ${String(output?.message ?? 'no message')}`);
        }
        if (Date.now() > deadline) throw new Error(`job "${name}" did not end within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async queueSlot(name, at) {
      const registration = registered(queue, name);
      if (!registration.cron) throw new Error(`job "${name}" is not scheduled`);
      const slot = latestSlot(registration.cron, at.getTime(), at.getTime() - registration.catchUpMs);
      if (slot === null) return null;
      return { slot: new Date(slot), created: await insertSlot(queue, registration, slot) };
    },
  };
}
