/**
 * The local Stripe-shaped server on its own (src/server/test/stripe-server.ts), for walkthroughs and end-to-end
 * tests without the internet: Relais's official `stripe` client talks to it (STRIPE_API_URL), its hosted pages
 * (Checkout, billing portal, Connect onboarding) stand in for Stripe's, and its signed events go to WEBHOOK_URL.
 *
 *   WEBHOOK_URL=http://localhost:5000/api/stripe/webhook npx tsx --conditions=development scripts/stripe-local.ts
 *
 * Environment: STRIPE_LOCAL_PORT (12111), STRIPE_LOCAL_HOST (127.0.0.1), STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET (the same values Relais is started with; defaults below), WEBHOOK_URL (none: events are
 * kept, not sent), STRIPE_LOCAL_PUBLIC_URL (the address a browser reaches the pages at, if not the one above).
 */
import { startStripeServer } from '../src/server/test/stripe-server.js';

const secretKey = process.env.STRIPE_SECRET_KEY ?? 'sk_test_relaislocal';
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_relaislocal';
const webhook = process.env.WEBHOOK_URL ?? null;
const port = Number(process.env.STRIPE_LOCAL_PORT ?? 12111);
const host = process.env.STRIPE_LOCAL_HOST ?? '127.0.0.1';

const server = await startStripeServer({
  secretKey,
  webhookSecret,
  webhook,
  port,
  host,
  ...(process.env.STRIPE_LOCAL_PUBLIC_URL ? { publicUrl: process.env.STRIPE_LOCAL_PUBLIC_URL } : {}),
});

// Each delivery, one line: what Stripe's dashboard would list under the webhook endpoint.
const seen = { count: 0 };
const timer = setInterval(() => {
  for (const delivery of server.deliveries.slice(seen.count))
    console.log(`${delivery.status || '—'} ${delivery.type} ${delivery.eventId}`);
  seen.count = server.deliveries.length;
}, 250);

console.log(`Serveur Stripe local : ${server.url}`);
console.log(`Lancez Relais avec :
  STRIPE_SECRET_KEY=${secretKey}
  STRIPE_WEBHOOK_SECRET=${webhookSecret}
  STRIPE_API_URL=${server.url}`);
console.log(
  webhook
    ? `Événements signés envoyés à ${webhook}`
    : 'WEBHOOK_URL absent : les événements ne sont pas envoyés.',
);

const stop = async () => {
  clearInterval(timer);
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
