import { list, now, periodEndOf, stripeId, type StripeObject } from './stripe-server-objects.js';

/**
 * The billing objects of the local Stripe-shaped server (stripe-server.ts): prices, subscriptions (their current
 * period on the items, as in API 2026) and paid invoices (their subscription under `parent`). Test support only.
 */
export function priceObject(data: StripeObject): StripeObject {
  const recurring = data.recurring as StripeObject | undefined;
  const unitAmount = Number(data.unit_amount);
  return {
    id: stripeId('price'),
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: now(),
    currency: String(data.currency).toLowerCase(),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: stripeId('prod', 14),
    recurring: recurring
      ? {
          interval: String(recurring.interval),
          interval_count: Number(recurring.interval_count ?? 1),
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
}

export function subscriptionObject(fields: {
  customer: string;
  price: StripeObject;
  metadata: StripeObject;
  paymentMethod: string;
}): StripeObject {
  const id = stripeId('sub');
  const start = now();
  const interval = String((fields.price.recurring as StripeObject).interval);
  const item: StripeObject = {
    id: stripeId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: start,
    current_period_end: periodEndOf(start, interval),
    current_period_start: start,
    current_trial: null,
    discounts: [],
    metadata: {},
    price: fields.price,
    quantity: 1,
    subscription: id,
    tax_rates: [],
  };
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency: String(fields.price.currency),
    customer: fields.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: fields.paymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: list([item], `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

export function invoiceObject(fields: {
  subscription: StripeObject;
  customerEmail: string | null;
  number: string;
  billingReason: string;
  hostedUrl: (id: string) => string;
  productName: string;
}): StripeObject {
  const id = stripeId('in');
  const item = (fields.subscription.items as StripeObject).data as StripeObject[];
  const first = item[0]!;
  const price = first.price as StripeObject;
  const amount = Number(price.unit_amount);
  const created = now();
  const periodStart = Number(first.current_period_start);
  const periodEnd = Number(first.current_period_end);
  return {
    id,
    object: 'invoice',
    account_country: 'FR',
    account_name: 'Relais',
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: amount,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: false,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: fields.billingReason,
    collection_method: 'charge_automatically',
    created,
    currency: String(price.currency),
    custom_fields: null,
    customer: String(fields.subscription.customer),
    customer_account: null,
    customer_address: null,
    customer_email: fields.customerEmail,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: fields.hostedUrl(id),
    invoice_pdf: `${fields.hostedUrl(id)}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: list(
      [
        {
          id: stripeId('il'),
          object: 'line_item',
          amount,
          currency: String(price.currency),
          description: `1 × ${fields.productName}`,
          discount_amounts: [],
          discountable: true,
          discounts: [],
          invoice: id,
          livemode: false,
          metadata: {},
          parent: {
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: false,
              proration_details: { credited_items: null },
              subscription: String(fields.subscription.id),
              subscription_item: String(first.id),
            },
            type: 'subscription_item_details',
          },
          period: { end: periodEnd, start: periodStart },
          pretax_credit_amounts: [],
          pricing: {
            price_details: { price: String(price.id), product: String(price.product) },
            type: 'price_details',
            unit_amount_decimal: String(amount),
          },
          quantity: 1,
          taxes: [],
        },
      ],
      `/v1/invoices/${id}/lines`,
    ),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: fields.number,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: {
        metadata: fields.subscription.metadata,
        subscription: String(fields.subscription.id),
      },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: periodEnd,
    period_start: periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'paid',
    status_transitions: {
      finalized_at: created,
      marked_uncollectible_at: null,
      paid_at: created,
      voided_at: null,
    },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: created,
  };
}
