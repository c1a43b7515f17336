import { eq } from 'drizzle-orm';
import { adminUsersMessages } from '#core/schemas/admin-users.js';
import { roleOf } from '#core/rules/roles.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { inVisitorSandbox, SHOWROOM_WORLD } from '../../platform/demo-world.js';
import { AppError } from '../../platform/errors.js';
import { lockAccount } from './deactivation.js';

/**
 * POST / DELETE /api/admin/users/:id/demo: a demonstration account (the showroom world of decision 022: seen only by
 * other showroom accounts, no plan granted nor bought). Never an administrator's.
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
    // A visitor's sandbox account taken out of it would bring its fictional missions, reviews and conversations
    // into the real world, and outlive the sandbox (whose removal takes only its own world's accounts).
    if (inVisitorSandbox(target)) throw new AppError(409, adminUsersMessages.sandboxAccount);
    if (target.isDemo === demo)
      throw new AppError(409, demo ? adminUsersMessages.alreadyDemo : adminUsersMessages.notDemo);
    // The showroom world (decision 022): its accounts meet only each other, never a real user.
    await tx
      .update(users)
      .set({ isDemo: demo, sandboxId: demo ? SHOWROOM_WORLD : null })
      .where(eq(users.id, userId));
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
