import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps.js';

export async function analyticsRoutes(_root: FastifyInstance, _deps: FeatureDeps): Promise<void> {}
