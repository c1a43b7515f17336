import type { StripeServer } from './stripe-server.js';
import { invalid, missing, str } from './stripe-server-api.js';
import {
  customerObject,
  metadataOf,
  now,
  paymentIntentObject,
  periodEndOf,
  stripeId,
  type StripeObject,
} from './stripe-server-objects.js';
import { invoiceObject, subscriptionObject } from './stripe-server-billing-objects.js';

/**
 * What Stripe does when a customer acts on its hosted pages (pay, cancel at period end, finish onboarding) or
 * when time passes (a renewal, the end of a subscription), for the local Stripe-shaped server
 * (stripe-server.ts): the objects change and the events Stripe sends are queued. Test support only.
 */
/** The customer pays on the hosted Checkout page: what Stripe does then, events included. */
export function completeCheckout(
  server: StripeServer,
  sessionId: string,
  outcome: 'success' | 'decline' = 'success',
): StripeObject {
  const session = server.checkoutSessions.get(sessionId);
  if (!session) throw missing('checkout.session', sessionId);
  if (session.status !== 'open') throw invalid('This Checkout Session is no longer active.');
  const extras = server.sessionExtras.get(sessionId)!;
  let customerId = session.customer as string | null;
  if (!customerId && (session.mode === 'subscription' || outcome === 'success')) {
    const customer = customerObject({ email: session.customer_email ?? 'client@exemple.fr' });
    server.customers.set(String(customer.id), customer);
    customerId = String(customer.id);
    server.emit('customer.created', customer);
  }
  const customer = customerId ? server.customers.get(customerId) : undefined;
  const paymentMethod = stripeId('pm');
  if (session.mode === 'payment') {
    let intent = session.payment_intent
      ? server.paymentIntents.get(String(session.payment_intent))
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
      server.paymentIntents.set(String(intent.id), intent);
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
      server.emit('payment_intent.payment_failed', intent);
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
    completeSession(server, session, customer ?? null);
    server.emit('checkout.session.completed', session);
    server.emit('payment_intent.succeeded', intent);
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
  server.subscriptions.set(String(subscription.id), subscription);
  const invoice = newInvoice(server, subscription, 'subscription_create', line.name);
  subscription.latest_invoice = invoice.id;
  session.subscription = subscription.id;
  session.invoice = invoice.id;
  completeSession(server, session, customer ?? null);
  server.emit('checkout.session.completed', session);
  server.emit('customer.subscription.created', subscription);
  server.emit('invoice.paid', invoice);
  return session;
}

function completeSession(server: StripeServer, session: StripeObject, customer: StripeObject | null) {
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

function newInvoice(
  server: StripeServer,
  subscription: StripeObject,
  reason: string,
  productName: string,
): StripeObject {
  const customer = server.customers.get(String(subscription.customer));
  const invoice = invoiceObject({
    subscription,
    customerEmail: (customer?.email as string | null | undefined) ?? null,
    number: `RELAIS-${String(++server.invoiceCounter).padStart(4, '0')}`,
    billingReason: reason,
    hostedUrl: (id) => `${server.base}/invoices/${id}`,
    productName,
  });
  server.invoices.set(String(invoice.id), invoice);
  return invoice;
}

/** Sets cancel_at_period_end (the portal, or the API), with its `customer.subscription.updated` event. */
export function setCancelAtPeriodEnd(
  server: StripeServer,
  subscriptionId: string,
  cancel: boolean,
): StripeObject {
  const subscription = server.subscriptionOf(subscriptionId);
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
  server.emit('customer.subscription.updated', subscription, { previousAttributes: previous });
  return subscription;
}

/** Ends a subscription now (its period ran out after a cancellation, or cancelled at once). */
export function endSubscription(server: StripeServer, subscriptionId: string): StripeObject {
  const subscription = server.subscriptionOf(subscriptionId);
  Object.assign(subscription, {
    status: 'canceled',
    ended_at: now(),
    canceled_at: subscription.canceled_at ?? now(),
  });
  server.emit('customer.subscription.deleted', subscription);
  return subscription;
}

/** The next period begins: a new invoice paid, the subscription's period moved on. */
export function renewSubscription(server: StripeServer, subscriptionId: string): StripeObject {
  const subscription = server.subscriptionOf(subscriptionId);
  const item = ((subscription.items as StripeObject).data as StripeObject[])[0]!;
  const price = item.price as StripeObject;
  const start = Number(item.current_period_end);
  const previous = { items: structuredClone(subscription.items) };
  Object.assign(item, {
    current_period_start: start,
    current_period_end: periodEndOf(start, String((price.recurring as StripeObject).interval)),
  });
  const invoice = newInvoice(server, subscription, 'subscription_cycle', 'Abonnement Relais');
  subscription.latest_invoice = invoice.id;
  server.emit('customer.subscription.updated', subscription, { previousAttributes: previous });
  server.emit('invoice.paid', invoice);
  return invoice;
}

/** Connect onboarding finished: the account may receive transfers. */
export function activateAccount(server: StripeServer, accountId: string): StripeObject {
  const account = server.accounts.get(accountId);
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
  server.emit('account.updated', account);
  return account;
}
