import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about, written in the X-Relais-Link header when mails go to the outbox folder. */
  link?: string;
  /** Extra headers (List-Unsubscribe, Auto-Submitted… of the mails that are not answers to an action). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** "jean.routier@exemple.fr" → "j***@exemple.fr": enough to follow a mail in the logs, not to collect addresses. */
function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address[0]}***${address.slice(at)}` : '***';
}

/** Orders the outbox's files within one millisecond (see their names). */
let outboxSequence = 0;

/**
 * SMTP when SMTP_URL is set; otherwise every mail is written as an .eml file in $DATA_DIR/outbox (its link in the
 * X-Relais-Link header), and the file is logged, so a local user can still follow it.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, dataDir, log } = options;
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        log.info({ to: maskEmail(mail.to), subject: mail.subject }, 'e-mail envoyé');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: {
          ...mail.headers,
          // The body is quoted-printable; this header keeps the link greppable in one piece.
          ...(mail.link ? { 'X-Relais-Link': { prepared: true, value: mail.link } } : {}),
        },
      });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        // Named so that they sort in the order they were written, even two within one millisecond.
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++outboxSequence).padStart(9, '0')}-${randomBytes(3).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // The link itself (a single-use token) stays in the file: logs are read by more people than mailboxes.
      log.info(
        { to: maskEmail(mail.to), subject: mail.subject, file },
        'e-mail écrit dans la boîte d’envoi locale',
      );
    },
    close: () => transport.close(),
  };
}

/**
 * Sends without making the caller wait: used where the answer must not depend on the mail (the neutral answer
 * of "mot de passe oublié" takes the same time for a known and an unknown address). A failure is logged.
 */
export function sendInBackground(mailer: Mailer, mail: Mail, log: FastifyBaseLogger): void {
  void mailer.send(mail).catch((error: unknown) => log.error({ err: error }, 'e-mail non envoyé'));
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * "Bonjour Jean," only to an address its owner has confirmed: a name is typed by whoever registers, and anyone can
 * register with someone else's address — Relais must not carry their text to a stranger's inbox.
 */
export function greeting(user: { fullName: string; emailVerified: boolean }): string {
  return user.emailVerified ? `Bonjour ${user.fullName},` : 'Bonjour,';
}

/** A plain, readable French mail with one action button. */
export function actionMail(input: {
  greeting: string;
  paragraphs: string[];
  actionLabel: string;
  actionUrl: string;
  footer: string;
  /** Small links under the footer (one-click unsubscribe, one per alert type of the mail). */
  footerLinks?: Array<{ label: string; url: string }>;
}) {
  const links = input.footerLinks ?? [];
  const text = [
    input.greeting,
    '',
    ...input.paragraphs,
    '',
    `${input.actionLabel} : ${input.actionUrl}`,
    '',
    input.footer,
    ...links.map((link) => `${link.label} : ${link.url}`),
    '',
    '— L’équipe Relais',
  ].join('\n');
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c2430">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:22px;font-weight:700;color:#d9480f;padding-bottom:16px">Relais</td></tr>
<tr><td style="font-size:16px;line-height:1.6">
<p>${escapeHtml(input.greeting)}</p>
${input.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p style="padding:16px 0"><a href="${escapeHtml(input.actionUrl)}" style="background:#d9480f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(input.actionLabel)}</a></p>
<p style="font-size:13px;color:#5b6472">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br>${escapeHtml(input.actionUrl)}</p>
<p style="font-size:13px;color:#5b6472">${escapeHtml(input.footer)}</p>
${links.map((link) => `<p style="font-size:13px;color:#5b6472;margin:4px 0"><a href="${escapeHtml(link.url)}" style="color:#5b6472">${escapeHtml(link.label)}</a></p>`).join('\n')}
</td></tr></table></td></tr></table></body></html>`;
  return { text, html };
}
