import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps.js';

/** Plans and subscriptions: the holder's plan and usage, upgrade, cancel; administrators grant or end plans without Stripe (issue 14). */
export async function billingRoutes(_root: FastifyInstance, _deps: FeatureDeps): Promise<void> {}
