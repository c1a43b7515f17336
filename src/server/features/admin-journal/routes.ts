import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps.js';

/** Slot of issue 17's back office, filled by its feature. */
export async function adminJournalRoutes(_root: FastifyInstance, _deps: FeatureDeps): Promise<void> {}
