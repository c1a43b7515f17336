import { and, eq } from 'drizzle-orm';
import { adminMessages } from '#core/schemas/admin.js';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/platform.js';
import type { User } from '../../db/schema/users.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';

/**
 * The password typed again in this session: sensitive actions are allowed for the next 5 minutes
 * (platform/sessions.ts requireRecentPassword). A wrong one is a field error (never 401: the session stands).
 */
export async function reauthenticate(db: Db, user: User, sessionId: string, password: string): Promise<Date> {
  if (!(await verifyPassword(password, user.password)))
    throw new AppError(400, adminMessages.passwordWrong, { password: adminMessages.passwordWrong });
  const now = new Date();
  const [row] = await db
    .update(sessions)
    .set({ reauthAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)))
    .returning({ id: sessions.id });
  if (!row) throw unauthorized();
  return now;
}
