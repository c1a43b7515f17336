import type { FeatureDeps } from '../../platform/deps.js';
import type { DomainEvent } from '../../platform/events.js';
import type { Jobs } from '../../platform/jobs.js';
import { driversToSweep, syncDriverBadges } from './sync.js';

export const RECOMPUTE_JOB = 'badges-recompute';
const SWEEP_JOB = 'badges-sweep';
/**
 * Recomputes are gathered per driver in slices of this length: one job per driver and slice, run once the slice
 * has ended, so every change published during the slice is committed before it measures (a burst of messages
 * makes one recompute).
 */
const RECOMPUTE_SLICE_MS = 10_000;
/** A transporter's message left unanswered an hour counts against the driver: measured just after the hour. */
const UNANSWERED_AFTER_S = 61 * 60;

/** Queues a recompute of the user's badges, `afterSeconds` from now (0: at the end of the current slice). */
async function queueRecompute(jobs: Jobs, userId: string, afterSeconds = 0): Promise<void> {
  const slice = Math.floor((Date.now() + afterSeconds * 1000) / RECOMPUTE_SLICE_MS);
  await jobs.send(
    RECOMPUTE_JOB,
    { userId },
    { singletonKey: `${userId}:${slice}`, startAfter: new Date((slice + 1) * RECOMPUTE_SLICE_MS) },
  );
}

/** Who may see a badge change after an event, and when. Transporters' recomputes end at once (no badges). */
function recomputesFor(event: DomainEvent): Array<{ userId: string; afterSeconds?: number }> {
  switch (event.type) {
    case 'mission.status_changed':
      // Started: punctuality; completed: the count, and the last 50 for safety.
      return event.status === 'delivered' ? [] : [{ userId: event.driverId }];
    case 'review.published':
      return [{ userId: event.revieweeId }];
    case 'incident.reported':
      return [{ userId: event.driverId }];
    case 'message.sent':
      return [{ userId: event.senderId }, { userId: event.receiverId, afterSeconds: UNANSWERED_AFTER_S }];
    default:
      return [];
  }
}

/**
 * Badges follow their inputs: each change queues a recompute of the driver concerned (once per slice, on any
 * instance), and a nightly sweep catches what moves with time alone (windows, unanswered messages, removed
 * reviews).
 */
export function registerBadgeJobs({ db, events, jobs }: FeatureDeps): void {
  jobs.define<{ userId: string }>(
    RECOMPUTE_JOB,
    async ({ data, log }) => {
      const result = await syncDriverBadges(db, events, data.userId);
      if (result.earned.length > 0 || result.lost.length > 0)
        log.info({ userId: data.userId, earned: result.earned, lost: result.lost }, 'badges changed');
    },
    { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 300 },
  );
  jobs.schedule(
    SWEEP_JOB,
    '40 3 * * *',
    async (run) => {
      let changed = 0;
      const drivers = await driversToSweep(db);
      for (const userId of drivers) {
        const result = await syncDriverBadges(db, events, userId);
        if (result.earned.length > 0 || result.lost.length > 0) changed++;
      }
      run.log.info({ drivers: drivers.length, changed }, 'badges sweep');
    },
    { catchUpSeconds: 6 * 3600 },
  );
  events.subscribe(async (event) => {
    for (const { userId, afterSeconds } of recomputesFor(event))
      await queueRecompute(jobs, userId, afterSeconds);
  });
}
