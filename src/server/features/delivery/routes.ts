import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps.js';

/** Proof of delivery, incidents and waiting times of a mission (issue 15: being built). */
export async function deliveryRoutes(_root: FastifyInstance, _deps: FeatureDeps): Promise<void> {}
