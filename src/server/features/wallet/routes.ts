import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps.js';

/** The wallet: balance, 12-month chart and transactions of the signed-in user (issue 14). */
export async function walletRoutes(_root: FastifyInstance, _deps: FeatureDeps): Promise<void> {}
