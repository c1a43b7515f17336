import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  accountObject,
  checkoutSessionObject,
  customerObject,
  invoiceObject,
  list,
  metadataOf,
  now,
  paymentIntentObject,
  periodEndOf,
  priceObject,
  stripeId,
  subscriptionObject,
  type Json,
  type StripeObject,
} from './stripe-server-objects.js';
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

/** An API error as Stripe answers it: `{ error: { type, message, code?, param? } }`. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeObject,
  ) {
    super(String(error.message));
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new ApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code, doc_url: `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}` } : {}),
  });
const missing = (objectName: string, id: string, param = 'id') =>
  new ApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: 'https://docs.stripe.com/error-codes/resource-missing',
    message: `No such ${objectName}: '${id}'`,
    param,
  });
const required = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

/** `a[b][0][c]=v` (what the library sends) → `{ a: { b: [{ c: 'v' }] } }`. */
export function parseForm(body: string): StripeObject {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) node[segment] = value;
      else {
        node[segment] ??= {};
        node = node[segment] as Record<string, unknown>;
      }
    });
  }
  return arraysOf(root) as StripeObject;
}

/** Objects whose keys are 0, 1, 2… become arrays. */
function arraysOf(value: unknown): Json {
  if (value === null || typeof value !== 'object') return value as Json;
  const entries = Object.entries(value as Record<string, unknown>);
  const indexed = entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key));
  if (indexed) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => arraysOf(item));
  return Object.fromEntries(entries.map(([key, item]) => [key, arraysOf(item)]));
}

const int = (value: Json | undefined, param: string): number => {
  const number = Number(value);
  if (value === undefined || value === '' || !Number.isSafeInteger(number))
    throw invalid(`Invalid integer: ${String(value)}`, param);
  return number;
};
const bool = (value: Json | undefined) => value === true || value === 'true';
const str = (value: Json | undefined) => (value === undefined || value === null ? undefined : String(value));

interface SessionExtras {
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
  readonly requests: { method: string; path: string; idempotencyKey: string | null }[] = [];

  private sessionExtras = new Map<string, SessionExtras>();
  private idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  private queue: Promise<unknown> = Promise.resolve();
  private invoiceCounter = 0;

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

  /** An event as Stripe makes it; queued for delivery in order. */
  private emit(type: string, object: StripeObject, options: SendEventOptions = {}): Stripe.Event {
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

  // ——— What the hosted pages do (and tests may call directly) ———————————————————————————

  /** The customer pays on the hosted Checkout page: what Stripe does then, events included. */
  completeCheckout(sessionId: string, outcome: 'success' | 'decline' = 'success'): StripeObject {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status !== 'open') throw invalid('This Checkout Session is no longer active.');
    const extras = this.sessionExtras.get(sessionId)!;
    let customerId = session.customer as string | null;
    if (!customerId && (session.mode === 'subscription' || outcome === 'success')) {
      const customer = customerObject({ email: session.customer_email ?? 'client@exemple.fr' });
      this.customers.set(String(customer.id), customer);
      customerId = String(customer.id);
      this.emit('customer.created', customer);
    }
    const customer = customerId ? this.customers.get(customerId) : undefined;
    const paymentMethod = stripeId('pm');
    if (session.mode === 'payment') {
      let intent = session.payment_intent
        ? this.paymentIntents.get(String(session.payment_intent))
        : undefined;
      if (!intent) {
        intent = paymentIntentObject({
          amount: Number(session.amount_total),
          currency: String(session.currency),
          customer: customerId,
          metadata: metadataOf(extras.paymentIntentData.metadata),
          description: str(extras.paymentIntentData.description) ?? null,
          transferGroup: str(extras.paymentIntentData.transfer_group) ?? null,
        });
        this.paymentIntents.set(String(intent.id), intent);
        session.payment_intent = intent.id;
      }
      if (outcome === 'decline') {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          code: 'card_declined',
          decline_code: 'generic_decline',
          doc_url: 'https://docs.stripe.com/error-codes/card-declined',
          message: 'Your card was declined.',
          type: 'card_error',
        };
        this.emit('payment_intent.payment_failed', intent);
        return session;
      }
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        customer: customerId,
        latest_charge: stripeId('ch'),
        payment_method: paymentMethod,
        last_payment_error: null,
      });
      this.completeSession(session, customer ?? null);
      this.emit('checkout.session.completed', session);
      this.emit('payment_intent.succeeded', intent);
      return session;
    }
    if (outcome === 'decline') return session;
    // Subscription: the subscription, its first invoice paid.
    const line = extras.lineItems[0]!;
    const subscription = subscriptionObject({
      customer: customerId!,
      price: line.price,
      metadata: metadataOf(extras.subscriptionData.metadata),
      paymentMethod,
    });
    this.subscriptions.set(String(subscription.id), subscription);
    const invoice = this.newInvoice(subscription, 'subscription_create', line.name);
    subscription.latest_invoice = invoice.id;
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    this.completeSession(session, customer ?? null);
    this.emit('checkout.session.completed', session);
    this.emit('customer.subscription.created', subscription);
    this.emit('invoice.paid', invoice);
    return session;
  }

  private completeSession(session: StripeObject, customer: StripeObject | null) {
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customer?.id ?? null,
      customer_details: {
        address: null,
        business_name: null,
        email: customer?.email ?? session.customer_email ?? null,
        individual_name: null,
        name: customer?.name ?? null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    });
  }

  private newInvoice(subscription: StripeObject, reason: string, productName: string): StripeObject {
    const customer = this.customers.get(String(subscription.customer));
    const invoice = invoiceObject({
      subscription,
      customerEmail: (customer?.email as string | null | undefined) ?? null,
      number: `RELAIS-${String(++this.invoiceCounter).padStart(4, '0')}`,
      billingReason: reason,
      hostedUrl: (id) => `${this.base}/invoices/${id}`,
      productName,
    });
    this.invoices.set(String(invoice.id), invoice);
    return invoice;
  }

  /** Sets cancel_at_period_end (the portal, or the API), with its `customer.subscription.updated` event. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): StripeObject {
    const subscription = this.subscriptionOf(subscriptionId);
    if (subscription.status === 'canceled')
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    const previous = {
      cancel_at_period_end: subscription.cancel_at_period_end,
      cancel_at: subscription.cancel_at,
      canceled_at: subscription.canceled_at,
    };
    const item = ((subscription.items as StripeObject).data as StripeObject[])[0]!;
    Object.assign(subscription, {
      cancel_at_period_end: cancel,
      cancel_at: cancel ? item.current_period_end : null,
      canceled_at: cancel ? now() : null,
      cancellation_details: {
        comment: null,
        feedback: null,
        reason: cancel ? 'cancellation_requested' : null,
      },
    });
    this.emit('customer.subscription.updated', subscription, { previousAttributes: previous });
    return subscription;
  }

  /** Ends a subscription now (its period ran out after a cancellation, or cancelled at once). */
  endSubscription(subscriptionId: string): StripeObject {
    const subscription = this.subscriptionOf(subscriptionId);
    Object.assign(subscription, {
      status: 'canceled',
      ended_at: now(),
      canceled_at: subscription.canceled_at ?? now(),
    });
    this.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  /** The next period begins: a new invoice paid, the subscription's period moved on. */
  renewSubscription(subscriptionId: string): StripeObject {
    const subscription = this.subscriptionOf(subscriptionId);
    const item = ((subscription.items as StripeObject).data as StripeObject[])[0]!;
    const price = item.price as StripeObject;
    const start = Number(item.current_period_end);
    const previous = { items: structuredClone(subscription.items) };
    Object.assign(item, {
      current_period_start: start,
      current_period_end: periodEndOf(start, String((price.recurring as StripeObject).interval)),
    });
    const invoice = this.newInvoice(subscription, 'subscription_cycle', 'Abonnement Relais');
    subscription.latest_invoice = invoice.id;
    this.emit('customer.subscription.updated', subscription, { previousAttributes: previous });
    this.emit('invoice.paid', invoice);
    return invoice;
  }

  /** Connect onboarding finished: the account may receive transfers. */
  activateAccount(accountId: string): StripeObject {
    const account = this.accounts.get(accountId);
    if (!account) throw missing('account', accountId, 'account');
    const capabilities = { ...(account.capabilities as StripeObject) };
    for (const name of Object.keys(capabilities)) capabilities[name] = 'active';
    capabilities.transfers = 'active';
    Object.assign(account, {
      capabilities,
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: {
        currently_due: [],
        disabled_reason: null,
        eventually_due: [],
        past_due: [],
        pending_verification: [],
      },
      tos_acceptance: { date: now(), ip: '127.0.0.1', user_agent: 'Relais (local)' },
    });
    this.emit('account.updated', account);
    return account;
  }

  private subscriptionOf(id: string): StripeObject {
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
      body = JSON.stringify(this.route(method, url.pathname, params));
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

  private route(method: string, path: string, params: StripeObject): StripeObject {
    const routes: [string, RegExp, (id: string) => StripeObject][] = [
      ['POST', /^\/v1\/customers$/, () => this.createCustomer(params)],
      ['GET', /^\/v1\/customers\/([^/]+)$/, (id) => this.customers.get(id) ?? fail(missing('customer', id))],
      ['POST', /^\/v1\/checkout\/sessions$/, () => this.createCheckoutSession(params)],
      ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (id) => this.sessionOf(id)],
      ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (id) => this.expireSession(id)],
      ['POST', /^\/v1\/billing_portal\/sessions$/, () => this.createPortalSession(params)],
      ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (id) => this.subscriptionOf(id)],
      ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (id) => this.updateSubscription(id, params)],
      ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (id) => this.endSubscription(id)],
      [
        'GET',
        /^\/v1\/payment_intents\/([^/]+)$/,
        (id) => this.paymentIntents.get(id) ?? fail(missing('payment_intent', id, 'intent')),
      ],
      ['POST', /^\/v1\/transfers$/, () => this.createTransfer(params)],
      ['GET', /^\/v1\/transfers\/([^/]+)$/, (id) => this.transfers.get(id) ?? fail(missing('transfer', id))],
      ['POST', /^\/v1\/accounts$/, () => this.createAccount(params)],
      [
        'GET',
        /^\/v1\/accounts\/([^/]+)$/,
        (id) => this.accounts.get(id) ?? fail(missing('account', id, 'account')),
      ],
      ['POST', /^\/v1\/account_links$/, () => this.createAccountLink(params)],
      ['POST', /^\/v1\/refunds$/, () => this.createRefund(params)],
      [
        'GET',
        /^\/v1\/invoices\/([^/]+)$/,
        (id) => this.invoices.get(id) ?? fail(missing('invoice', id, 'invoice')),
      ],
    ];
    for (const [verb, pattern, handler] of routes) {
      const match = verb === method ? pattern.exec(path) : null;
      if (match) return handler(decodeURIComponent(match[1] ?? ''));
    }
    throw new ApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://docs.stripe.com or we can help at https://support.stripe.com/.`,
    });
  }

  // ——— API resources ————————————————————————————————————————————————————————————————

  private createCustomer(params: StripeObject): StripeObject {
    const customer = customerObject(params);
    this.customers.set(String(customer.id), customer);
    this.emit('customer.created', customer);
    return customer;
  }

  private sessionOf(id: string): StripeObject {
    return this.checkoutSessions.get(id) ?? fail(missing('checkout.session', id, 'session'));
  }

  private createCheckoutSession(params: StripeObject): StripeObject {
    const mode = str(params.mode);
    if (!mode) throw required('mode');
    if (mode !== 'payment' && mode !== 'subscription')
      throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode');
    if (!params.success_url) throw required('success_url');
    if (params.customer && !this.customers.has(String(params.customer)))
      throw missing('customer', String(params.customer), 'customer');
    const items = params.line_items;
    if (!Array.isArray(items) || items.length === 0) throw required('line_items');
    const lineItems = items.map((raw, index) => {
      const item = raw as StripeObject;
      const data = item.price_data as StripeObject | undefined;
      if (!data) throw required(`line_items[${index}][price_data]`);
      if (!data.currency) throw required(`line_items[${index}][price_data][currency]`);
      const unit = int(data.unit_amount, `line_items[${index}][price_data][unit_amount]`);
      if (unit < 0) throw invalid('This value must be greater than or equal to 0.', 'unit_amount');
      const recurring = data.recurring as StripeObject | undefined;
      if (mode === 'subscription' && !recurring)
        throw invalid(
          'You must provide at least one recurring price in `subscription` mode when using prices.',
          'line_items',
        );
      if (mode === 'payment' && recurring)
        throw invalid(
          'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
          'line_items',
        );
      if (recurring && !['day', 'week', 'month', 'year'].includes(String(recurring.interval)))
        throw invalid('Invalid recurring[interval]', `line_items[${index}][price_data][recurring][interval]`);
      const product = data.product_data as StripeObject | undefined;
      const name = str(product?.name);
      if (!name) throw required(`line_items[${index}][price_data][product_data][name]`);
      const quantity = item.quantity === undefined ? 1 : int(item.quantity, `line_items[${index}][quantity]`);
      if (quantity < 1) throw invalid('Quantity must be at least 1.', `line_items[${index}][quantity]`);
      return { price: priceObject(data), quantity, name };
    });
    const currency = String(lineItems[0]!.price.currency);
    const total = lineItems.reduce((sum, line) => sum + Number(line.price.unit_amount) * line.quantity, 0);
    if (mode === 'payment' && total < 50)
      throw invalid(
        'The Checkout Session’s total amount due must add up to at least €0.50 eur',
        'line_items',
        'amount_too_small',
      );
    if (params.expires_at) {
      const expires = int(params.expires_at, 'expires_at');
      if (expires < now() + 30 * 60 - 5 || expires > now() + 24 * 3600)
        throw invalid(
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
          'expires_at',
        );
    }
    const id = stripeId('cs_test', 58);
    const session = checkoutSessionObject(params, total, currency, `${this.base}/checkout/${id}`, id);
    this.checkoutSessions.set(id, session);
    this.sessionExtras.set(id, {
      lineItems,
      paymentIntentData: (params.payment_intent_data as StripeObject | undefined) ?? {},
      subscriptionData: (params.subscription_data as StripeObject | undefined) ?? {},
    });
    return session;
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

  private expireSession(id: string): StripeObject {
    const session = this.sessionOf(id);
    if (session.status !== 'open')
      throw invalid('Only Checkout Sessions with a status of `open` can be expired.', 'session');
    Object.assign(session, { status: 'expired', url: null });
    this.emit('checkout.session.expired', session);
    return session;
  }

  private createPortalSession(params: StripeObject): StripeObject {
    const customer = str(params.customer);
    if (!customer) throw required('customer');
    if (!this.customers.has(customer)) throw missing('customer', customer, 'customer');
    const id = stripeId('bps');
    const session: StripeObject = {
      id,
      object: 'billing_portal.session',
      configuration: stripeId('bpc'),
      created: now(),
      customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: (params.locale as string | undefined) ?? null,
      on_behalf_of: null,
      return_url: str(params.return_url) ?? null,
      url: `${this.base}/portal/${id}`,
    };
    this.portalSessions.set(id, session);
    return session;
  }

  private updateSubscription(id: string, params: StripeObject): StripeObject {
    const subscription = this.subscriptionOf(id);
    if (params.metadata !== undefined)
      subscription.metadata = metadataOf(params.metadata, subscription.metadata as StripeObject);
    if (params.cancel_at_period_end !== undefined)
      return this.setCancelAtPeriodEnd(id, bool(params.cancel_at_period_end));
    this.emit('customer.subscription.updated', subscription, { previousAttributes: {} });
    return subscription;
  }

  private createTransfer(params: StripeObject): StripeObject {
    const amount = int(params.amount, 'amount');
    if (amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount');
    if (!params.currency) throw required('currency');
    const destination = str(params.destination);
    if (!destination) throw required('destination');
    const account = this.accounts.get(destination);
    if (!account) throw missing('account', destination, 'destination');
    if ((account.capabilities as StripeObject).transfers !== 'active')
      throw invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'destination',
        'insufficient_capabilities_for_transfer',
      );
    const id = stripeId('tr');
    const transfer: StripeObject = {
      id,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      balance_transaction: stripeId('txn'),
      created: now(),
      currency: String(params.currency).toLowerCase(),
      description: str(params.description) ?? null,
      destination,
      destination_payment: stripeId('py'),
      livemode: false,
      metadata: metadataOf(params.metadata),
      reversals: list([], `/v1/transfers/${id}/reversals`),
      reversed: false,
      source_transaction: str(params.source_transaction) ?? null,
      source_type: 'card',
      transfer_group: str(params.transfer_group) ?? null,
    };
    this.transfers.set(id, transfer);
    this.emit('transfer.created', transfer);
    return transfer;
  }

  private createAccount(params: StripeObject): StripeObject {
    const account = accountObject(params);
    this.accounts.set(String(account.id), account);
    return account;
  }

  private createAccountLink(params: StripeObject): StripeObject {
    const account = str(params.account);
    if (!account) throw required('account');
    if (!this.accounts.has(account)) throw missing('account', account, 'account');
    if (!params.type) throw required('type');
    const id = stripeId('acctlink');
    const link = {
      object: 'account_link',
      created: now(),
      expires_at: now() + 300,
      url: `${this.base}/connect/onboarding/${id}`,
      account,
      return_url: str(params.return_url) ?? null,
      refresh_url: str(params.refresh_url) ?? null,
    };
    this.accountLinks.set(id, link);
    return { object: link.object, created: link.created, expires_at: link.expires_at, url: link.url };
  }

  private createRefund(params: StripeObject): StripeObject {
    const intentId = str(params.payment_intent);
    if (!intentId) throw required('payment_intent');
    const intent =
      this.paymentIntents.get(intentId) ?? fail(missing('payment_intent', intentId, 'payment_intent'));
    if (intent.status !== 'succeeded')
      throw invalid(
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        'payment_intent',
        'charge_not_refundable',
      );
    const refunded = [...this.refunds.values()]
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, refund) => sum + Number(refund.amount), 0);
    const left = Number(intent.amount_received) - refunded;
    const amount = params.amount === undefined ? left : int(params.amount, 'amount');
    if (amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount');
    if (amount > left)
      throw invalid(
        `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`,
        'amount',
        'amount_too_large',
      );
    const refund: StripeObject = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      balance_transaction: stripeId('txn'),
      charge: intent.latest_charge ?? null,
      created: now(),
      currency: String(intent.currency),
      customer: intent.customer ?? null,
      customer_account: null,
      destination_details: {
        card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
        type: 'card',
      },
      metadata: metadataOf(params.metadata),
      payment_intent: intentId,
      payment_method: intent.payment_method ?? null,
      reason: str(params.reason) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    this.refunds.set(String(refund.id), refund);
    this.emit('refund.created', refund);
    return refund;
  }
}

function fail(error: Error): never {
  throw error;
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
