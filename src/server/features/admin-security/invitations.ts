import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { roleOf } from '#core/rules/roles.js';
import { adminMessages, type AcceptInvitationInput, type Invitation } from '#core/schemas/admin.js';
import type { AppConfig } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { adminInvitations, adminRecoveryCodes } from '../../db/schema/admin.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { AppError, databaseErrorCode, notFound, unauthorized } from '../../platform/errors.js';
import { actionMail, type Mailer } from '../../platform/mailer.js';
import { hashPassword } from '../../platform/passwords.js';
import { lockActiveUsers } from '../../platform/sessions.js';
import { hashToken, newToken } from '../../platform/tokens.js';

/** An invitation can be followed for 72 hours, once. */
const INVITATION_TTL_MS = 72 * 3600 * 1000;

type InvitationRow = typeof adminInvitations.$inferSelect;

const userByEmail = async (tx: DbOrTx, email: string) => {
  const [user] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user;
};

/** Who may become an administrator with this address: a new address, or an administrator removed earlier. */
function checkInvitee(existing: User | undefined): void {
  if (!existing) return;
  if (existing.userType !== 'admin')
    throw new AppError(409, adminMessages.memberEmail, { email: adminMessages.memberEmail });
  if (existing.isAdmin && existing.isActive && existing.accountStatus === 'active')
    throw new AppError(409, adminMessages.alreadyAdmin, { email: adminMessages.alreadyAdmin });
}

export function invitationView(row: InvitationRow, invitedBy: string | null): Invitation {
  return {
    id: row.id,
    email: row.email,
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= Date.now(),
  };
}

/**
 * Invites an address to become an administrator: a new single-use link (only its SHA-256 kept), valid 72 h. An
 * invitation still waiting for that address (expired or not) is withdrawn: only the newest link works.
 */
export async function inviteAdmin(
  db: Db,
  input: { adminId: string; email: string; ipAddress: string },
): Promise<{ invitation: InvitationRow; token: string; inviterName: string }> {
  const token = newToken();
  try {
    return await db.transaction(async (tx) => {
      // The inviter's row, share-locked while still an open administrator: a removal (which locks every
      // administrator's row, then withdraws the removed one's invitations) either waits for this one and withdraws
      // it, or lands first and this one is refused — never an invitation left by an administrator already removed.
      const inviter = (await lockActiveUsers(tx, input.adminId)).get(input.adminId)!;
      if (roleOf(inviter) !== 'admin') throw unauthorized();
      checkInvitee(await userByEmail(tx, input.email));
      await tx
        .update(adminInvitations)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sql`lower(${adminInvitations.email})`, input.email),
            isNull(adminInvitations.acceptedAt),
            isNull(adminInvitations.revokedAt),
          ),
        );
      const [invitation] = await tx
        .insert(adminInvitations)
        .values({
          email: input.email,
          tokenHash: hashToken(token),
          invitedBy: input.adminId,
          expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        })
        .returning();
      await logAdminAction(tx, {
        adminId: input.adminId,
        action: 'admin.invite',
        targetType: 'admin_invitation',
        targetId: invitation!.id,
        details: { email: input.email },
        ipAddress: input.ipAddress,
      });
      return { invitation: invitation!, token, inviterName: inviter.fullName };
    });
  } catch (error) {
    // Two invitations of the same address at the same instant: the unique index keeps one.
    if (databaseErrorCode(error) === '23505') throw new AppError(409, adminMessages.invitationRace);
    throw error;
  }
}

export async function sendInvitationMail(
  mailer: Mailer,
  config: AppConfig,
  input: { email: string; token: string; inviterName: string },
): Promise<void> {
  const link = `${config.publicUrl}/admin/invitation?token=${encodeURIComponent(input.token)}`;
  const { text, html } = actionMail({
    greeting: 'Bonjour,',
    paragraphs: [
      `${input.inviterName} vous invite à rejoindre l’équipe d’administration de Relais.`,
      'Vous choisirez votre nom et votre mot de passe, puis vous configurerez une application d’authentification (double authentification), demandée à chaque connexion.',
      'Ce lien est valable 72 heures et ne peut servir qu’une fois.',
    ],
    actionLabel: 'Accepter l’invitation',
    actionUrl: link,
    footer: 'Vous n’attendiez pas cette invitation ? Ignorez ce message : aucun compte ne sera créé.',
  });
  await mailer.send({
    to: input.email,
    subject: 'Invitation à administrer Relais',
    text,
    html,
    link,
  });
}

/** Withdraws an invitation still waiting (its link stops working). */
export async function revokeInvitation(
  db: Db,
  input: { adminId: string; invitationId: string; ipAddress: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(adminInvitations)
      .where(eq(adminInvitations.id, input.invitationId))
      .for('update');
    if (!row) throw notFound(adminMessages.invitationNotFound);
    if (row.acceptedAt) throw new AppError(409, adminMessages.invitationAccepted);
    if (row.revokedAt) throw new AppError(409, adminMessages.invitationRevoked);
    await tx.update(adminInvitations).set({ revokedAt: new Date() }).where(eq(adminInvitations.id, row.id));
    await logAdminAction(tx, {
      adminId: input.adminId,
      action: 'admin.invitation_revoked',
      targetType: 'admin_invitation',
      targetId: row.id,
      details: { email: row.email },
      ipAddress: input.ipAddress,
    });
  });
}

/** The invitation of a link, while it can be followed. */
async function usableInvitation(tx: DbOrTx, token: string, lock: boolean): Promise<InvitationRow> {
  const query = tx
    .select()
    .from(adminInvitations)
    .where(eq(adminInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || row.acceptedAt || row.revokedAt) throw new AppError(404, adminMessages.invitationInvalid);
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError(410, adminMessages.invitationExpired);
  return row;
}

export async function checkInvitation(db: Db, token: string) {
  const row = await usableInvitation(db, token, false);
  return { email: row.email, expiresAt: row.expiresAt.toISOString() };
}

/**
 * Follows an invitation: the administrator account is created (or a removed administrator's account opened again,
 * its old second factor gone) with the name and password chosen, the invitation spent. Inside the transaction the
 * caller opens the session, which waits for the second factor's enrolment.
 */
export async function acceptInvitation(
  db: Db,
  input: AcceptInvitationInput & { ipAddress: string },
  openSession: (tx: DbOrTx, userId: string) => Promise<void>,
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const invitation = await usableInvitation(tx, input.token, true);
      const existing = await userByEmail(tx, invitation.email);
      checkInvitee(existing);
      const account = {
        password: passwordHash,
        fullName: input.fullName,
        isAdmin: true,
        emailVerified: true,
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
      };
      let admin: User;
      if (existing) {
        const [reopened] = await tx
          .update(users)
          .set({
            ...account,
            isActive: true,
            accountStatus: 'active',
            deactivationReason: null,
            deactivatedAt: null,
          })
          .where(eq(users.id, existing.id))
          .returning();
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, existing.id));
        admin = reopened!;
      } else {
        const [created] = await tx
          .insert(users)
          .values({ ...account, email: invitation.email, userType: 'admin' })
          .returning();
        admin = created!;
      }
      await tx
        .update(adminInvitations)
        .set({ acceptedAt: new Date() })
        .where(eq(adminInvitations.id, invitation.id));
      await logAdminAction(tx, {
        adminId: admin.id,
        action: 'admin.invitation_accepted',
        targetType: 'admin_invitation',
        targetId: invitation.id,
        details: { email: invitation.email, invitedBy: invitation.invitedBy },
        ipAddress: input.ipAddress,
      });
      await openSession(tx, admin.id);
      return admin;
    });
  } catch (error) {
    // The address registered as a member at the same instant.
    if (databaseErrorCode(error) === '23505') throw new AppError(409, adminMessages.memberEmail);
    throw error;
  }
}

/** Invitations still waiting (expired ones too, to resend or withdraw), newest first, with their author's name. */
export async function waitingInvitations(db: Db): Promise<Invitation[]> {
  const rows = await db
    .select({ invitation: adminInvitations, invitedBy: users.fullName })
    .from(adminInvitations)
    .leftJoin(users, eq(users.id, adminInvitations.invitedBy))
    .where(and(isNull(adminInvitations.acceptedAt), isNull(adminInvitations.revokedAt)))
    .orderBy(desc(adminInvitations.createdAt), desc(adminInvitations.id));
  return rows.map((row) => invitationView(row.invitation, row.invitedBy));
}
