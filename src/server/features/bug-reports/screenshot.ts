import { eq } from 'drizzle-orm';
import { roleOf } from '#core/rules/roles.js';
import type { Db } from '../../db/client.js';
import { bugReports } from '../../db/schema/admin.js';
import type { User } from '../../db/schema/users.js';
import { notFound } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const missing = () => notFound('Capture introuvable');

/** A report's screenshot, for its author and the administrators only; anyone else is told it is not there. */
export async function openBugScreenshot(
  db: Db,
  storage: Storage,
  viewer: User,
  reportId: string,
): Promise<{ bytes: Buffer; type: string; fileName: string }> {
  const [report] = await db
    .select({ userId: bugReports.userId, key: bugReports.screenshotKey })
    .from(bugReports)
    .where(eq(bugReports.id, reportId));
  if (!report?.key) throw missing();
  if (roleOf(viewer) !== 'admin' && report.userId !== viewer.id) throw missing();
  const bytes = await storage.get(report.key);
  if (!bytes) throw missing();
  const ext = report.key.split('.').pop() ?? '';
  return { bytes, type: TYPES[ext] ?? 'application/octet-stream', fileName: `capture-signalement.${ext}` };
}
