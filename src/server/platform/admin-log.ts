import type { DbOrTx } from '../db/client.js';
import { adminLogs } from '../db/schema/admin.js';

export interface AdminAction {
  adminId: string;
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
  ipAddress: string;
}

/** Every admin action leaves a trace (docs/specification.md §6); call it inside the action's transaction. */
export async function logAdminAction(tx: DbOrTx, entry: AdminAction): Promise<void> {
  await tx.insert(adminLogs).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    details: entry.details ?? null,
    ipAddress: entry.ipAddress,
  });
}
