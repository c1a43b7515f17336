import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { WORKING_STATUSES } from '#core/rules/relations.js';
import { roleOf } from '#core/rules/roles.js';
import { accountMessages } from '#core/schemas/account.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { adminLogs, bugReports } from '../../db/schema/admin.js';
import { analyticsEvents, analyticsSessions, analyticsVisits } from '../../db/schema/analytics.js';
import {
  availability,
  badges,
  documents,
  driverApplications,
  driverCalendars,
} from '../../db/schema/documents.js';
import { alerts, notificationPreferences } from '../../db/schema/messaging.js';
import { smsPreferences } from '../../db/schema/sms.js';
import { subscriptions } from '../../db/schema/payments.js';
import { gpsPositions, missionApplications, missionEvents, missions } from '../../db/schema/missions.js';
import { declaredDriving } from '../../db/schema/driving.js';
import { missionTemplates } from '../../db/schema/recurrence.js';
import {
  accountTokens,
  idempotentRequests,
  pushSubscriptions,
  rateLimits,
  sessions,
} from '../../db/schema/platform.js';
import { users, type User } from '../../db/schema/users.js';
import { AppError, forbidden } from '../../platform/errors.js';
import type { DomainEvent, RecordedEvent } from '../../platform/events.js';
import { recordDomainEvents } from '../../platform/outbox.js';
import { actionMail, greeting, type Mail } from '../../platform/mailer.js';
import { avatarKey } from '../../platform/storage.js';
import type { AppConfig } from '../../config.js';

/** How a deleted person appears in the conversations and histories of others. */
const DELETED_USER_NAME = 'Utilisateur supprimé';
const CANCELLED_BY_DELETION = 'Le transporteur a fermé son compte Relais.';

/** Sent to the address the account had, once it is gone: so that a deletion nobody asked for does not go unseen. */
export function deletionMail(
  config: AppConfig,
  user: Pick<User, 'email' | 'fullName' | 'emailVerified'>,
): Mail {
  const { text, html } = actionMail({
    greeting: greeting(user),
    paragraphs: [
      'Votre compte Relais est supprimé : vos informations personnelles sont effacées et vos appareils déconnectés.',
      'Si ce n’est pas vous qui l’avez demandé, écrivez-nous sans attendre en répondant à ce message.',
    ],
    actionLabel: 'Ce que Relais conserve, et combien de temps',
    actionUrl: `${config.publicUrl}/privacy`,
    footer: 'Merci d’avoir roulé avec Relais.',
  });
  return { to: user.email, subject: 'Votre compte Relais est supprimé', text, html };
}

export interface Deletion {
  /**
   * What others must be told (applicants of cancelled missions, transporters of withdrawn applications), recorded
   * with the deletion: to publish once committed.
   */
  events: RecordedEvent[];
  /** The avatar, papers' and bug screenshots' files to remove once the rows are committed. */
  avatar: string | null;
  files: string[];
}

/**
 * Deletes the account (RGPD art. 17; retention in decision 013): refused while a mission with the other party is
 * under way. In one transaction: open missions are cancelled and pending applications withdrawn; sessions,
 * devices, links, alerts, preferences, availability, papers and positions are erased; the person's own texts in
 * applications are emptied; statistics and reports keep no link to them; the user row stays, anonymised, so
 * that what others keep (conversations, mission histories, reviews, and the records the law requires: invoices,
 * payslips, payments, administration logs) still holds together, showing "Utilisateur supprimé".
 */
export async function deleteAccount(db: Db, user: User): Promise<Deletion> {
  if (roleOf(user) === 'admin') throw forbidden(accountMessages.adminCannotDelete);
  return db.transaction(async (tx) => {
    const me = await lockAccount(tx, user);
    await refuseWhileWorking(tx, me);
    const events: DomainEvent[] = [];
    await cancelOpenMissions(tx, me, events);
    await withdrawApplications(tx, me, events);
    const papers = await erasePersonalRows(tx, me);
    await endPlans(tx, me);
    const screenshots = await unlinkKeptRecords(tx, me);
    await renameInOthersAlerts(tx, me);
    await forgetRateLimits(tx, me);
    await anonymiseUser(tx, me);
    return {
      events: await recordDomainEvents(tx, events),
      avatar: avatarKey(me.avatar),
      files: [...papers, ...screenshots],
    };
  });
}

// The steps of a deletion, in their order; each runs inside the deletion's transaction (tx).

/** The user row, locked for the deletion; an account already gone is not found. */
async function lockAccount(tx: DbOrTx, user: User): Promise<User> {
  const [me] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
  if (!me || me.accountStatus === 'deleted') throw new AppError(404, 'Compte introuvable');
  return me;
}

/** Refused while a mission with the other party is under way. */
async function refuseWhileWorking(tx: DbOrTx, me: User): Promise<void> {
  // Missions are locked as they are read: none can be assigned to this driver while the account goes. The lock
  // excludes other changes of the row but not the key-share locks of rows pointing at it (an alert about the
  // mission being written): such a writer may also be waiting for this user's row, locked above, and a stronger
  // lock here would close the circle (a deadlock, seen in CI when an acceptance's alerts met the deletion).
  const underWay = await tx
    .select({ id: missions.id })
    .from(missions)
    .where(
      and(
        or(eq(missions.companyId, me.id), eq(missions.driverId, me.id)),
        inArray(missions.status, [...WORKING_STATUSES]),
      ),
    )
    .for('no key update');
  if (underWay.length > 0) throw new AppError(409, accountMessages.stillWorking);
}

/** The company's open missions are cancelled, their pending applications rejected, their applicants told. */
async function cancelOpenMissions(tx: DbOrTx, me: User, events: DomainEvent[]): Promise<void> {
  const open = await tx
    .update(missions)
    .set({ status: 'cancelled', cancelledAt: new Date(), cancellationReason: CANCELLED_BY_DELETION })
    .where(and(eq(missions.companyId, me.id), eq(missions.status, 'available')))
    .returning({ id: missions.id, title: missions.title });
  for (const mission of open) {
    const rejected = await tx
      .update(missionApplications)
      .set({ status: 'rejected' })
      .where(and(eq(missionApplications.missionId, mission.id), eq(missionApplications.status, 'pending')))
      .returning({ driverId: missionApplications.driverId });
    await tx.insert(missionEvents).values({
      missionId: mission.id,
      actorId: me.id,
      type: 'cancelled',
      status: 'cancelled',
      reason: CANCELLED_BY_DELETION,
    });
    events.push({
      type: 'mission.cancelled',
      missionId: mission.id,
      title: mission.title,
      companyId: me.id,
      driverId: null,
      applicantIds: rejected.map((row) => row.driverId),
      reason: CANCELLED_BY_DELETION,
    });
  }
}

/** The driver's applications: set aside and pending ones withdrawn (transporters told), own texts emptied. */
async function withdrawApplications(tx: DbOrTx, me: User, events: DomainEvent[]): Promise<void> {
  // Set aside ones too, so that a dropped mission never reopens the application of a closed account.
  await tx
    .update(missionApplications)
    .set({ status: 'withdrawn', rejectedOnAssignment: false })
    .where(and(eq(missionApplications.driverId, me.id), eq(missionApplications.rejectedOnAssignment, true)));
  // Pending ones are withdrawn; each mission's transporter is told (title and publisher read in the same pass).
  const { rows: withdrawn } = await tx.execute<{
    id: string;
    mission_id: string;
    title: string;
    company_id: string;
  }>(sql`
    update mission_applications a set status = 'withdrawn'
    from missions m
    where m.id = a.mission_id and a.driver_id = ${me.id} and a.status = 'pending'
    returning a.id, a.mission_id, m.title, m.company_id`);
  for (const application of withdrawn)
    events.push({
      type: 'application.withdrawn',
      applicationId: application.id,
      missionId: application.mission_id,
      title: application.title,
      companyId: application.company_id,
      driverId: me.id,
      driverName: DELETED_USER_NAME,
    });
  await tx.update(missionApplications).set({ message: null }).where(eq(missionApplications.driverId, me.id));
}

/**
 * Sessions, devices, links, kept answers, alerts, preferences, availability, declared driving, recurring missions,
 * badges, papers and positions; the papers' files.
 */
async function erasePersonalRows(tx: DbOrTx, me: User): Promise<string[]> {
  for (const [table, column] of [
    [sessions, sessions.userId],
    [pushSubscriptions, pushSubscriptions.userId],
    [accountTokens, accountTokens.userId],
    [idempotentRequests, idempotentRequests.userId],
    [alerts, alerts.userId],
    [notificationPreferences, notificationPreferences.userId],
    // The SMS choice goes; the SMS sent stay as counts (no number, no text) for the team's costs (decision 051).
    [smsPreferences, smsPreferences.userId],
    [availability, availability.driverId],
    [declaredDriving, declaredDriving.driverId],
    // A company's recurring missions stop with it; the missions they published stay, as any other.
    [missionTemplates, missionTemplates.companyId],
    [driverCalendars, driverCalendars.driverId],
    [badges, badges.userId],
    [driverApplications, driverApplications.userId],
    [gpsPositions, gpsPositions.driverId],
  ] as const)
    await tx.delete(table).where(eq(column, me.id));
  // Personal papers go; documents of a mission (invoices, payslips) are records the law requires to keep.
  const papers = await tx
    .delete(documents)
    .where(and(eq(documents.userId, me.id), isNull(documents.missionId)))
    .returning({ fileUrl: documents.fileUrl });
  return papers.map((paper) => paper.fileUrl);
}

/** Plans asked for are withdrawn, plans granted by Relais ended. */
async function endPlans(tx: DbOrTx, me: User): Promise<void> {
  // A plan asked for is withdrawn; a plan granted by Relais ends with the account (a Stripe subscription is
  // ended by Stripe: its webhook still finds the row).
  await tx
    .delete(subscriptions)
    .where(and(eq(subscriptions.userId, me.id), eq(subscriptions.status, 'requested')));
  await tx
    .update(subscriptions)
    .set({ status: 'ended', endedAt: new Date() })
    .where(
      and(
        eq(subscriptions.userId, me.id),
        eq(subscriptions.source, 'admin'),
        inArray(subscriptions.status, ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']),
      ),
    );
}

/** Bug reports, statistics and administration logs kept with no link to the person; the screenshots' files. */
async function unlinkKeptRecords(tx: DbOrTx, me: User): Promise<string[]> {
  // Bug reports stay for the team, with no link to the person; their screenshots (a picture of the person's own
  // screens, their name and data on it) go with the account.
  const screenshots = await tx
    .select({ key: bugReports.screenshotKey })
    .from(bugReports)
    .where(and(eq(bugReports.userId, me.id), isNotNull(bugReports.screenshotKey)));
  await tx
    .update(bugReports)
    .set({ userId: null, screenshotKey: null, screenshotUrl: null })
    .where(eq(bugReports.userId, me.id));
  await tx.update(analyticsVisits).set({ userId: null }).where(eq(analyticsVisits.userId, me.id));
  await tx.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, me.id));
  await tx
    .update(analyticsSessions)
    .set({ userId: null, ipAddress: null, userAgent: null })
    .where(eq(analyticsSessions.userId, me.id));
  // Administration logs stay (who did what, when), without the details that named the person.
  await tx
    .update(adminLogs)
    .set({
      details: null,
      ipAddress: sql`case when ${adminLogs.adminId} = ${me.id} then null else ${adminLogs.ipAddress} end`,
    })
    .where(
      or(
        sql`${adminLogs.targetType} = 'user' and ${adminLogs.targetId} = ${me.id}`,
        eq(adminLogs.adminId, me.id),
      ),
    );
  return screenshots.map((shot) => shot.key!);
}

async function renameInOthersAlerts(tx: DbOrTx, me: User): Promise<void> {
  // Others' alerts that named the person ("Jean Routier a postulé…") now say "Utilisateur supprimé…".
  await tx.execute(sql`
    update alerts set
      message = ${DELETED_USER_NAME} || substr(message, length(metadata->>'actorName') + 1),
      metadata = metadata - 'actorName'
    where metadata->>'actorId' = ${me.id}
      and left(message, length(metadata->>'actorName')) = metadata->>'actorName'`);
}

/** Rate-limit counters keyed by the address. */
async function forgetRateLimits(tx: DbOrTx, me: User): Promise<void> {
  const emailSuffix = `:${me.email.toLowerCase()}`;
  await tx.delete(rateLimits).where(sql`right(${rateLimits.key}, ${emailSuffix.length}) = ${emailSuffix}`);
}

/** The user row stays, anonymised, so that what others keep still holds together. */
async function anonymiseUser(tx: DbOrTx, me: User): Promise<void> {
  await tx
    .update(users)
    .set({
      email: `supprime-${me.id}@relais.invalid`,
      password: '!',
      fullName: DELETED_USER_NAME,
      phone: null,
      avatar: null,
      emailVerified: false,
      verificationToken: null,
      tokenExpiry: null,
      licenseNumber: null,
      licenseType: null,
      yearsExperience: 0,
      certifications: [],
      vehicleTypes: [],
      availableFrom: null,
      currentLocation: null,
      currentLat: null,
      currentLng: null,
      drivingLicenseUrl: null,
      drivingLicenseExpiry: null,
      driverCardUrl: null,
      driverCardExpiry: null,
      adrCardUrl: null,
      adrCardExpiry: null,
      fimoUrl: null,
      fimoExpiry: null,
      fcosUrl: null,
      fcosExpiry: null,
      documentsVerified: false,
      companyName: null,
      siretNumber: null,
      // Invoices already issued keep the details printed on them; the account no longer does.
      billingAddress: null,
      vatRegime: null,
      vatNumber: null,
      vatOnDebits: false,
      iban: null,
      transportRegisterNumber: null,
      subscriptionPlan: 'basic',
      isActive: false,
      accountStatus: 'deleted',
      lastLogin: null,
      deletedAt: new Date(),
    })
    .where(eq(users.id, me.id));
}
