import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { eventOutbox } from '../db/schema/events.js';
import type { DomainEvent, EventBus, RecordedEvent } from './events.js';
import type { Jobs } from './jobs.js';

/**
 * The event outbox (decision 023). A change and the events it causes commit together: the feature records its
 * events (recordDomainEvent) inside its transaction, then publishes them once committed (events.publish), at once, in
 * this process. A delivered event's row is deleted, in batches, a moment later (no round trip in the request).
 * An instance killed between its commit and that delivery leaves the row behind: the recovery job, every few
 * seconds on one worker of the cluster, delivers what is past due, so nothing a user should be told is lost.
 *
 * Handlers therefore run at least once per event; the alerts are written exactly once (their ids come from the
 * event's id, alerts/subscriber.ts), the realtime updates and pushes may come twice after a crash.
 */

/** The recovery's job, queued every 5 seconds (and at start-up) by its clock, run by one worker of the cluster. */
export const OUTBOX_RECOVERY_JOB = 'event-outbox';
const OUTBOX_CLOCK_JOB = 'event-outbox-clock';
const RECOVERY_CRON = '*/5 * * * * *';
/** Rows claimed per statement; a run goes on while it finds full batches. */
const RECOVERY_BATCH = 100;
/** A row being delivered by the recovery is left alone this long (the recovery's lease), then tried again. */
const LEASE_SECONDS = 60;
/** Tries by the recovery before a row is parked (due_at = infinity, an error logged) for a person to look at. */
const MAX_ATTEMPTS = 8;
/** Delivered rows are deleted together: at most this long after their delivery, this many per statement. */
const FORGET_AFTER_MS = 200;
const FORGET_BATCH = 500;

/**
 * A UUID of version 7 (RFC 9562): milliseconds first, then random bits. Time-ordered, so the outbox's primary
 * key grows at its right edge and the recovery takes the oldest events first.
 */
function newEventId(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Records events in the transaction that makes their change (one insert): they exist if and only if it commits.
 * Publish what it returns once the transaction has committed (events.publish).
 */
export async function recordDomainEvents<E extends DomainEvent>(
  tx: DbOrTx,
  events: readonly E[],
): Promise<Array<RecordedEvent & { event: E }>> {
  if (events.length === 0) return [];
  const recorded = events.map((event) => ({ id: newEventId(), event }));
  await tx.insert(eventOutbox).values(recorded);
  return recorded;
}

/** One event recorded in the transaction that makes its change (recordDomainEvents). */
export async function recordDomainEvent<E extends DomainEvent>(
  tx: DbOrTx,
  event: E,
): Promise<RecordedEvent & { event: E }> {
  const [recorded] = await recordDomainEvents(tx, [event]);
  return recorded!;
}

export interface RecoveryResult {
  /** Events every handler handled. */
  delivered: number;
  /** Events a handler failed on: tried again later. */
  failed: number;
  /** Events that failed too many times, left for a person (due_at = infinity). */
  parked: number;
}

/**
 * Delivers the events past due: recorded by an instance that died before delivering them, or whose handler
 * failed. Each batch is claimed in one statement (FOR UPDATE SKIP LOCKED, and due_at pushed past the lease), so
 * two recoveries running at once, on two instances, never take the same row; the one that took it deletes it
 * once delivered. Oldest first. A row whose delivery keeps failing is tried later and later, then parked.
 */
export async function deliverLeftEvents(
  { db, events }: { db: Db; events: EventBus },
  log: FastifyBaseLogger = events.log,
): Promise<RecoveryResult> {
  const result: RecoveryResult = { delivered: 0, failed: 0, parked: 0 };
  for (;;) {
    const { rows } = await db.execute<{ id: string; event: DomainEvent; attempts: number }>(sql`
      update event_outbox o
      set attempts = o.attempts + 1,
        due_at = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS} * power(2, least(o.attempts, 6)))
      where o.id in (
        select id from event_outbox where due_at <= now()
        order by due_at limit ${RECOVERY_BATCH} for update skip locked)
      returning o.id, o.event, o.attempts`);
    rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const done: string[] = [];
    const parked: string[] = [];
    for (const row of rows) {
      if (await events.deliver({ id: row.id, event: row.event }, true)) {
        done.push(row.id);
      } else if (row.attempts >= MAX_ATTEMPTS) {
        parked.push(row.id);
        log.error(
          { eventId: row.id, event: row.event.type, attempts: row.attempts },
          'domain event parked in the outbox after failing at every try',
        );
      }
    }
    if (done.length > 0) await db.execute(sql`delete from event_outbox where id = any(${uuidArray(done)})`);
    if (parked.length > 0)
      await db.execute(sql`update event_outbox set due_at = 'infinity' where id = any(${uuidArray(parked)})`);
    result.delivered += done.length;
    result.parked += parked.length;
    result.failed += rows.length - done.length - parked.length;
    if (rows.length < RECOVERY_BATCH) return result;
  }
}

/** A uuid[] parameter (our own ids: nothing to escape). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Deletes the rows of the events this bus published and delivered, together: at most FORGET_AFTER_MS after their
 * delivery, FORGET_BATCH per statement. Busy, many deliveries share one statement; none waits for it.
 */
export function forgetDeliveredEvents(db: Db, events: EventBus): void {
  const delivered = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const forget = async () => {
    while (delivered.size > 0) {
      const ids = [...delivered].slice(0, FORGET_BATCH);
      for (const id of ids) delivered.delete(id);
      try {
        await db.execute(sql`delete from event_outbox where id = any(${uuidArray(ids)})`);
      } catch (error) {
        // Left in the outbox: the recovery delivers them once more (the alerts are not written twice).
        events.log.warn({ err: error, events: ids.length }, 'delivered events not removed from the outbox');
      }
    }
    timer = undefined;
  };
  events.onDelivered((id) => {
    delivered.add(id);
    if (timer) return;
    // Never keeps the process alive: rows not yet forgotten at exit are delivered once more by the recovery.
    timer = setTimeout(() => void forget(), FORGET_AFTER_MS);
    timer.unref();
  });
}

/**
 * Starts the outbox of this instance: what it delivers is forgotten, and the recovery runs every 5 seconds on
 * one worker of the cluster (JOBS_WORKER), first when the workers start. Call it while the app is being built.
 */
export function startEventOutbox({ db, events, jobs }: { db: Db; events: EventBus; jobs: Jobs }): void {
  forgetDeliveredEvents(db, events);
  // An ordinary queue: a run cut short by a crash does not hold back the next ones (its rows come back when their
  // lease ends), and runs that meet take different rows.
  jobs.define(
    OUTBOX_RECOVERY_JOB,
    async (run) => {
      const result = await deliverLeftEvents({ db, events }, run.log);
      if (result.delivered + result.failed + result.parked > 0)
        run.log.info(result, 'events left in the outbox delivered');
    },
    { retryLimit: 0, expireInSeconds: 60 },
  );
  // The clock only queues it. A scheduled job's queue lets one run at a time: a run killed with its instance holds
  // it until the queue's maintenance expires it, minutes later; this one lasts a single insert.
  jobs.schedule(OUTBOX_CLOCK_JOB, RECOVERY_CRON, () => jobs.send(OUTBOX_RECOVERY_JOB, {}), {
    retryLimit: 0,
    expireInSeconds: 30,
    catchUpSeconds: 60,
  });
}
