import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps.js';
import { applicationRoutes } from './application-routes.js';
import { lifecycleRoutes } from './lifecycle-routes.js';
import { listingRoutes } from './listing-routes.js';
import { watchMissionChanges } from './mission-updates.js';
import { publishRoutes } from './publish-routes.js';
import { recurringRoutes } from './recurring-routes.js';
import { watchMissionRoutes } from './routing.js';
import { SearchCache } from './search-cache.js';

/** The missions plugin: the search cache and what keeps it fresh, then the routes, use case by use case. */
export async function missionRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const searchCache = new SearchCache();
  watchMissionChanges(deps, searchCache);
  watchMissionRoutes(deps);
  listingRoutes(root, deps, searchCache);
  publishRoutes(root, deps);
  recurringRoutes(root, deps);
  lifecycleRoutes(root, deps);
  applicationRoutes(root, deps);
}
