import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps.js';

export async function availabilityRoutes(_root: FastifyInstance, _deps: FeatureDeps): Promise<void> {}
