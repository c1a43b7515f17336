import Stripe from 'stripe';
import type { AppConfig } from '../config.js';

export type StripeClient = Stripe;

/**
 * The official Stripe client when Stripe is configured (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), else null:
 * direct settlement between the parties and plans granted by an administrator (decision 018). STRIPE_API_URL points it
 * at another endpoint (the local Stripe-shaped server of the tests); without it, api.stripe.com.
 */
export function createStripe(config: AppConfig): StripeClient | null {
  if (!config.stripe) return null;
  return new Stripe(config.stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: 'Relais' },
    ...(config.stripe.api ?? {}),
  });
}

/** Verifies a webhook's signature (timestamp tolerance 300 s) and returns the event; throws when it does not match. */
export function verifyStripeEvent(
  stripe: StripeClient,
  config: AppConfig,
  payload: Buffer | string,
  signature: string,
): Stripe.Event {
  return stripe.webhooks.constructEvent(payload, signature, config.stripe!.webhookSecret, 300);
}
