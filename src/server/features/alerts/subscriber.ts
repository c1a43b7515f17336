import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AlertType } from '#core/rules/notifications.js';
import type { Db } from '../../db/client.js';
import { alerts } from '../../db/schema/messaging.js';
import { alertsFor, newMissionAlert, type NewAlert } from '../../platform/alert-rows/index.js';
import type { FeatureDeps } from '../../platform/deps.js';
import type { DomainEvent, EventDelivery } from '../../platform/events.js';
import { startEventOutbox } from '../../platform/outbox.js';
import { matchingDrivers } from './matching.js';
import { loadPreferencesOf } from './preferences.js';
import { reachAway } from './reach.js';
import { toAlert } from './to-alert.js';
import { isUrgentAlert, mailUrgentAlert } from './urgent-mail.js';

/**
 * The id of the `n`-th alert an event leaves for a user: the same at every delivery of the event, so a second
 * delivery (the outbox's recovery after a crash) meets the first one's row and writes nothing. A UUID of
 * version 8 (RFC 9562, custom) over SHA-256.
 */
export function alertIdFor(eventId: string, userId: string, n: number): string {
  const hex = createHash('sha256').update(`${eventId}/${userId}/${n}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Writes the alerts an event leaves, once per event however often it is delivered, and shows them: realtime to
 * open screens, a push to the devices of those away (both at least once: a redelivery shows again what an
 * earlier delivery may have written without showing).
 */
async function writeAlerts(
  {
    db,
    realtime,
    push,
    mailer,
    config,
    sms,
    log,
  }: Pick<FeatureDeps, 'db' | 'realtime' | 'push' | 'mailer' | 'config' | 'sms'> & {
    log?: { error: (...args: unknown[]) => void };
  },
  event: DomainEvent,
  { eventId, redelivery }: EventDelivery,
): Promise<void> {
  // A redelivery skips this shortcut: the unread alert found may be this event's own, written before a crash.
  if (event.type === 'message.sent' && !redelivery) {
    // One alert per conversation burst: none while the previous message alert of this conversation is unread.
    // The unique index alerts_message_burst_idx holds the rule under concurrent sends (the insert below does
    // nothing then); this read only spares the preferences and the insert for the rest of a burst.
    const [waiting] = await db
      .select({ id: alerts.id })
      .from(alerts)
      .where(
        and(
          eq(alerts.userId, event.receiverId),
          eq(alerts.type, 'message'),
          eq(alerts.read, false),
          sql`${alerts.metadata}->>'conversationId' = ${event.conversationId}`,
        ),
      )
      .limit(1);
    if (waiting) return;
  }
  const candidates =
    event.type === 'mission.published' ? await newMissionAlerts(db, event.missionId) : alertsFor(event);
  if (candidates.length === 0) return;
  // Each user's choice: the types they want at all, and which of those are pushed to their devices.
  const preferences = await loadPreferencesOf(db, [...new Set(candidates.map((row) => row.userId))]);
  const counts = new Map<string, number>();
  const rows = candidates
    .map((row) => {
      const n = counts.get(row.userId) ?? 0;
      counts.set(row.userId, n + 1);
      return { ...row, id: alertIdFor(eventId, row.userId, n) };
    })
    .filter((row) => preferences.get(row.userId)!.alertTypes.includes(row.type as AlertType));
  if (rows.length === 0) return;
  // Written already by an earlier delivery of this event (same ids), or a message alert already unread for this
  // conversation (a concurrent send won the race): no second row.
  const saved = await db.insert(alerts).values(rows).onConflictDoNothing().returning();
  const shown = redelivery
    ? await db
        .select()
        .from(alerts)
        .where(
          and(
            inArray(
              alerts.id,
              rows.map((row) => row.id),
            ),
            eq(alerts.read, false),
          ),
        )
    : saved;
  for (const row of shown) {
    await realtime.deliver([row.userId], { type: 'new-alert', alert: toAlert(row) });
    // Not awaited: a slow push service (or SMS provider) must not hold up the request that caused the alert. Away
    // members get the push they chose, and an SMS for what cannot wait when no push reached them (reach.ts).
    void reachAway(
      { db, realtime, push, sms, config },
      row,
      preferences.get(row.userId)!.pushTypes.includes(row.type as AlertType),
    ).catch((error: unknown) => log?.error({ err: error, alertId: row.id }, 'alert not pushed or texted'));
    // An incident is mailed at once, not in the next hourly digest. Not awaited either (a slow mail server must
    // not hold up the driver's report); a failure leaves it to the digest.
    if (isUrgentAlert(row))
      void mailUrgentAlert({ db, mailer, config }, row, preferences.get(row.userId)!.emailTypes).catch(
        (error: unknown) => log?.error({ err: error, alertId: row.id }, 'urgent alert not mailed'),
      );
  }
}

/** "Nouvelle mission" for each driver the published mission fits (zone, licence and vehicle, availability). */
async function newMissionAlerts(db: Db, missionId: string): Promise<NewAlert[]> {
  const found = await matchingDrivers(db, missionId);
  if (!found) return [];
  return found.drivers.map((driver) => {
    const row = newMissionAlert(found.mission, driver.driverId, driver.distanceKm);
    // An urgent mission may be texted to the drivers it fits (decision 051).
    return found.mission.urgent ? { ...row, metadata: { ...row.metadata, urgent: true } } : row;
  });
}

export function subscribeAlerts(deps: FeatureDeps, log?: { error: (...args: unknown[]) => void }): void {
  deps.events.subscribe((event, delivery) => writeAlerts({ ...deps, log }, event, delivery));
  // The alerts are what a crash must not lose: the outbox's recovery starts with them (decision 023). Every other
  // feature has subscribed by now (app.ts registers this last).
  startEventOutbox(deps);
}
