import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/platform.js';
import { users, type User } from '../../db/schema/users.js';
import { hashPassword } from '../../platform/passwords.js';
import { unauthorized } from '../../platform/errors.js';
import { cancelPendingLinks, openAccountRow } from '../../platform/sessions.js';

/** A new password (the current one was checked): every other session of the account ends, this one stays. */
export async function changePassword(
  db: Db,
  user: User,
  newPassword: string,
  keepSessionId: string | null,
): Promise<User> {
  const password = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set({ password }).where(openAccountRow(user.id)).returning();
    if (!updated) throw unauthorized();
    await tx
      .delete(sessions)
      .where(
        keepSessionId
          ? and(eq(sessions.userId, user.id), ne(sessions.id, keepSessionId))
          : eq(sessions.userId, user.id),
      );
    // Links asked for earlier (a reset, an e-mail change) no longer work.
    await cancelPendingLinks(tx, user.id);
    return updated;
  });
}
