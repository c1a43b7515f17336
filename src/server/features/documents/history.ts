import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { adminLogs } from '../../db/schema/admin.js';
import { users } from '../../db/schema/users.js';

/** The admin actions on some targets (documents or drivers), oldest first, keyed by target id. */
export async function historyOf(db: DbOrTx, targetType: 'document' | 'driver', ids: readonly string[]) {
  const byTarget = new Map<
    string,
    Array<{
      id: string;
      action: string;
      adminName: string;
      details: Record<string, unknown> | null;
      createdAt: string;
    }>
  >();
  if (ids.length === 0) return byTarget;
  const rows = await db
    .select({
      id: adminLogs.id,
      targetId: adminLogs.targetId,
      action: adminLogs.action,
      adminName: users.fullName,
      details: adminLogs.details,
      createdAt: adminLogs.createdAt,
    })
    .from(adminLogs)
    .leftJoin(users, eq(users.id, adminLogs.adminId))
    .where(and(eq(adminLogs.targetType, targetType), inArray(adminLogs.targetId, [...ids])))
    .orderBy(asc(adminLogs.createdAt), asc(adminLogs.id));
  for (const row of rows) {
    const list = byTarget.get(row.targetId!) ?? [];
    list.push({
      id: row.id,
      action: row.action,
      adminName: row.adminName ?? 'Administrateur supprimé',
      details: row.details ?? null,
      createdAt: row.createdAt.toISOString(),
    });
    byTarget.set(row.targetId!, list);
  }
  return byTarget;
}
