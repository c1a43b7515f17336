import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Db, DbOrTx } from '../../db/client.js';
import { stripeEvents } from '../../db/schema/payments.js';
import type { DomainEvent, RecordedEvent } from '../../platform/events.js';
import { recordDomainEvents } from '../../platform/outbox.js';
import { AppError, notFound } from '../../platform/errors.js';
import { verifyStripeEvent } from '../../platform/stripe.js';
import {
  applyCheckoutExpired,
  applyMissionPaymentFailed,
  applyMissionPaymentSucceeded,
  missionPaymentOf,
  type StripeCalls,
} from './mission-events.js';
import { stripeMessages, type StripeDeps } from './shared.js';
import {
  applyInvoicePaid,
  applySubscriptionCheckout,
  applySubscriptionEvent,
} from './subscription-events.js';
import { refusals } from '../../platform/openapi.js';
import { z } from 'zod';

/** Stripe's events are small; anything larger is not one of theirs. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/stripe/webhook: the raw body (the signature is over its exact bytes) is checked with the official
 * library (timestamp tolerance 300 s); a bad or stale signature is a 400 and changes nothing. Each event is
 * applied once: its id goes into stripe_events in the same transaction as its effects, so a replay (or Stripe's
 * retry) is acknowledged and skipped. 404 when Relais runs without Stripe.
 */
export async function webhookRoutes(root: FastifyInstance, deps: StripeDeps): Promise<void> {
  // Its own encapsulated scope: this route alone keeps the body as bytes.
  await root.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/stripe/webhook',
      {
        schema: {
          security: [],
          tags: ['paiements'],
          summary:
            'Événements envoyés par Stripe (corps brut signé, en-tête stripe-signature ; 404 quand Stripe n’est pas configuré)',
          response: { 200: z.object({ received: z.literal(true) }), ...refusals(400, 404) },
        },
      },
      async (request) => {
        const stripe = deps.stripe;
        if (!stripe) throw notFound();
        const signature = request.headers['stripe-signature'];
        const body = request.body;
        if (typeof signature !== 'string' || !Buffer.isBuffer(body) || body.length === 0)
          throw new AppError(400, stripeMessages.signature);
        let event: Stripe.Event;
        try {
          event = verifyStripeEvent(stripe, deps.config, body, signature);
        } catch {
          throw new AppError(400, stripeMessages.signature);
        }
        // Signed yet not an event (a test payload, say): refused the same way, never half applied.
        if (
          typeof event?.id !== 'string' ||
          typeof event.type !== 'string' ||
          !Number.isSafeInteger(event.created) ||
          typeof event.data?.object !== 'object' ||
          event.data.object === null
        )
          throw new AppError(400, stripeMessages.signature);
        const published = await receiveEvent(deps.db, { stripe, log: request.log }, event);
        await deps.events.publish(published);
        return { received: true };
      },
    );
  });
}

/**
 * Records the event and applies it, in one transaction with the domain events it causes (to publish once
 * committed); a replayed event changes nothing.
 */
async function receiveEvent(db: Db, calls: StripeCalls, event: Stripe.Event): Promise<RecordedEvent[]> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, eventCreatedAt: new Date(event.created * 1000) })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return [];
    return recordDomainEvents(tx, await applyEvent(calls, tx, event));
  });
}

async function applyEvent(calls: StripeCalls, tx: DbOrTx, event: Stripe.Event): Promise<DomainEvent[]> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'subscription') {
        await applySubscriptionCheckout(tx, session);
        return [];
      }
      if (session.mode !== 'payment' || session.payment_status !== 'paid') return [];
      const intent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      const facts = missionPaymentOf(
        session.metadata,
        intent ?? null,
        session.id,
        session.amount_total,
        session.currency,
      );
      return facts ? applyMissionPaymentSucceeded(calls, tx, event, facts) : [];
    }
    case 'checkout.session.expired':
      await applyCheckoutExpired(tx, event.data.object);
      return [];
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return applySubscriptionEvent(tx, event, event.data.object);
    case 'invoice.paid':
      return applyInvoicePaid(tx, event, event.data.object);
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const facts = missionPaymentOf(
        intent.metadata,
        intent.id,
        null,
        event.type === 'payment_intent.succeeded' && intent.amount_received > 0
          ? intent.amount_received
          : intent.amount,
        intent.currency,
      );
      if (!facts) return [];
      return event.type === 'payment_intent.succeeded'
        ? applyMissionPaymentSucceeded(calls, tx, event, facts)
        : applyMissionPaymentFailed(tx, event, facts);
    }
    default:
      // account.updated and the rest: recorded (stripe_events), nothing to apply. A driver's payout account
      // is read live from Stripe when the transporter validates.
      return [];
  }
}
