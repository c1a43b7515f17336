import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps.js';

/** Live tracking of missions in progress: positions, pause, views log, purge (issue 15: being built). */
export async function trackingRoutes(_root: FastifyInstance, _deps: FeatureDeps): Promise<void> {}
