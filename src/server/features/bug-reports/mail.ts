import { eq } from 'drizzle-orm';
import { BUG_STATUS_LABELS, type BugStatus } from '#core/rules/bug-reports.js';
import { DEFAULT_PREFERENCES } from '#core/rules/notifications.js';
import { bugReports } from '../../db/schema/admin.js';
import { notificationPreferences } from '../../db/schema/messaging.js';
import { users } from '../../db/schema/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import type { SupportEvent } from '../../platform/events.js';
import { actionMail } from '../../platform/mailer.js';

export const BUG_MAIL_JOB = 'bug-report-mail';

type MailJob = Pick<SupportEvent, 'bugReportId' | 'statusChanged' | 'answerChanged'>;

/**
 * The e-mail a reporter gets at once when the team changes their report's status or answers it (not in the
 * hourly digest: its "support" alert is written as mailed). Only to a confirmed address of an open account, and
 * only when "Mes signalements de bugs" is ticked for e-mails (the default). Returns whether a mail went.
 */
async function sendBugReportMail(
  { db, mailer, config }: Pick<FeatureDeps, 'db' | 'mailer' | 'config'>,
  job: MailJob,
): Promise<boolean> {
  const [found] = await db
    .select({ report: bugReports, user: users, emailTypes: notificationPreferences.emailTypes })
    .from(bugReports)
    .innerJoin(users, eq(users.id, bugReports.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(bugReports.id, job.bugReportId));
  if (!found) return false;
  const { report, user } = found;
  if (!user.emailVerified || !user.isActive || user.accountStatus !== 'active') return false;
  const emailTypes: readonly string[] = found.emailTypes ?? DEFAULT_PREFERENCES.emailTypes;
  if (!emailTypes.includes('support')) return false;
  const status = BUG_STATUS_LABELS[report.status as BugStatus] ?? report.status;
  const link = `${config.publicUrl}/report-bug`;
  const answer = job.answerChanged && report.publicAnswer;
  const { text, html } = actionMail({
    greeting: `Bonjour ${user.fullName},`,
    paragraphs: [
      job.statusChanged
        ? `Votre signalement « ${report.title} » est maintenant « ${status} ».`
        : `L’équipe Relais a répondu à votre signalement « ${report.title} ».`,
      ...(answer ? ['Réponse de l’équipe :', answer] : []),
      'Merci de nous aider à améliorer Relais.',
    ],
    actionLabel: 'Voir mes signalements',
    actionUrl: link,
    footer:
      'Vous recevez cet e-mail parce que vous avez signalé un problème sur Relais. Choisissez les e-mails reçus dans Alertes & Notifications.',
  });
  await mailer.send({
    to: user.email,
    subject: job.statusChanged
      ? `Votre signalement « ${report.title} » : ${status} — Relais`
      : `Réponse à votre signalement « ${report.title} » — Relais`,
    text,
    html,
    link,
  });
  return true;
}

/** The mail goes through the job queue: a mail server down for a while is tried again, on any instance. */
export function defineBugReportMail(deps: FeatureDeps): void {
  deps.jobs.define<MailJob>(
    BUG_MAIL_JOB,
    async ({ data, log }) => {
      const sent = await sendBugReportMail(deps, data);
      log.info({ bugReportId: data.bugReportId, sent }, 'bug report mail');
    },
    { retryLimit: 4, retryDelaySeconds: 30 },
  );
}
