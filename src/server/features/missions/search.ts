import type pg from 'pg';
import type { MissionSearch } from '#core/schemas/missions.js';
import { SEARCH_TOTAL_CAP, searchStatement } from './search-statement.js';
import type { Viewer } from './shared.js';

/**
 * The search of /explorer and /missions (list and map): available missions starting in the future, of the
 * viewer's world (a visitor's: the real one). Answers the page as JSON text (MissionPage), ready to send.
 *
 * One round trip, and no object made of each mission on the way (decision 027): PostgreSQL counts, finds the page
 * and writes its JSON; the statement is prepared on the reads pool, whose plans keep the nearest-first index scan
 * (db/client.ts).
 */
export async function searchMissions(reads: pg.Pool, viewer: Viewer, query: MissionSearch): Promise<string> {
  const { name, text, values, center } = searchStatement(viewer, query);
  const { rows } = await reads.query<{ found: number; items: string }>({ name, text, values });
  const found = Math.min(rows[0]?.found ?? 0, SEARCH_TOTAL_CAP);
  return (
    `{"items":${rows[0]?.items ?? '[]'},"total":${found},"totalIsLowerBound":${found >= SEARCH_TOTAL_CAP},` +
    `"center":${JSON.stringify(center)},"page":${query.page},"pageSize":${query.pageSize}}`
  );
}
