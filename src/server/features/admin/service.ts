import { eq, sql } from 'drizzle-orm';
import { authMessages, type AdminSetupInput } from '#core/schemas/auth.js';
import type { Db } from '../../db/client.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';

const SETUP_LOCK = 727275;

export async function adminExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  return Boolean(row);
}

/**
 * Creates the first administrator. A transaction-scoped advisory lock makes two simultaneous
 * set-ups run one after the other, so the second sees the first admin and is refused.
 */
export async function createFirstAdmin(db: Db, input: AdminSetupInput, ipAddress: string): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
    const [existingAdmin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, true))
      .limit(1);
    if (existingAdmin)
      throw new AppError(403, 'Un administrateur existe déjà : la configuration initiale est terminée.');
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email))
      .limit(1);
    if (taken) throw new AppError(409, authMessages.emailTaken, { email: authMessages.emailTaken });
    const [admin] = await tx
      .insert(users)
      .values({
        email: input.email,
        password: passwordHash,
        fullName: input.fullName,
        userType: 'admin',
        isAdmin: true,
        emailVerified: true,
      })
      .returning();
    await logAdminAction(tx, {
      adminId: admin!.id,
      action: 'admin.setup',
      targetType: 'user',
      targetId: admin!.id,
      details: { email: input.email },
      ipAddress,
    });
    return admin!;
  });
}
