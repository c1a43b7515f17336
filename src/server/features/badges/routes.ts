import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps.js';

/** Badges: recomputed when their inputs change, eco_driver awarded by admins (issue 15: being built). */
export async function badgeRoutes(_root: FastifyInstance, _deps: FeatureDeps): Promise<void> {}
