import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps.js';

/** Stripe mode: the verified webhook, mission deposit/balance Checkout and Connect payouts (issue 14). */
export async function stripeRoutes(_root: FastifyInstance, _deps: FeatureDeps): Promise<void> {}
