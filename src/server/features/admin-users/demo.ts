import { eq } from 'drizzle-orm';
import { adminUsersMessages } from '#core/schemas/admin-users.js';
import { roleOf } from '#core/rules/roles.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { lockAccount } from './deactivation.js';

/**
 * POST / DELETE /api/admin/users/:id/demo: a demonstration account (shown only to other demo accounts in the
 * drivers' search, no plan granted nor bought). Never an administrator's.
 */
export async function setDemo(
  db: FeatureDeps['db'],
  admin: User,
  userId: string,
  demo: boolean,
  ipAddress: string,
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const { target } = await lockAccount(tx, admin, userId);
    if (roleOf(target) === 'admin') throw new AppError(409, adminUsersMessages.demoAdmin);
    if (target.isDemo === demo)
      throw new AppError(409, demo ? adminUsersMessages.alreadyDemo : adminUsersMessages.notDemo);
    await tx.update(users).set({ isDemo: demo }).where(eq(users.id, userId));
    await logAdminAction(tx, {
      adminId: admin.id,
      action: demo ? 'user.mark_demo' : 'user.unmark_demo',
      targetType: 'user',
      targetId: userId,
      details: { email: target.email },
      ipAddress,
    });
    return {
      message: demo
        ? `Le compte de ${target.fullName} est marqué comme compte de démonstration.`
        : `Le compte de ${target.fullName} n’est plus un compte de démonstration.`,
    };
  });
}
