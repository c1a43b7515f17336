import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { ADMIN_REMOVED_REASON, adminMessages, type Administrator } from '#core/schemas/admin.js';
import type { Db } from '../../db/client.js';
import { adminInvitations, adminRecoveryCodes } from '../../db/schema/admin.js';
import { sessions } from '../../db/schema/platform.js';
import { users } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { AppError, notFound, unauthorized } from '../../platform/errors.js';
import { cancelPendingLinks } from '../../platform/sessions.js';

const activeAdmin = sql`${users.isAdmin} and ${users.isActive} and ${users.accountStatus} = 'active'`;

/** Every administrator account, the active ones first, then by name. */
export async function listAdministrators(db: Db, selfId: string): Promise<Administrator[]> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(sql`${activeAdmin} desc`, asc(users.fullName), asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    secondFactor: row.totpEnabledAt !== null,
    lastLogin: row.lastLogin ? row.lastLogin.toISOString() : null,
    active: row.isActive && row.accountStatus === 'active',
    createdAt: row.createdAt.toISOString(),
    self: row.id === selfId,
  }));
}

/**
 * Removes an administrator: the account is closed (deactivated, with the reason told at sign-in), its second factor
 * and recovery codes erased, its sessions ended; it stays an administrator account (isAdmin kept), so that if it is
 * ever opened again it is still held to the second factor — an invitation to the same address opens it again.
 *
 * The last-administrator rule holds under concurrency: every active administrator's row is locked (in id order)
 * before counting, so two removals at once run one after the other, and the second no longer finds the first's
 * target (nor, when they removed each other, its own author) among the active administrators.
 */
export async function removeAdministrator(
  db: Db,
  input: { adminId: string; targetId: string; ipAddress: string },
): Promise<void> {
  if (input.adminId === input.targetId) throw new AppError(409, adminMessages.removeSelf);
  await db.transaction(async (tx) => {
    const active = await tx
      .select({ id: users.id })
      .from(users)
      .where(activeAdmin)
      .orderBy(asc(users.id))
      .for('update');
    const ids = new Set(active.map((row) => row.id));
    // The author was removed a moment ago by someone else: no longer an administrator.
    if (!ids.has(input.adminId)) throw unauthorized();
    if (!ids.has(input.targetId)) {
      const [target] = await tx.select().from(users).where(eq(users.id, input.targetId));
      if (!target || !target.isAdmin) throw notFound(adminMessages.adminNotFound);
      throw new AppError(409, adminMessages.alreadyRemoved);
    }
    if (ids.size - 1 < 1) throw new AppError(409, adminMessages.removeLast);
    const [removed] = await tx
      .update(users)
      .set({
        isActive: false,
        accountStatus: 'deactivated',
        deactivationReason: ADMIN_REMOVED_REASON,
        deactivatedAt: new Date(),
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
      })
      .where(and(eq(users.id, input.targetId)))
      .returning({ email: users.email });
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, input.targetId));
    // The links they sent and nobody followed yet go too: removing an administrator whose session was stolen must
    // not leave the thief's invitation to an address of theirs standing.
    const withdrawn = await tx
      .update(adminInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(adminInvitations.invitedBy, input.targetId),
          isNull(adminInvitations.acceptedAt),
          isNull(adminInvitations.revokedAt),
        ),
      )
      .returning({ email: adminInvitations.email });
    await tx.delete(sessions).where(eq(sessions.userId, input.targetId));
    await cancelPendingLinks(tx, input.targetId);
    await logAdminAction(tx, {
      adminId: input.adminId,
      action: 'admin.remove',
      targetType: 'user',
      targetId: input.targetId,
      details: { email: removed!.email, invitationsWithdrawn: withdrawn.map((row) => row.email) },
      ipAddress: input.ipAddress,
    });
  });
}
