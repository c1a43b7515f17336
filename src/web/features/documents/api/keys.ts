import { ME_KEY } from '#web/lib/query-client.js';

/** Query keys of the driver's documents: the default query function builds each path from its key. */
export const documentKeys = {
  mine: ['/api/documents'] as const,
  accesses: ['/api/documents/accesses'] as const,
};

/**
 * What changes with the driver's papers: the documents page, the session (`documentsVerified`) and the missions
 * that judge them (search cards, mission pages, my applications).
 */
export const PAPER_DEPENDENT_KEYS: ReadonlyArray<readonly unknown[]> = [
  documentKeys.mine,
  ME_KEY,
  ['/api/missions'],
  ['/api/missions/search'],
  ['/api/applications/mine'],
];
