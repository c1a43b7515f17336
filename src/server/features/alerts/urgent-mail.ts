import { sql } from 'drizzle-orm';
import type { AlertType } from '#core/rules/notifications.js';
import type { alerts } from '../../db/schema/messaging.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { inWorld, REAL_WORLD } from '../../platform/demo-world.js';
import { createUnsubscribeLinks } from '../../platform/unsubscribe-links.js';
import { mailAlerts, type MailedAlert } from './alert-mail.js';

/**
 * What cannot wait for the hourly digest: an incident on the road reaches the transporter's inbox at once (when
 * they chose e-mail for its type), not up to an hour later. The alert is claimed (emailed_at set where it was
 * null) before the mail is sent, so a second delivery of the event never mails it twice and the digest skips it;
 * a mail that fails releases the claim, and the digest sends it then.
 */
const URGENT_EVENTS: ReadonlySet<string> = new Set(['incident.reported']);

type AlertRow = typeof alerts.$inferSelect;

export const isUrgentAlert = (row: AlertRow) =>
  typeof row.metadata?.event === 'string' && URGENT_EVENTS.has(row.metadata.event);

export async function mailUrgentAlert(
  deps: Pick<FeatureDeps, 'db' | 'mailer' | 'config'>,
  row: AlertRow,
  emailTypes: readonly AlertType[],
): Promise<boolean> {
  if (!emailTypes.includes(row.type as AlertType)) return false;
  // Confirmed addresses of open, real accounts only, as the digest.
  const claimed = await deps.db.execute<MailedAlert>(sql`
    update alerts set emailed_at = now()
    from users u
    where alerts.id = ${row.id} and alerts.emailed_at is null and u.id = alerts.user_id
      and u.is_active and u.account_status = 'active' and u.email_verified
      and ${inWorld(sql`u.sandbox_id`, REAL_WORLD)}
    returning alerts.type, alerts.title, alerts.message, u.email, u.full_name`);
  const alert = claimed.rows[0];
  if (!alert) return false;
  try {
    await mailAlerts(deps, createUnsubscribeLinks(deps.db), row.userId, [alert], {
      subject: `${alert.title} — Relais`,
      intro: 'Une alerte urgente vous attend sur Relais :',
      footer:
        'Un incident vous est envoyé par e-mail aussitôt signalé ; les autres alertes, au plus une fois par heure. Choisissez les alertes envoyées par e-mail dans Alertes & Notifications.',
    });
    return true;
  } catch (error) {
    await deps.db.execute(sql`update alerts set emailed_at = null where id = ${row.id}`);
    throw error;
  }
}
