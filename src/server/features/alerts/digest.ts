import { sql } from 'drizzle-orm';
import {
  DEFAULT_PREFERENCES,
  EMAIL_DIGEST_DELAY_MS,
  EMAIL_DIGEST_MIN_INTERVAL_MS,
} from '#core/rules/notifications.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { inWorld, REAL_WORLD } from '../../platform/demo-world.js';
import { createUnsubscribeLinks, type UnsubscribeLinks } from '../../platform/unsubscribe-links.js';
import { mailAlerts } from './alert-mail.js';

const ALERTS_PER_MAIL = 20;
const USERS_PER_RUN = 200;

const pgArray = (values: readonly string[]) => `{${values.join(',')}}`;

/**
 * E-mail digests (decision 011): the unread alerts of the types a user chose, older than 5 minutes (a burst lands in
 * one mail), not mailed yet, in one mail — never more than one an hour per user. Real accounts only: a demo
 * account's address is invented, and its alerts are scenery (platform/demo-world.ts). The hour is claimed in the
 * database before sending, so two instances never both mail the same user. Returns the number of mails sent.
 */
export async function sendDigests(
  { db, mailer, config }: Pick<FeatureDeps, 'db' | 'mailer' | 'config'>,
  links: UnsubscribeLinks = createUnsubscribeLinks(db),
) {
  const defaults = pgArray(DEFAULT_PREFERENCES.emailTypes);
  const waiting = await db.execute<{ user_id: string }>(sql`
    select distinct a.user_id from alerts a
    -- Only to confirmed addresses: nothing goes to an inbox whose owner never said it was theirs.
    join users u on u.id = a.user_id and u.is_active and u.account_status = 'active' and u.email_verified
      and ${inWorld(sql`u.sandbox_id`, REAL_WORLD)}
    left join notification_preferences p on p.user_id = a.user_id
    where a.emailed_at is null and a.read = false
      and a.created_at < now() - make_interval(secs => ${EMAIL_DIGEST_DELAY_MS / 1000})
      and a.type = any(coalesce(p.email_types, ${defaults}::text[]))
      and (p.last_email_at is null or p.last_email_at < now() - make_interval(secs => ${EMAIL_DIGEST_MIN_INTERVAL_MS / 1000}))
    limit ${USERS_PER_RUN}`);
  let sent = 0;
  for (const { user_id: userId } of waiting.rows) {
    const picked = await db.transaction(async (tx) => {
      // The claim: this hour's mail is ours, or another instance's (then nothing is returned).
      const claimed = await tx.execute<{ email_types: string[] }>(sql`
        insert into notification_preferences (user_id, alert_types, push_types, email_types, last_email_at)
        values (${userId}, ${pgArray(DEFAULT_PREFERENCES.alertTypes)}::text[],
                ${pgArray(DEFAULT_PREFERENCES.pushTypes)}::text[], ${defaults}::text[], now())
        on conflict (user_id) do update set last_email_at = now()
          where notification_preferences.last_email_at is null
             or notification_preferences.last_email_at < now() - make_interval(secs => ${EMAIL_DIGEST_MIN_INTERVAL_MS / 1000})
        returning email_types`);
      const types = claimed.rows[0]?.email_types;
      if (!types) return null;
      const alerts = await tx.execute<{
        type: string;
        title: string;
        message: string;
        email: string;
        full_name: string;
      }>(sql`
        with picked as (
          update alerts set emailed_at = now()
          from users u
          where alerts.id in (
            select id from alerts
            where user_id = ${userId} and emailed_at is null and read = false and type = any(${pgArray(types)}::text[])
            order by created_at desc, id desc limit ${ALERTS_PER_MAIL})
            and u.id = alerts.user_id
          returning alerts.id, alerts.created_at, alerts.type, alerts.title, alerts.message, u.email, u.full_name
        )
        -- The mail lists them newest first, as the alerts page does (what an update returns has no order).
        select type, title, message, email, full_name from picked order by created_at desc, id desc`);
      return alerts.rows;
    });
    if (!picked || picked.length === 0) continue;
    await mailAlerts({ mailer, config }, links, userId, picked, {
      subject:
        picked.length === 1 ? `${picked[0]!.title} — Relais` : `${picked.length} nouvelles alertes — Relais`,
      intro:
        picked.length === 1
          ? 'Une alerte vous attend sur Relais :'
          : `${picked.length} alertes vous attendent sur Relais :`,
      footer:
        'Vous recevez au plus un e-mail par heure. Choisissez les alertes envoyées par e-mail dans Alertes & Notifications.',
    });
    sent++;
  }
  return sent;
}

/**
 * Runs the digests every minute, on one instance at a time (a job: platform/jobs.ts); the claim above still keeps
 * it to one mail an hour per user. A failed run is logged and tried once more; the next minute's run follows anyway.
 */
export function scheduleDigests(deps: FeatureDeps): void {
  deps.jobs.schedule(
    'email-digests',
    '* * * * *',
    async ({ log }) => {
      const sent = await sendDigests(deps);
      if (sent > 0) log.info({ sent }, 'e-mail digests sent');
    },
    { retryLimit: 1, retryDelaySeconds: 10 },
  );
}
