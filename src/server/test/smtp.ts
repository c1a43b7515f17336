import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as it crossed the socket (headers and MIME parts). */
  raw: string;
  /** Decoded subject and plain-text body. */
  subject: string;
  text: string;
  /** Each header's value as sent (lower-case names, folded lines joined). */
  headers: Record<string, string>;
}

/** A real SMTP server on loopback: mails really travel over a socket, and are read back decoded. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: Array<(mail: ReceivedMail) => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then((parsed) => {
          const mail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: raw.toString('utf8'),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim(),
              ]),
            ),
          };
          received.push(mail);
          waiters.splice(0).forEach((resolve) => resolve(mail));
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first mail in `received` (empty it to wait for the next one), waiting for it if needed. */
    async first(): Promise<ReceivedMail> {
      return received[0] ?? new Promise<ReceivedMail>((resolve) => waiters.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
