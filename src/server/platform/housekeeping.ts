import { sql } from 'drizzle-orm';
import { DECLARED_DRIVING_DAYS_BACK } from '#core/rules/declared-driving.js';
import type { Db } from '../db/client.js';
import { deleteOldIdempotentRequests } from './idempotency.js';
import type { Jobs } from './jobs.js';
import { deleteStaleRateCounters } from './rate-limit.js';
import { deleteExpiredSessions } from './sessions.js';

/** Clean-up of expired rows. Idempotent deletes: a retry after a failure part-way is harmless. */
async function runHousekeeping(db: Db): Promise<void> {
  await deleteExpiredSessions(db);
  await deleteStaleRateCounters(db);
  await deleteOldIdempotentRequests(db);
  // Links by e-mail, a day after they were spent or expired.
  await db.execute(
    sql`delete from account_tokens where coalesce(used_at, expires_at) < now() - interval '1 day'`,
  );
  // Sign-ups never confirmed (decision 039): what the form said goes once its link has expired.
  await db.execute(sql`delete from pending_registrations where expires_at < now()`);
  // Driving declared outside Relais (decision 053): the rules read a fortnight back, a day can be declared four
  // weeks back; older days count for nothing and go.
  await db.execute(
    sql`delete from declared_driving where date < current_date - ${DECLARED_DRIVING_DAYS_BACK + 15}::int`,
  );
  // Realtime events are kept an hour for replays; instances silent for an hour have stopped.
  await db.execute(sql`delete from realtime_events where created_at < now() - interval '1 hour'`);
  await db.execute(sql`delete from realtime_instances where seen_at < now() - interval '1 hour'`);
}

/** Every 10 minutes, on one instance (a failure is logged and retried by the job queue). */
export function scheduleHousekeeping(jobs: Jobs, db: Db): void {
  jobs.schedule('housekeeping', '*/10 * * * *', () => runHousekeeping(db));
}
