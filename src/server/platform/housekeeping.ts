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
