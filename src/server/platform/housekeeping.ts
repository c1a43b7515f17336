import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { deleteStaleRateCounters } from './rate-limit.js';
import { deleteExpiredSessions } from './sessions.js';

const EVERY_MS = 10 * 60 * 1000;

/** Periodic clean-up of expired rows. Idempotent deletes, so several instances may run it. */
export function startHousekeeping(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      await deleteExpiredSessions(db);
      await deleteStaleRateCounters(db);
      // Links by e-mail, a day after they were spent or expired.
      await db.execute(
        sql`delete from account_tokens where coalesce(used_at, expires_at) < now() - interval '1 day'`,
      );
      // Realtime events are kept an hour for replays; instances silent for an hour have stopped.
      await db.execute(sql`delete from realtime_events where created_at < now() - interval '1 hour'`);
      await db.execute(sql`delete from realtime_instances where seen_at < now() - interval '1 hour'`);
    } catch (error) {
      app.log.warn({ err: error }, 'housekeeping failed');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
