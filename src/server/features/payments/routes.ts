import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps.js';

/** A mission's settlement between its two parties: what is owed, paid, confirmed or disputed, and its documents (issue 14). */
export async function paymentRoutes(_root: FastifyInstance, _deps: FeatureDeps): Promise<void> {}
