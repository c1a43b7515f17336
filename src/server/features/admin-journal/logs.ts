import { and, count, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { AdminLogFacets, AdminLogPage, AdminLogsQuery } from '#core/schemas/site-settings.js';
import type { Db } from '../../db/client.js';
import { adminLogs } from '../../db/schema/admin.js';
import { users } from '../../db/schema/users.js';

/** `plan.*` → every action starting with `plan.`; the LIKE wildcards of the name itself are taken literally. */
function actionFilter(action: string): SQL {
  if (!action.endsWith('*')) return eq(adminLogs.action, action);
  const prefix = action.slice(0, -1).replace(/[\\%_]/g, (char) => `\\${char}`);
  return like(adminLogs.action, `${prefix}%`);
}

function conditions(query: AdminLogsQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.adminId) where.push(eq(adminLogs.adminId, query.adminId));
  if (query.action) where.push(actionFilter(query.action));
  if (query.targetType) where.push(eq(adminLogs.targetType, query.targetType));
  if (query.targetId) where.push(eq(adminLogs.targetId, query.targetId));
  // Days are Paris days: from its midnight there to the next one's.
  if (query.from)
    where.push(sql`${adminLogs.createdAt} >= (${query.from}::date::timestamp at time zone 'Europe/Paris')`);
  if (query.to)
    where.push(
      sql`${adminLogs.createdAt} < ((${query.to}::date + 1)::timestamp at time zone 'Europe/Paris')`,
    );
  return where.length ? and(...where) : undefined;
}

/**
 * GET /api/admin/logs: the administrators' journal (docs/specification.md §6), newest first, filtered by administrator,
 * action (exact, or a family with `*`), target and Paris days; each line with its author's name (null once the
 * account is gone: the line outlives it).
 */
export async function listAdminLogs(db: Db, query: AdminLogsQuery): Promise<AdminLogPage> {
  const where = conditions(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: adminLogs.id,
        createdAt: adminLogs.createdAt,
        adminId: adminLogs.adminId,
        adminName: users.fullName,
        adminEmail: users.email,
        action: adminLogs.action,
        targetType: adminLogs.targetType,
        targetId: adminLogs.targetId,
        details: adminLogs.details,
        ipAddress: adminLogs.ipAddress,
      })
      .from(adminLogs)
      .leftJoin(users, eq(users.id, adminLogs.adminId))
      .where(where)
      .orderBy(desc(adminLogs.createdAt), desc(adminLogs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(adminLogs).where(where),
  ]);
  return {
    entries: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** GET /api/admin/logs/facets: what the filters offer — the actions and target types met, the authors. */
export async function adminLogFacets(db: Db): Promise<AdminLogFacets> {
  const [actions, targetTypes, admins] = await Promise.all([
    db.selectDistinct({ action: adminLogs.action }).from(adminLogs).orderBy(adminLogs.action),
    db.selectDistinct({ targetType: adminLogs.targetType }).from(adminLogs).orderBy(adminLogs.targetType),
    db
      .selectDistinct({ id: users.id, fullName: users.fullName, email: users.email })
      .from(users)
      .innerJoin(adminLogs, eq(adminLogs.adminId, users.id))
      .orderBy(users.fullName, users.id),
  ]);
  return {
    actions: actions.map((row) => row.action),
    targetTypes: targetTypes.map((row) => row.targetType),
    admins,
  };
}
