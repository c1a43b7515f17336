import { and, eq, isNull, or } from 'drizzle-orm';
import { roleOf } from '#core/rules/roles.js';
import { adminUsersMessages, type AdminUserDetail } from '#core/schemas/admin-users.js';
import type { DbOrTx } from '../../db/client.js';
import { adminInvitations } from '../../db/schema/admin.js';
import { sessions } from '../../db/schema/platform.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError, CONFLICT_RETRY, notFound, unauthorized } from '../../platform/errors.js';
import { cancelPendingLinks } from '../../platform/sessions.js';
import { accountState } from './search.js';
import { underwayOf } from './detail.js';

/**
 * Locks the account an administrator changes. When it is an administrator's, every open administrator's row is
 * locked first, in id order (the order any change to the set of administrators takes): two administrators
 * deactivating each other at once run one after the other, and the second finds itself closed or alone.
 * Returns the target and, for an administrator, the ids of the administrators still open (the target among them).
 * `no key update` locks: they exclude every other change of these rows (and the share locks changes take on their
 * parties) but not the key-share locks of rows being written that point at them (an alert for the person), which
 * a stronger lock would make wait, and possibly close a circle (decision 021).
 */
export async function lockAccount(
  tx: DbOrTx,
  actor: User,
  userId: string,
): Promise<{ target: User; openAdmins: string[] | null }> {
  const [peek] = await tx
    .select({ isAdmin: users.isAdmin, userType: users.userType })
    .from(users)
    .where(eq(users.id, userId));
  if (!peek) throw notFound(adminUsersMessages.userNotFound);
  let openAdmins: string[] | null = null;
  if (roleOf(peek) === 'admin') {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          or(eq(users.isAdmin, true), eq(users.userType, 'admin')),
          eq(users.isActive, true),
          eq(users.accountStatus, 'active'),
        ),
      )
      .orderBy(users.id)
      .for('no key update');
    openAdmins = rows.map((row) => row.id);
    // The acting administrator was closed meanwhile (by the other one of a pair): their session no longer stands.
    if (!openAdmins.includes(actor.id)) throw unauthorized();
  }
  const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  if (!target) throw notFound(adminUsersMessages.userNotFound);
  // Made an administrator between the two reads: the set of administrators was not locked, try again.
  if (roleOf(target) === 'admin' && openAdmins === null) throw new AppError(409, CONFLICT_RETRY);
  if (target.accountStatus === 'deleted') throw new AppError(409, adminUsersMessages.deleted);
  return { target, openAdmins };
}

/**
 * POST /api/admin/users/:id/deactivate. Under the account's lock: closed with the reason (told at sign-in), every
 * session ended and the links waiting in its mailbox spent, the action logged. Its missions and applications are
 * left as they are (listed in the answer and on its page): nothing is lost, the team decides what to cancel.
 * After the commit, its open /ws sockets close.
 */
export async function deactivateUser(
  { db, realtime }: Pick<FeatureDeps, 'db' | 'realtime'>,
  admin: User,
  userId: string,
  reason: string,
  ipAddress: string,
): Promise<{ message: string; underway: AdminUserDetail['underway'] }> {
  if (userId === admin.id) throw new AppError(409, adminUsersMessages.self);
  const result = await db.transaction(async (tx) => {
    const { target, openAdmins } = await lockAccount(tx, admin, userId);
    if (accountState(target) !== 'active') throw new AppError(409, adminUsersMessages.alreadyDeactivated);
    if (openAdmins && openAdmins.filter((id) => id !== target.id).length === 0)
      throw new AppError(409, adminUsersMessages.lastAdmin);
    await tx
      .update(users)
      .set({
        isActive: false,
        accountStatus: 'deactivated',
        deactivationReason: reason,
        deactivatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    await cancelPendingLinks(tx, userId);
    // An administrator closed (a stolen session, someone leaving): the invitations they sent and nobody followed
    // yet are withdrawn, or a link sent to an accomplice would still make a new administrator.
    const withdrawn = openAdmins
      ? await tx
          .update(adminInvitations)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(adminInvitations.invitedBy, userId),
              isNull(adminInvitations.acceptedAt),
              isNull(adminInvitations.revokedAt),
            ),
          )
          .returning({ email: adminInvitations.email })
      : [];
    const underway = await underwayOf(tx, userId);
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'user.deactivate',
      targetType: 'user',
      targetId: userId,
      details: {
        reason,
        email: target.email,
        sessionsEnded: ended.length,
        missionsUnderway: underway.missions.map((mission) => mission.id),
        pendingApplications: underway.pendingApplications,
        ...(openAdmins ? { invitationsWithdrawn: withdrawn.map((row) => row.email) } : {}),
      },
      ipAddress,
    });
    return { target, underway };
  });
  await realtime.sessionsEnded(userId);
  return {
    message: `Le compte de ${result.target.fullName} est désactivé : ses sessions sont fermées.`,
    underway: result.underway,
  };
}

/** POST /api/admin/users/:id/reactivate: the account opens again; the reason of the closing is cleared. */
export async function reactivateUser(
  db: FeatureDeps['db'],
  admin: User,
  userId: string,
  note: string | null | undefined,
  ipAddress: string,
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const { target } = await lockAccount(tx, admin, userId);
    if (accountState(target) === 'active') throw new AppError(409, adminUsersMessages.alreadyActive);
    // An administrator whose access was removed has no second factor left: reopened here, the old password alone
    // would enrol a new one. They come back through an invitation (a link to their mailbox), as a newcomer does.
    if (roleOf(target) === 'admin' && !target.totpSecret)
      throw new AppError(409, adminUsersMessages.removedAdmin);
    await tx
      .update(users)
      .set({ isActive: true, accountStatus: 'active', deactivationReason: null, deactivatedAt: null })
      .where(eq(users.id, userId));
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'user.reactivate',
      targetType: 'user',
      targetId: userId,
      details: {
        reason: note ?? null,
        previousReason: target.deactivationReason,
        previousStatus: target.accountStatus,
        deactivatedAt: target.deactivatedAt?.toISOString() ?? null,
      },
      ipAddress,
    });
    return { message: `Le compte de ${target.fullName} est réactivé : la personne peut se connecter.` };
  });
}
