/**
 * The local Brevo-shaped SMS server on its own (src/server/test/sms-server.ts), for walkthroughs and end-to-end
 * tests: Relais's SMS path talks to it (SMS_API_URL) and no SMS ever leaves the machine; each message received is
 * printed, as a phone would show it.
 *
 *   npx tsx --conditions=development scripts/sms-local.ts
 *
 * Environment: SMS_LOCAL_PORT (12190), SMS_LOCAL_HOST (127.0.0.1), SMS_API_KEY (the key Relais is started with;
 * default below).
 */
import { startSmsServer } from '../src/server/test/sms-server.js';

const apiKey = process.env.SMS_API_KEY ?? 'xkeysib-relais-local';
const server = await startSmsServer({
  apiKey,
  port: Number(process.env.SMS_LOCAL_PORT ?? 12190),
  host: process.env.SMS_LOCAL_HOST ?? '127.0.0.1',
});

const seen = { count: 0 };
const timer = setInterval(() => {
  for (const sms of server.received.slice(seen.count))
    console.log(`SMS à +${sms.recipient} : ${sms.content}`);
  seen.count = server.received.length;
}, 250);

console.log(`Serveur SMS local : ${server.url}`);
console.log(`Lancez Relais avec :
  SMS_API_KEY=${apiKey}
  SMS_SENDER=Relais
  SMS_WEBHOOK_SECRET=<16 caractères ou plus>
  SMS_API_URL=${server.url}`);

const stop = () => {
  clearInterval(timer);
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
