import { and, eq, sql } from 'drizzle-orm';
import type { PushSubscriptionInput } from '#core/schemas/alerts.js';
import type { Db } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema/platform.js';
import type { User } from '../../db/schema/users.js';
import { AppError } from '../../platform/errors.js';
import { isAcceptableEndpoint, type PushEndpointPolicy } from '../../platform/push-endpoints.js';
import { lockActiveUsers } from '../../platform/sessions.js';

const invalidEndpoint =
  'Adresse d’abonnement invalide : elle doit venir du service de notifications du navigateur';
const deviceTaken = 'Cet appareil reçoit déjà les notifications d’un autre compte';

/**
 * Registers this device for the user's push notifications. Only endpoints of the known push services are kept
 * (never one the server could be made to call inside a private network). An endpoint already registered to
 * another account moves to this one only with the same keys — the same browser, where someone else signed in;
 * otherwise someone who learnt the endpoint could take over another person's device. The device is tied to the
 * session that registered it: when that session ends (signed out elsewhere, password changed), so do its pushes.
 */
export async function subscribeDevice(
  db: Db,
  user: User,
  input: PushSubscriptionInput,
  userAgent: string | null,
  policy: PushEndpointPolicy,
  sessionId: string | null,
): Promise<void> {
  if (!(await isAcceptableEndpoint(input.endpoint, policy)))
    throw new AppError(400, invalidEndpoint, { endpoint: invalidEndpoint });
  const { endpoint, keys } = input;
  const saved = await db.transaction(async (tx) => {
    // The account stays open until the device is saved (a deletion waits, or went first and this is refused).
    await lockActiveUsers(tx, user.id);
    return tx
      .insert(pushSubscriptions)
      .values({ userId: user.id, sessionId, endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: user.id, sessionId, p256dh: keys.p256dh, auth: keys.auth, userAgent },
        // One statement: a concurrent registration cannot slip between a check and the move.
        setWhere: sql`${pushSubscriptions.userId} = ${user.id} or (${pushSubscriptions.p256dh} = ${keys.p256dh} and ${pushSubscriptions.auth} = ${keys.auth})`,
      })
      .returning({ id: pushSubscriptions.id });
  });
  if (saved.length === 0) throw new AppError(409, deviceTaken, { endpoint: deviceTaken });
}

export async function unsubscribeDevice(db: Db, user: User, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, user.id)));
}
