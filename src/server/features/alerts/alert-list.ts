import { ALERT_FILTER_TYPES, type ALERT_FILTERS } from '#core/schemas/alerts.js';
import type { Db } from '../../db/client.js';
import { isoText, jsonText } from '../../db/json-sql.js';

/**
 * The user's 200 latest alerts (of a filter), as the JSON of GET /api/alerts that toAlert gives for each row, built by
 * PostgreSQL (db/json-sql.ts): polled every 30 s by every open app. `rows` names them, newest first.
 */
const alertList = (rows: string) => `
  select coalesce(json_agg(json_build_object('id', a.id, 'type', a.type, 'title', a.title, 'message', a.message,
    'link', a.link, 'missionId', a.mission_id, 'metadata', a.metadata, 'read', a.read,
    'createdAt', ${isoText('a.created_at')}) order by a.created_at desc, a.id desc), '[]')::text as body
  from (${rows}) latest join alerts a on a.id = latest.id`;

/**
 * The polled list: its 200 ids come from the index on (user_id, created_at, id) of migration 0016 alone (an index-only
 * scan, newest first, stopping at 200), then those rows by id. Asked for the rows themselves, the one plan kept for
 * the prepared statement reads all of the user's alerts and sorts them: cheaper for the average user's 30, but it
 * grows with every alert a user ever had (docs/decisions/025-hot-reads.md).
 */
export const ALL_ALERTS = alertList(
  'select id from alerts where user_id = $1 order by created_at desc, id desc limit 200',
);
const UNREAD_ALERTS = alertList(
  'select id from alerts where user_id = $1 and not read order by created_at desc, id desc limit 200',
);
const ALERTS_OF_TYPES = alertList(
  'select id from alerts where user_id = $1 and type = any($2::text[]) order by created_at desc, id desc limit 200',
);

/** GET /api/alerts as JSON text: the user's latest 200 alerts, of a filter of the alerts page if asked. */
export function alertListJson(
  db: Db,
  userId: string,
  filter: (typeof ALERT_FILTERS)[number] | undefined,
): Promise<string> {
  if (filter === undefined) return jsonText(db, 'alerts-list', ALL_ALERTS, [userId]);
  if (filter === 'non-lues') return jsonText(db, 'alerts-list-unread', UNREAD_ALERTS, [userId]);
  return jsonText(db, 'alerts-list-types', ALERTS_OF_TYPES, [userId, ALERT_FILTER_TYPES[filter]]);
}
