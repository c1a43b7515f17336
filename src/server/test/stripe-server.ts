import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { now, stripeId, type StripeObject } from './stripe-server-objects.js';
import { ApiError, missing, parseForm, routeApi } from './stripe-server-api.js';
import * as flows from './stripe-server-flows.js';
import { renderPage } from './stripe-server-pages.js';

/**
 * A local HTTP server answering Stripe's documented API shapes (version 2026-10-28) for the calls Relais makes,
 * so that the official `stripe` library runs against it where there is no internet (tests, walkthroughs):
 * in-memory objects with Stripe-like ids, form-encoded bodies as the library sends them, the Bearer key checked,
 * idempotency keys honoured, hosted pages (Checkout, billing portal, Connect onboarding, invoice) in French, and
 * the events Stripe would send, signed with the library's own `generateTestHeaderString` and POSTed to the
 * webhook. Test support only: Relais never ships it as product behaviour.
 */
export interface StripeServerOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where signed events go: a URL (POSTed like Stripe does) or a function (e.g. Fastify's inject); none: kept only. */
  webhook?: WebhookTarget | null;
  port?: number;
  host?: string;
  /** The address the hosted pages are reached at (defaults to this server's own URL). */
  publicUrl?: string;
}

export type WebhookTarget =
  string | ((payload: string, signature: string) => Promise<{ status: number; body: string }>);

export interface Delivery {
  eventId: string;
  type: string;
  status: number;
  body: string;
}

export interface SendEventOptions {
  /** The event's `created` (seconds); now by default. */
  created?: number;
  /** The signature's timestamp (seconds); now by default. */
  signedAt?: number;
  /** Another secret to sign with (a forged or misconfigured event). */
  secret?: string;
  previousAttributes?: StripeObject;
}

export interface SessionExtras {
  lineItems: { price: StripeObject; quantity: number; name: string }[];
  paymentIntentData: StripeObject;
  subscriptionData: StripeObject;
}

export class StripeServer {
  readonly secretKey: string;
  readonly webhookSecret: string;
  webhook: WebhookTarget | null;
  url = '';
  private publicUrl: string | undefined;
  private server: Server;

  readonly customers = new Map<string, StripeObject>();
  readonly checkoutSessions = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly invoices = new Map<string, StripeObject>();
  readonly paymentIntents = new Map<string, StripeObject>();
  readonly transfers = new Map<string, StripeObject>();
  readonly accounts = new Map<string, StripeObject>();
  readonly accountLinks = new Map<string, StripeObject & { account: string }>();
  readonly refunds = new Map<string, StripeObject>();
  readonly portalSessions = new Map<string, StripeObject>();
  /** Every event made, oldest first, and what the webhook answered to each delivery. */
  readonly events: Stripe.Event[] = [];
  readonly deliveries: Delivery[] = [];
  /** Every API call: method, path, idempotency key. */
  /** Test knob: each API answer waits this long (to make concurrent requests overlap). */
  latencyMs = 0;
  readonly requests: { method: string; path: string; idempotencyKey: string | null }[] = [];

  /** What a session was made with that Stripe does not show (line items, PaymentIntent and subscription data). */
  readonly sessionExtras = new Map<string, SessionExtras>();
  private idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Internal: the number of the last invoice made. */
  invoiceCounter = 0;

  constructor(options: StripeServerOptions = {}) {
    this.secretKey = options.secretKey ?? 'sk_test_relaislocal';
    this.webhookSecret = options.webhookSecret ?? 'whsec_relaislocal';
    this.webhook = options.webhook ?? null;
    this.publicUrl = options.publicUrl;
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
    const address = this.server.address() as AddressInfo;
    this.url = `http://${host}:${address.port}`;
    this.publicUrl ??= this.url;
    return this;
  }

  get base(): string {
    return this.publicUrl ?? this.url;
  }

  async close(): Promise<void> {
    await this.flush();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits until every event made so far has been delivered. */
  async flush(): Promise<void> {
    let current: Promise<unknown>;
    do {
      current = this.queue;
      await current;
    } while (current !== this.queue);
  }

  // ——— Events ————————————————————————————————————————————————————————————————————————

  /** Internal (the API and the pages): an event as Stripe makes it, queued for delivery in order. */
  emit(type: string, object: StripeObject, options: SendEventOptions = {}): Stripe.Event {
    const event = this.eventOf(type, object, options);
    this.queue = this.queue.then(() => this.deliver(event, options)).catch(() => undefined);
    return event;
  }

  private eventOf(type: string, object: StripeObject, options: SendEventOptions): Stripe.Event {
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: options.created ?? now(),
      data: {
        object: structuredClone(object),
        ...(options.previousAttributes ? { previous_attributes: options.previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: this.webhook ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    this.events.push(event);
    return event;
  }

  /** Test helper: makes an event of `type` about `object` and delivers it now; resolves with the answer. */
  async sendEvent(type: string, object: StripeObject, options: SendEventOptions = {}): Promise<Delivery> {
    await this.flush();
    const event = this.eventOf(type, object, options);
    return this.deliver(event, options);
  }

  /** Delivers an event made before again (Stripe retries, or a replay). */
  async redeliver(eventId: string, options: SendEventOptions = {}): Promise<Delivery> {
    const event = this.events.find((candidate) => candidate.id === eventId);
    if (!event) throw new Error(`No event ${eventId}`);
    return this.deliver(event, options);
  }

  /** The signature header Stripe would send for this payload. */
  signatureOf(payload: string, options: { signedAt?: number; secret?: string } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      ...(options.signedAt !== undefined ? { timestamp: options.signedAt } : {}),
    });
  }

  /** POSTs a raw payload with a given signature header to the webhook (for forged or tampered deliveries). */
  async post(payload: string, signature: string): Promise<{ status: number; body: string }> {
    const target = this.webhook;
    if (!target) return { status: 0, body: '' };
    if (typeof target === 'function') return target(payload, signature);
    const response = await fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    return { status: response.status, body: await response.text() };
  }

  private async deliver(event: Stripe.Event, options: SendEventOptions): Promise<Delivery> {
    const payload = JSON.stringify(event, null, 2);
    const signature = this.signatureOf(payload, options);
    const answer = this.webhook
      ? await this.post(payload, signature).catch((error: unknown) => ({ status: 0, body: String(error) }))
      : { status: 0, body: '' };
    const delivery = { eventId: event.id, type: event.type, ...answer };
    this.deliveries.push(delivery);
    return delivery;
  }

  // ——— What the hosted pages do (and tests may call directly): stripe-server-flows.ts ——————————————

  /** The customer pays on the hosted Checkout page (or the card is declined): what Stripe does then, events included. */
  completeCheckout(sessionId: string, outcome: 'success' | 'decline' = 'success'): StripeObject {
    return flows.completeCheckout(this, sessionId, outcome);
  }

  /** Sets cancel_at_period_end (the portal, or the API), with its `customer.subscription.updated` event. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): StripeObject {
    return flows.setCancelAtPeriodEnd(this, subscriptionId, cancel);
  }

  /** Ends a subscription now (its period ran out after a cancellation, or cancelled at once). */
  endSubscription(subscriptionId: string): StripeObject {
    return flows.endSubscription(this, subscriptionId);
  }

  /** The next period begins: a new invoice paid, the subscription's period moved on. */
  renewSubscription(subscriptionId: string): StripeObject {
    return flows.renewSubscription(this, subscriptionId);
  }

  /** Connect onboarding finished: the account may receive transfers. */
  activateAccount(accountId: string): StripeObject {
    return flows.activateAccount(this, accountId);
  }

  /** The line items of a session, as the hosted page shows them. */
  lineItemsOf(
    sessionId: string,
  ): { name: string; quantity: number; unitAmount: number; interval: string | null }[] {
    return (this.sessionExtras.get(sessionId)?.lineItems ?? []).map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitAmount: Number(line.price.unit_amount),
      interval: ((line.price.recurring as StripeObject | null)?.interval as string | undefined) ?? null,
    }));
  }

  subscriptionOf(id: string): StripeObject {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    return subscription;
  }

  // ——— HTTP ——————————————————————————————————————————————————————————————————————————

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://localhost');
      const method = request.method ?? 'GET';
      if (url.pathname.startsWith('/v1/')) return await this.api(request, response, method, url, raw);
      const page = await renderPage(this, method, url, raw);
      if (page.redirect) {
        response.writeHead(303, { location: page.redirect });
        response.end();
        return;
      }
      response.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page.html);
    } catch (error) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    }
  }

  private async api(
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
    url: URL,
    raw: string,
  ): Promise<void> {
    const requestId = stripeId('req', 14);
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method, path: url.pathname, idempotencyKey });
    const send = (status: number, body: string, extra: Record<string, string> = {}) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': requestId,
        'stripe-version': String(request.headers['stripe-version'] ?? Stripe.API_VERSION),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...extra,
      });
      response.end(body);
    };
    const auth = request.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ')
      ? auth.slice(7)
      : auth.startsWith('Basic ')
        ? Buffer.from(auth.slice(6), 'base64').toString('utf8').replace(/:$/, '')
        : '';
    if (key !== this.secretKey) {
      const message = key
        ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://docs.stripe.com/api#authentication for details, or we can help at https://support.stripe.com/.";
      return send(401, JSON.stringify({ error: { type: 'invalid_request_error', message } }));
    }
    const params = method === 'GET' || method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(raw);
    const fingerprint = `${method} ${url.pathname} ${JSON.stringify(params)}`;
    if (method === 'POST' && idempotencyKey) {
      const seen = this.idempotency.get(idempotencyKey);
      if (seen) {
        if (seen.fingerprint !== fingerprint)
          return send(
            400,
            JSON.stringify({
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            }),
          );
        return send(seen.status, seen.body, { 'idempotent-replayed': 'true', 'original-request': requestId });
      }
    }
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(routeApi(this, method, url.pathname, params));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      body = JSON.stringify({ error: { ...error.error, request_log_url: `${this.base}/logs/${requestId}` } });
    }
    // Stripe keeps the answer of a key, errors included (except when the request could not be processed at all).
    if (method === 'POST' && idempotencyKey)
      this.idempotency.set(idempotencyKey, { fingerprint, status, body });
    send(status, body);
  }
}

/** Starts a local Stripe-shaped server on an ephemeral port (or `options.port`). */
export async function startStripeServer(options: StripeServerOptions = {}): Promise<StripeServer> {
  return new StripeServer(options).listen(options.port ?? 0, options.host ?? '127.0.0.1');
}

/** A webhook target that hands each delivery to a Fastify app in-process (`app.inject`). */
export function injectInto(
  app: {
    inject: (options: {
      method: 'POST';
      url: string;
      headers: Record<string, string>;
      payload: string;
    }) => Promise<{ statusCode: number; body: string }>;
  },
  url = '/api/stripe/webhook',
): WebhookTarget {
  return async (payload, signature) => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });
    return { status: response.statusCode, body: response.body };
  };
}

export type { StripeObject };
