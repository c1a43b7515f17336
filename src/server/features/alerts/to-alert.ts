import type { Alert } from '#core/schemas/alerts.js';
import type { alerts } from '../../db/schema/messaging.js';

/** The one place an alert row becomes an API answer (and a realtime event). */
export function toAlert(row: typeof alerts.$inferSelect): Alert {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    missionId: row.missionId,
    metadata: row.metadata ?? null,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}
