import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps.js';

/** Reviews after completion, double-blind reveal, reports and reputation (issue 15: being built). */
export async function reviewRoutes(_root: FastifyInstance, _deps: FeatureDeps): Promise<void> {}
