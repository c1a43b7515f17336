import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

const HEARTBEAT_MS = 30_000;
const FLUSH_MS = 100;
/** An instance not seen for this long has stopped: its sockets no longer count. */
const STALE_SECONDS = 90;

export interface Presence {
  readonly instanceId: string;
  /** The number of this user's sockets on this instance changed. */
  set(userId: string, sockets: number): void;
  /** Whether the user has an open socket on any running instance. */
  hasOpenSocket(userId: string): Promise<boolean>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Who is connected, shared by every instance through PostgreSQL (decision 011): each instance writes its own
 * counts (batched every 100 ms, one writer at a time so counts never arrive out of order) and says it is alive
 * every 30 s. Web Push is sent only to users with no open socket anywhere.
 */
export function createPresence(pool: pg.Pool, log: FastifyBaseLogger): Presence {
  const instanceId = randomUUID();
  const counts = new Map<string, number>();
  const dirty = new Set<string>();
  let flushing: Promise<void> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let started = false;

  const flush = () => {
    flushTimer = undefined;
    if (!started || dirty.size === 0) return flushing;
    const users = [...dirty];
    dirty.clear();
    const present = users.filter((id) => (counts.get(id) ?? 0) > 0);
    const gone = users.filter((id) => (counts.get(id) ?? 0) === 0);
    flushing = flushing
      .then(async () => {
        if (present.length > 0)
          await pool.query(
            `insert into realtime_presence (instance_id, user_id, sockets)
             select $1, u, s from unnest($2::uuid[], $3::int[]) as t(u, s)
             on conflict (instance_id, user_id) do update set sockets = excluded.sockets`,
            [instanceId, present, present.map((id) => counts.get(id)!)],
          );
        if (gone.length > 0)
          await pool.query(
            'delete from realtime_presence where instance_id = $1 and user_id = any($2::uuid[])',
            [instanceId, gone],
          );
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'presence not saved');
        for (const id of users) dirty.add(id);
      });
    return flushing;
  };

  const announce = async () => {
    const updated = await pool.query('update realtime_instances set seen_at = now() where id = $1', [
      instanceId,
    ]);
    if (updated.rowCount === 0) {
      // Removed while this instance was away (clean-up after an hour without news): say it again, with every socket.
      await pool.query('insert into realtime_instances (id) values ($1) on conflict do nothing', [
        instanceId,
      ]);
      for (const id of counts.keys()) dirty.add(id);
      await flush();
    }
  };

  return {
    instanceId,
    set(userId, sockets) {
      if (sockets > 0) counts.set(userId, sockets);
      else counts.delete(userId);
      dirty.add(userId);
      flushTimer ??= setTimeout(() => void flush(), FLUSH_MS);
    },
    async hasOpenSocket(userId) {
      if ((counts.get(userId) ?? 0) > 0) return true;
      const found = await pool.query(
        `select 1 from realtime_presence p join realtime_instances i on i.id = p.instance_id
         where p.user_id = $1 and p.sockets > 0 and i.seen_at > now() - make_interval(secs => $2) limit 1`,
        [userId, STALE_SECONDS],
      );
      return (found.rowCount ?? 0) > 0;
    },
    async start() {
      await pool.query('insert into realtime_instances (id) values ($1) on conflict do nothing', [
        instanceId,
      ]);
      started = true;
      await flush();
      heartbeat = setInterval(
        () =>
          void announce().catch((error: unknown) => log.warn({ err: error }, 'instance heartbeat failed')),
        HEARTBEAT_MS,
      );
      heartbeat.unref();
    },
    async close() {
      clearInterval(heartbeat);
      clearTimeout(flushTimer);
      started = false;
      await flushing;
      await pool.query('delete from realtime_instances where id = $1', [instanceId]).catch(() => undefined);
    },
  };
}
