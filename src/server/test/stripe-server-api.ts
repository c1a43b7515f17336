import type { StripeServer } from './stripe-server.js';
import {
  accountObject,
  checkoutSessionObject,
  customerObject,
  list,
  metadataOf,
  now,
  stripeId,
  type Json,
  type StripeObject,
} from './stripe-server-objects.js';
import { priceObject } from './stripe-server-billing-objects.js';

/**
 * The API of the local Stripe-shaped server (stripe-server.ts): Stripe's error shapes, its form-encoded
 * parameters, and one function per call Relais makes (customers, Checkout, billing portal, subscriptions,
 * PaymentIntents, transfers, Connect accounts and links, refunds). Test support only.
 */
/** An API error as Stripe answers it: `{ error: { type, message, code?, param? } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeObject,
  ) {
    super(String(error.message));
  }
}

export const invalid = (message: string, param?: string, code?: string) =>
  new ApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code, doc_url: `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}` } : {}),
  });
export const missing = (objectName: string, id: string, param = 'id') =>
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
export const str = (value: Json | undefined) =>
  value === undefined || value === null ? undefined : String(value);

function fail(error: Error): never {
  throw error;
}

export function routeApi(
  server: StripeServer,
  method: string,
  path: string,
  params: StripeObject,
): StripeObject {
  const routes: [string, RegExp, (id: string) => StripeObject][] = [
    ['POST', /^\/v1\/customers$/, () => createCustomer(server, params)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (id) => server.customers.get(id) ?? fail(missing('customer', id))],
    ['POST', /^\/v1\/checkout\/sessions$/, () => createCheckoutSession(server, params)],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (id) => sessionOf(server, id)],
    ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (id) => expireSession(server, id)],
    ['POST', /^\/v1\/billing_portal\/sessions$/, () => createPortalSession(server, params)],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (id) => server.subscriptionOf(id)],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (id) => updateSubscription(server, id, params)],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (id) => server.endSubscription(id)],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      (id) => server.paymentIntents.get(id) ?? fail(missing('payment_intent', id, 'intent')),
    ],
    ['POST', /^\/v1\/transfers$/, () => createTransfer(server, params)],
    ['GET', /^\/v1\/transfers\/([^/]+)$/, (id) => server.transfers.get(id) ?? fail(missing('transfer', id))],
    ['POST', /^\/v1\/accounts$/, () => createAccount(server, params)],
    [
      'GET',
      /^\/v1\/accounts\/([^/]+)$/,
      (id) => server.accounts.get(id) ?? fail(missing('account', id, 'account')),
    ],
    ['POST', /^\/v1\/account_links$/, () => createAccountLink(server, params)],
    ['POST', /^\/v1\/refunds$/, () => createRefund(server, params)],
    [
      'GET',
      /^\/v1\/invoices\/([^/]+)$/,
      (id) => server.invoices.get(id) ?? fail(missing('invoice', id, 'invoice')),
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

function createCustomer(server: StripeServer, params: StripeObject): StripeObject {
  const customer = customerObject(params);
  server.customers.set(String(customer.id), customer);
  server.emit('customer.created', customer);
  return customer;
}

function sessionOf(server: StripeServer, id: string): StripeObject {
  return server.checkoutSessions.get(id) ?? fail(missing('checkout.session', id, 'session'));
}

function createCheckoutSession(server: StripeServer, params: StripeObject): StripeObject {
  const mode = str(params.mode);
  if (!mode) throw required('mode');
  if (mode !== 'payment' && mode !== 'subscription')
    throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode');
  if (!params.success_url) throw required('success_url');
  if (params.customer && !server.customers.has(String(params.customer)))
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
  const session = checkoutSessionObject(params, total, currency, `${server.base}/checkout/${id}`, id);
  server.checkoutSessions.set(id, session);
  server.sessionExtras.set(id, {
    lineItems,
    paymentIntentData: (params.payment_intent_data as StripeObject | undefined) ?? {},
    subscriptionData: (params.subscription_data as StripeObject | undefined) ?? {},
  });
  return session;
}

function expireSession(server: StripeServer, id: string): StripeObject {
  const session = sessionOf(server, id);
  if (session.status !== 'open')
    throw invalid('Only Checkout Sessions with a status of `open` can be expired.', 'session');
  Object.assign(session, { status: 'expired', url: null });
  server.emit('checkout.session.expired', session);
  return session;
}

function createPortalSession(server: StripeServer, params: StripeObject): StripeObject {
  const customer = str(params.customer);
  if (!customer) throw required('customer');
  if (!server.customers.has(customer)) throw missing('customer', customer, 'customer');
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
    url: `${server.base}/portal/${id}`,
  };
  server.portalSessions.set(id, session);
  return session;
}

function updateSubscription(server: StripeServer, id: string, params: StripeObject): StripeObject {
  const subscription = server.subscriptionOf(id);
  if (params.metadata !== undefined)
    subscription.metadata = metadataOf(params.metadata, subscription.metadata as StripeObject);
  if (params.cancel_at_period_end !== undefined)
    return server.setCancelAtPeriodEnd(id, bool(params.cancel_at_period_end));
  server.emit('customer.subscription.updated', subscription, { previousAttributes: {} });
  return subscription;
}

function createTransfer(server: StripeServer, params: StripeObject): StripeObject {
  const amount = int(params.amount, 'amount');
  if (amount < 1) throw invalid('This value must be greater than or equal to 1.', 'amount');
  if (!params.currency) throw required('currency');
  const destination = str(params.destination);
  if (!destination) throw required('destination');
  const account = server.accounts.get(destination);
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
  server.transfers.set(id, transfer);
  server.emit('transfer.created', transfer);
  return transfer;
}

function createAccount(server: StripeServer, params: StripeObject): StripeObject {
  const account = accountObject(params);
  server.accounts.set(String(account.id), account);
  return account;
}

function createAccountLink(server: StripeServer, params: StripeObject): StripeObject {
  const account = str(params.account);
  if (!account) throw required('account');
  if (!server.accounts.has(account)) throw missing('account', account, 'account');
  if (!params.type) throw required('type');
  const id = stripeId('acctlink');
  const link = {
    object: 'account_link',
    created: now(),
    expires_at: now() + 300,
    url: `${server.base}/connect/onboarding/${id}`,
    account,
    return_url: str(params.return_url) ?? null,
    refresh_url: str(params.refresh_url) ?? null,
  };
  server.accountLinks.set(id, link);
  return { object: link.object, created: link.created, expires_at: link.expires_at, url: link.url };
}

function createRefund(server: StripeServer, params: StripeObject): StripeObject {
  const intentId = str(params.payment_intent);
  if (!intentId) throw required('payment_intent');
  const intent =
    server.paymentIntents.get(intentId) ?? fail(missing('payment_intent', intentId, 'payment_intent'));
  if (intent.status !== 'succeeded')
    throw invalid(
      `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      'payment_intent',
      'charge_not_refundable',
    );
  const refunded = [...server.refunds.values()]
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
  server.refunds.set(String(refund.id), refund);
  server.emit('refund.created', refund);
  return refund;
}
