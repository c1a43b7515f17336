import { randomBytes } from 'node:crypto';

/**
 * The objects of the local Stripe-shaped server (stripe-server.ts), built with the fields and names of Stripe's
 * API (version 2026-10-28): only what Relais and the official library read, the rest as Stripe sends it empty.
 * Test support, never product behaviour.
 */
export type Json = string | number | boolean | null | undefined | Json[] | { [key: string]: Json };
export type StripeObject = { [key: string]: Json };

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `cus_…`, `cs_test_…`, `sub_…`: Stripe's prefixes with random base-62 tails. */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let tail = '';
  for (const byte of bytes) tail += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${tail}`;
}

export const now = () => Math.floor(Date.now() / 1000);

export const list = (data: StripeObject[], url: string): StripeObject => ({
  object: 'list',
  data,
  has_more: false,
  total_count: data.length,
  url,
});

/** Metadata as Stripe keeps it: strings only; an empty value removes the key. */
export function metadataOf(value: Json | undefined, previous: StripeObject = {}): StripeObject {
  const result: StripeObject = { ...previous };
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (item === '' || item === null) delete result[key];
      else result[key] = String(item);
    }
  }
  return result;
}

/** The end of a billing period started at `start` (seconds): one calendar month or year later. */
export function periodEndOf(start: number, interval: string, count = 1): number {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else date.setUTCMonth(date.getUTCMonth() + count);
  return Math.floor(date.getTime() / 1000);
}

export function customerObject(params: StripeObject): StripeObject {
  return {
    id: stripeId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: (params.description as string | undefined) ?? null,
    email: (params.email as string | undefined) ?? null,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: metadataOf(params.metadata),
    name: (params.name as string | undefined) ?? null,
    phone: (params.phone as string | undefined) ?? null,
    preferred_locales: (params.preferred_locales as Json[] | undefined) ?? [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function checkoutSessionObject(
  params: StripeObject,
  amountTotal: number,
  currency: string,
  url: string,
  id: string,
): StripeObject {
  const created = now();
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: amountTotal,
    amount_total: amountTotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: (params.cancel_url as string | undefined) ?? null,
    client_reference_id: (params.client_reference_id as string | undefined) ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: (params.customer as string | undefined) ?? null,
    customer_account: null,
    customer_creation: params.customer ? null : 'if_required',
    customer_details: null,
    customer_email: (params.customer_email as string | undefined) ?? null,
    discounts: [],
    expires_at: params.expires_at ? Number(params.expires_at) : created + 24 * 3600,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: (params.locale as string | undefined) ?? null,
    metadata: metadataOf(params.metadata),
    mode: String(params.mode),
    payment_intent: null,
    payment_link: null,
    payment_method_collection: params.mode === 'subscription' ? 'always' : null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: (params.success_url as string | undefined) ?? null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url,
    wallet_options: null,
  };
}

export function paymentIntentObject(fields: {
  amount: number;
  currency: string;
  customer: string | null;
  metadata: StripeObject;
  description: string | null;
  transferGroup: string | null;
}): StripeObject {
  return {
    id: stripeId('pi'),
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: fields.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${stripeId('pi')}_secret_${stripeId('x').slice(2)}`,
    confirmation_method: 'automatic',
    created: now(),
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    description: fields.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: fields.transferGroup,
  };
}

export function accountObject(params: StripeObject): StripeObject {
  const capabilities: StripeObject = {};
  const requested = params.capabilities as StripeObject | undefined;
  for (const name of Object.keys(requested ?? {})) capabilities[name] = 'inactive';
  const due = ['business_type', 'external_account', 'individual.first_name', 'tos_acceptance.date'];
  return {
    id: stripeId('acct', 16),
    object: 'account',
    business_profile: { mcc: null, name: null, product_description: null, support_email: null, url: null },
    business_type: (params.business_type as string | undefined) ?? null,
    capabilities,
    charges_enabled: false,
    controller: { is_controller: true, type: 'application' },
    country: String(params.country ?? 'FR'),
    created: now(),
    default_currency: 'eur',
    details_submitted: false,
    email: (params.email as string | undefined) ?? null,
    external_accounts: list([], '/v1/accounts/external_accounts'),
    future_requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
    metadata: metadataOf(params.metadata),
    payouts_enabled: false,
    requirements: {
      currently_due: due,
      disabled_reason: 'requirements.past_due',
      eventually_due: due,
      past_due: due,
      pending_verification: [],
    },
    settings: null,
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type: String(params.type ?? 'express'),
  };
}
