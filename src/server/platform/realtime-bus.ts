import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { RealtimeEvent } from '#core/events.js';

/**
 * What travels between instances: the events for the browsers, and the server's own signals, which never reach a
 * browser (`session-check`: some of these users' sessions ended, their sockets must be checked now).
 */
type BusEvent = RealtimeEvent | { type: 'session-check' };

const REALTIME_CHANNEL = 'relais_realtime';
/** The listener's application_name in pg_stat_activity. */
export const LISTENER_NAME = 'relais-realtime-listener';
/** Connections that publish (insert + NOTIFY), with asynchronous commit: see createRealtimeBus. */
const PUBLISHERS = 4;
/** NOTIFY payloads stay well under PostgreSQL's 8,000 bytes: when larger, the event travels by its row id. */
const PAYLOAD_BYTES = 6000;
/** Users per NOTIFY (39 bytes each in the list), so the list alone stays small. */
const USERS_PER_NOTIFY = 50;
const HEALTH_CHECK_MS = 10_000;
const HEALTH_TIMEOUT_MS = 5000;
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5000;
/** Replay looks back this far before the last moment the listener was known to be healthy. */
const REPLAY_MARGIN_MS = 2000;
const SEEN_IDS_KEPT = 20_000;

interface Notification {
  /** The publishing instance, which delivered to its own sockets already (and skips its own notifications). */
  o?: string;
  /** A signal to every instance's server (no socket, no user): see RealtimeBus.signal. */
  s?: string;
  /** realtime_events row id; absent for ephemeral events (typing), which are not kept. */
  id?: number;
  u: string[];
  e?: BusEvent;
}

export interface RealtimeBus {
  /**
   * Sends an event to these users' sockets on every instance, through PostgreSQL: the event is kept (so a
   * reconnecting listener can replay it) unless ephemeral, then NOTIFY tells every instance.
   */
  publish(userIds: readonly string[], event: BusEvent, options?: { ephemeral?: boolean }): Promise<void>;
  /**
   * Tells every other instance's server `name` (e.g. "missions changed": their caches must go). Not kept: after its
   * listener reconnects, an instance hears every signal once, since it may have missed some.
   */
  signal(name: string): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

interface BusOptions {
  pool: pg.Pool;
  url: string;
  log: FastifyBaseLogger;
  /** Whether a user has a socket on this instance (events for nobody here are not even read). */
  isHere(userId: string): boolean;
  /** `json` is the event already serialised, when at hand. */
  deliverHere(userIds: string[], event: BusEvent, json?: string): void;
  /** A signal from another instance (or a reconnection: every known signal, once). */
  onSignal?(name: string): void;
}

/**
 * Fan-out between instances by LISTEN/NOTIFY (decision 011). One dedicated connection listens; it is checked
 * every 10 s, and after it drops it reconnects (200 ms, doubling to 5 s) and replays the kept events since it
 * was last known healthy, skipping those already delivered.
 *
 * The publishing instance delivers to its own sockets at once, before the statement (decision 026): a message
 * reaches a screen on the same instance without waiting for a publishing connection, PostgreSQL's one-at-a-time
 * NOTIFY commit and the listener's queue; its notifications name it first, and it skips them unread.
 *
 * Events are published on a few connections of their own with `synchronous_commit = off`: PostgreSQL lets one
 * notifying transaction commit at a time (a database-wide lock until the commit is done), so waiting there for
 * the WAL to reach the disk would cap every instance together at a few hundred events a second. What is
 * published is only a copy for screens (the message or alert itself was committed durably before); a database
 * crash can lose its last fraction of a second, which the clients' 30-second polling makes up.
 */
export function createRealtimeBus({
  pool,
  url,
  log,
  isHere,
  deliverHere,
  onSignal,
}: BusOptions): RealtimeBus {
  const publishers = new pg.Pool({
    connectionString: url,
    max: PUBLISHERS,
    connectionTimeoutMillis: 10_000,
    application_name: 'relais-realtime-publisher',
    options: '-c synchronous_commit=off',
  });
  publishers.on('error', () => undefined);
  let listener: pg.Client | null = null;
  let closed = false;
  let reconnectDelay = RECONNECT_MIN_MS;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let healthTimer: NodeJS.Timeout | undefined;
  /** Database time at which the listener was last known to receive everything. */
  let healthyAt: Date | null = null;
  const seen = new Set<number>();
  let queue: Promise<void> = Promise.resolve();
  const instanceId = randomUUID();
  /** How this instance's notifications start: skipped by its own listener without being parsed. */
  const own = `{"o":"${instanceId}",`;
  /** The signals this instance sent or heard: a reconnected listener may have missed any of them. */
  const signals = new Set<string>();

  const remember = (id: number) => {
    seen.add(id);
    if (seen.size > SEEN_IDS_KEPT) seen.delete(seen.values().next().value!);
  };

  const handle = async (note: Notification) => {
    if (note.id !== undefined) {
      if (seen.has(note.id)) return;
      remember(note.id);
    }
    const here = note.u.filter(isHere);
    if (here.length === 0) return;
    let event = note.e;
    if (!event && note.id !== undefined) {
      const found = await pool.query<{ event: BusEvent }>('select event from realtime_events where id = $1', [
        note.id,
      ]);
      event = found.rows[0]?.event;
    }
    if (event) deliverHere(here, event);
  };

  const enqueue = (work: () => Promise<void>) => {
    queue = queue
      .then(work)
      .catch((error: unknown) => log.warn({ err: error }, 'realtime event not delivered'));
  };

  const replay = async (since: Date) => {
    const missed = await pool.query<{ id: number; user_ids: string[]; event: BusEvent }>(
      'select id, user_ids, event from realtime_events where created_at >= $1 order by id',
      [new Date(since.getTime() - REPLAY_MARGIN_MS)],
    );
    for (const row of missed.rows) await handle({ id: row.id, u: row.user_ids, e: row.event });
    if (missed.rowCount) log.info({ events: missed.rowCount }, 'realtime listener replayed missed events');
  };

  const dropListener = (client: pg.Client) => {
    if (listener !== client) return;
    listener = null;
    clearInterval(healthTimer);
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    if (closed) return;
    log.warn('realtime listener lost its database connection; reconnecting');
    reconnectTimer = setTimeout(() => void connect(), reconnectDelay);
    reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
  };

  const checkHealth = async (client: pg.Client) => {
    let timeout: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        client.query<{ now: Date }>('select now()'),
        new Promise<never>((_, reject) => {
          timeout = setTimeout(() => reject(new Error('health check timed out')), HEALTH_TIMEOUT_MS);
        }),
      ]);
      healthyAt = result.rows[0]!.now;
    } catch {
      dropListener(client);
    } finally {
      clearTimeout(timeout);
    }
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTENER_NAME });
    client.on('error', () => dropListener(client));
    client.on('end', () => dropListener(client));
    client.on('notification', (message) => {
      if (message.channel !== REALTIME_CHANNEL || !message.payload) return;
      if (message.payload.startsWith(own)) return;
      let note: Notification;
      try {
        note = JSON.parse(message.payload) as Notification;
      } catch {
        return;
      }
      // A signal is acted on at once, before any later notification is handled.
      if (note.s !== undefined) {
        signals.add(note.s);
        onSignal?.(note.s);
        return;
      }
      enqueue(() => handle(note));
    });
    listener = client;
    try {
      await client.connect();
      await client.query(`listen ${REALTIME_CHANNEL}`);
      const missedSince = healthyAt;
      const now = await client.query<{ now: Date }>('select now()');
      if (listener !== client) return;
      healthyAt = now.rows[0]!.now;
      reconnectDelay = RECONNECT_MIN_MS;
      healthTimer = setInterval(() => void checkHealth(client), HEALTH_CHECK_MS);
      healthTimer.unref();
      if (missedSince) {
        for (const name of signals) onSignal?.(name);
        enqueue(() => replay(missedSince));
      }
    } catch (error) {
      log.warn({ err: error }, 'realtime listener could not connect');
      dropListener(client);
    }
  }

  return {
    async publish(userIds, event, options = {}) {
      const users = [...new Set(userIds)];
      const json = JSON.stringify(event);
      const here = users.filter(isHere);
      if (here.length > 0) deliverHere(here, event, json);
      for (let start = 0; start < users.length; start += USERS_PER_NOTIFY) {
        const chunk = users.slice(start, start + USERS_PER_NOTIFY);
        const inline = Buffer.byteLength(json) + chunk.length * 39 + 90 <= PAYLOAD_BYTES;
        const rest = `"u":${JSON.stringify(chunk)}${inline ? `,"e":${json}` : ''}}`;
        if (options.ephemeral) {
          if (!inline) continue;
          await publishers.query('select pg_notify($1, $2)', [REALTIME_CHANNEL, `${own}${rest}`]);
          continue;
        }
        // One statement: keep the event, then NOTIFY its id (and the event itself when small). Its id is
        // remembered, so that a replay after the listener lost its connection does not deliver it here again.
        const kept = await publishers.query<{ id: string }>(
          `with kept as (insert into realtime_events (user_ids, event) values ($1::uuid[], $2::jsonb) returning id)
           select id, pg_notify($3, $4::text || id::text || ',' || $5::text) from kept`,
          [chunk, json, REALTIME_CHANNEL, `${own}"id":`, rest],
        );
        remember(Number(kept.rows[0]!.id));
      }
    },
    async signal(name) {
      signals.add(name);
      await publishers.query('select pg_notify($1, $2)', [
        REALTIME_CHANNEL,
        `${own}"u":[],"s":${JSON.stringify(name)}}`,
      ]);
    },
    async start() {
      await connect();
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearInterval(healthTimer);
      const client = listener;
      listener = null;
      if (client) await client.end().catch(() => undefined);
      await queue;
      await publishers.end();
    },
  };
}
