import { ALERT_TYPE_LABELS, ALERT_TYPES, type AlertType } from '#core/rules/notifications.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { actionMail } from '../../platform/mailer.js';
import type { UnsubscribeLinks } from '../../platform/unsubscribe-links.js';

/** What a mail of alerts lists: each alert, and who it goes to. */
export type MailedAlert = {
  type: string;
  title: string;
  message: string;
  email: string;
  full_name: string;
};

/**
 * One mail of alerts (the hourly digest, or an urgent alert at once): the alerts listed, a link to the alerts page,
 * one-click unsubscribe (RFC 8058: List-Unsubscribe-Post, asked of bulk senders by Gmail and Yahoo) that stops
 * every e-mail of alerts, and in the footer a link per type mailed that stops that type after a confirmation page.
 */
export async function mailAlerts(
  { mailer, config }: Pick<FeatureDeps, 'mailer' | 'config'>,
  links: UnsubscribeLinks,
  userId: string,
  picked: MailedAlert[],
  wording: { subject: string; intro: string; footer: string },
): Promise<void> {
  const base = config.publicUrl.replace(/\/$/, '');
  const link = `${base}/alerts`;
  const everything = await links.token(userId, 'all');
  const typesMailed = [...new Set(picked.map((alert) => alert.type as AlertType))].filter((type) =>
    (ALERT_TYPES as readonly string[]).includes(type),
  );
  const footerLinks = [
    ...(await Promise.all(
      typesMailed.map(async (type) => ({
        label: `Ne plus recevoir par e-mail les alertes « ${ALERT_TYPE_LABELS[type]} »`,
        url: `${base}/desabonnement?token=${encodeURIComponent(await links.token(userId, type))}`,
      })),
    )),
    {
      label: 'Ne plus recevoir aucun e-mail d’alerte',
      url: `${base}/desabonnement?token=${encodeURIComponent(everything)}`,
    },
  ];
  const { text, html } = actionMail({
    greeting: `Bonjour ${picked[0]!.full_name},`,
    paragraphs: [wording.intro, ...picked.map((alert) => `• ${alert.title} — ${alert.message}`)],
    actionLabel: 'Voir mes alertes',
    actionUrl: link,
    footer: wording.footer,
    footerLinks,
  });
  await mailer.send({
    to: picked[0]!.email,
    subject: wording.subject,
    text,
    html,
    link,
    headers: {
      'List-Unsubscribe': `<${base}/api/alerts/unsubscribe?token=${encodeURIComponent(everything)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // An automatic mail (RFC 3834): no vacation auto-replies to it.
      'Auto-Submitted': 'auto-generated',
    },
  });
}
