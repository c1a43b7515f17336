import { sql } from 'drizzle-orm';
import type { AlertType } from '#core/rules/notifications.js';
import { formatTime } from '#core/rules/french-dates.js';
import { MISSION_STARTING_WINDOW_MS } from '#core/rules/sms.js';
import { alerts } from '../../db/schema/messaging.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { inWorld, REAL_WORLD } from '../../platform/demo-world.js';
import { loadPreferencesOf } from './preferences.js';
import { reachAway } from './reach.js';
import { alertIdFor } from './subscriber.js';
import { toAlert } from './to-alert.js';

type ReminderDeps = Pick<FeatureDeps, 'db' | 'realtime' | 'push' | 'sms' | 'config'>;

/**
 * A mission assigned whose start is within 2 h and that its driver has not started: the driver gets a « Mission à
 * démarrer » alert, shown on an open screen, pushed or texted when away (decision 051). Once per mission and start
 * (the alert's id comes from both: a mission moved to another time is reminded again). Real missions only.
 * Returns the number of alerts written.
 */
async function remindMissionsStarting(deps: ReminderDeps, now: Date = new Date()): Promise<number> {
  const due = await deps.db.execute<{ id: string; title: string; start_date: Date; driver_id: string }>(sql`
    select m.id, m.title, m.start_date, m.driver_id from missions m join users u on u.id = m.driver_id
    where m.status = 'assigned' and m.started_at is null
      and m.start_date > ${now.toISOString()}::timestamptz
      and m.start_date <= ${new Date(now.getTime() + MISSION_STARTING_WINDOW_MS).toISOString()}::timestamptz
      and ${inWorld(sql`m.sandbox_id`, REAL_WORLD)}
    order by m.start_date limit 500`);
  if (due.rows.length === 0) return 0;
  const preferences = await loadPreferencesOf(deps.db, [...new Set(due.rows.map((row) => row.driver_id))]);
  let written = 0;
  for (const mission of due.rows) {
    const chosen = preferences.get(mission.driver_id)!;
    if (!chosen.alertTypes.includes('mission')) continue;
    const startDate = new Date(mission.start_date);
    const [row] = await deps.db
      .insert(alerts)
      .values({
        id: alertIdFor(`mission-starting/${mission.id}/${startDate.toISOString()}`, mission.driver_id, 0),
        userId: mission.driver_id,
        type: 'mission',
        title: 'Mission à démarrer',
        message: `« ${mission.title} » commence à ${formatTime(startDate)} : démarrez-la dans Relais.`,
        link: `/mission/${mission.id}`,
        missionId: mission.id,
        metadata: { event: 'mission.starting' },
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    written++;
    await deps.realtime.deliver([row.userId], { type: 'new-alert', alert: toAlert(row) });
    await reachAway(deps, row, chosen.pushTypes.includes('mission' as AlertType)).catch(() => undefined);
  }
  return written;
}

/** Every 5 minutes, on one instance at a time (platform/jobs.ts). */
export function scheduleMissionReminders(deps: FeatureDeps): void {
  deps.jobs.schedule(
    'missions-starting',
    '*/5 * * * *',
    async ({ log }) => {
      const written = await remindMissionsStarting(deps);
      if (written > 0) log.info({ written }, 'missions starting: drivers reminded');
    },
    { retryLimit: 1, retryDelaySeconds: 30 },
  );
}
