import { sql } from 'drizzle-orm';
import { normalizePhone } from '#core/rules/phone.js';
import {
  isQuietHour,
  isUrgentSms,
  SMS_DAILY_CAP_MAX,
  smsSegments,
  smsText,
  type SmsKind,
} from '#core/rules/sms.js';
import type { alerts } from '../../db/schema/messaging.js';
import { parisPeriodStart } from '../../db/paris.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { inWorld, REAL_WORLD } from '../../platform/demo-world.js';

type AlertRow = typeof alerts.$inferSelect;

/**
 * The alerts that may become an SMS (decision 051): an incident reported, an urgent mission that fits a driver,
 * a mission starting within 2 h and not started (platform job, sms-reminders.ts). A direct offer joins them when
 * it exists: its event name goes here (`'offer.direct': 'direct_offer'`).
 */
export function smsKindOf(row: AlertRow): SmsKind | null {
  const event = row.metadata?.event;
  if (event === 'incident.reported') return 'incident';
  if (event === 'mission.starting') return 'mission_starting';
  if (event === 'mission.published' && row.metadata?.urgent === true) return 'urgent_mission';
  return null;
}

export type SmsOutcome = 'sent' | 'failed' | 'off' | 'not_opted_in' | 'quiet_hours' | 'cap' | 'already';

/**
 * Texts the alert to its member when they opted in, on a real account with a number, outside their quiet hours
 * (unless urgent) and under their daily cap. Claimed first, in a transaction that locks the member's SMS row (two
 * alerts at once cannot both pass the cap), one row per (member, alert): a second delivery of the event finds it
 * and sends nothing. A failed send keeps its row (it is not retried, and does not count against the cap).
 */
export async function textAlert(
  { db, sms, config }: Pick<FeatureDeps, 'db' | 'sms' | 'config'>,
  row: AlertRow,
  kind: SmsKind,
  now: Date = new Date(),
): Promise<SmsOutcome> {
  if (!sms) return 'off';
  const claim = await db.transaction(async (tx): Promise<SmsOutcome | { id: string; phone: string }> => {
    const found = await tx.execute<{
      phone: string | null;
      quiet_start: number;
      quiet_end: number;
      daily_cap: number;
    }>(sql`
      select u.phone, p.quiet_start, p.quiet_end, p.daily_cap
      from sms_preferences p join users u on u.id = p.user_id
      where p.user_id = ${row.userId} and p.enabled
        and u.is_active and u.account_status = 'active' and not u.is_demo
        and ${inWorld(sql`u.sandbox_id`, REAL_WORLD)}
      for update of p`);
    const target = found.rows[0];
    const phone = target?.phone ? normalizePhone(target.phone) : null;
    if (!target || !phone) return 'not_opted_in';
    if (!isUrgentSms(kind) && isQuietHour(now, target.quiet_start, target.quiet_end)) return 'quiet_hours';
    const today = await tx.execute<{ sent: number }>(sql`
      select count(*)::int as sent from sms_messages
      where user_id = ${row.userId} and status in ('pending', 'sent') and created_at >= ${parisPeriodStart('day')}`);
    if (today.rows[0]!.sent >= Math.min(target.daily_cap, SMS_DAILY_CAP_MAX)) return 'cap';
    const claimed = await tx.execute<{ id: string }>(sql`
      insert into sms_messages (user_id, dedupe_key, kind) values (${row.userId}, ${row.id}, ${kind})
      on conflict (user_id, dedupe_key) do nothing returning id`);
    const id = claimed.rows[0]?.id;
    return id ? { id, phone } : 'already';
  });
  if (typeof claim === 'string') return claim;
  const content = smsText(`${row.title}. ${row.message}`, `${config.publicUrl}${row.link ?? '/alerts'}`);
  const { segments, unicode } = smsSegments(content);
  try {
    const sent = await sms.send({ to: claim.phone, content, unicode, tag: kind });
    await db.execute(sql`
      update sms_messages set status = 'sent', sent_at = now(), segments = ${segments},
        provider_message_id = ${sent.messageId}
      where id = ${claim.id}`);
    return 'sent';
  } catch (error) {
    await db.execute(sql`
      update sms_messages set status = 'failed', segments = ${segments},
        error = ${error instanceof Error ? error.message.slice(0, 300) : 'unknown'}
      where id = ${claim.id}`);
    return 'failed';
  }
}
