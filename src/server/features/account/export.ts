import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.js';
import { declaredDriving } from '../../db/schema/driving.js';
import { missionTemplates } from '../../db/schema/recurrence.js';
import { adminLogs, bugReports } from '../../db/schema/admin.js';
import { analyticsEvents, analyticsSessions, analyticsVisits } from '../../db/schema/analytics.js';
import {
  availability,
  badges,
  documents,
  driverApplications,
  driverCalendars,
} from '../../db/schema/documents.js';
import { alerts, conversations, messages, notificationPreferences } from '../../db/schema/messaging.js';
import { smsMessages, smsPreferences } from '../../db/schema/sms.js';
import {
  gpsPositions,
  missionApplications,
  missionEvents,
  missions,
  reviews,
} from '../../db/schema/missions.js';
import {
  deliveryProofs,
  missionIncidents,
  missionTracking,
  reviewReports,
  trackingViews,
  waitingPeriods,
} from '../../db/schema/road.js';
import { driverPayments, stripePayments, subscriptions, transactions } from '../../db/schema/payments.js';
import { accountTokens, pushSubscriptions, sessions } from '../../db/schema/platform.js';
import { users, type User } from '../../db/schema/users.js';

/** Fields that are secrets or internal workings, not data about the person: never exported. */
const WITHHELD = new Set([
  'password',
  'verificationToken',
  'tokenExpiry',
  'tokenHash',
  'p256dh',
  'auth',
  'searchText',
  'pickupPoint',
  'adminNotes',
  'icsTokenHash',
]);

const clean = (rows: Array<Record<string, unknown>>) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !WITHHELD.has(key))));

async function rowsOf(db: DbOrTx, table: PgTable, where: SQL | undefined) {
  return clean((await db.select().from(table).where(where)) as Array<Record<string, unknown>>);
}

/**
 * Everything Relais holds about the user (RGPD art. 20), as one JSON document: the account and profile, missions
 * published or driven, applications, the messages sent and received, alerts, settings, sessions and devices, and
 * the records of the other domains. Secrets (password hash, token hashes, push keys) are withheld.
 */
export async function exportPersonalData(db: Db, user: User): Promise<Record<string, unknown>> {
  // One snapshot: a message sent while the file is made is in every part of it, or in none.
  return db.transaction((tx) => collect(tx, user), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function collect(db: DbOrTx, user: User): Promise<Record<string, unknown>> {
  const me = user.id;
  const [account] = await rowsOf(db, users, eq(users.id, me));
  const correspondents = sql<string>`(select full_name from users o where o.id = case when ${messages.senderId} = ${me} then ${messages.receiverId} else ${messages.senderId} end)`;
  const allMessages = await db
    .select({
      id: messages.id,
      sentAt: messages.createdAt,
      direction: sql<string>`case when ${messages.senderId} = ${me} then 'envoyé' else 'reçu' end`,
      otherPerson: correspondents,
      missionId: messages.missionId,
      content: messages.content,
      read: messages.read,
      readAt: messages.readAt,
    })
    .from(messages)
    .where(or(eq(messages.senderId, me), eq(messages.receiverId, me)))
    .orderBy(messages.createdAt, messages.id);
  return {
    format: 'relais-export-1',
    exportedAt: new Date().toISOString(),
    about:
      'Données que Relais détient sur vous (RGPD, article 20). Les mots de passe et jetons de sécurité ne sont conservés que sous forme chiffrée et ne sont pas exportés.',
    account,
    missions: {
      published: await rowsOf(db, missions, eq(missions.companyId, me)),
      driven: await rowsOf(db, missions, eq(missions.driverId, me)),
      myApplications: await rowsOf(db, missionApplications, eq(missionApplications.driverId, me)),
      stepsITook: await rowsOf(db, missionEvents, eq(missionEvents.actorId, me)),
    },
    messages: {
      conversations: await rowsOf(
        db,
        conversations,
        or(eq(conversations.userOneId, me), eq(conversations.userTwoId, me)),
      ),
      sent: allMessages.filter((message) => message.direction === 'envoyé'),
      received: allMessages.filter((message) => message.direction === 'reçu'),
    },
    alerts: await rowsOf(db, alerts, eq(alerts.userId, me)),
    notificationPreferences: await rowsOf(
      db,
      notificationPreferences,
      eq(notificationPreferences.userId, me),
    ),
    smsPreferences: await rowsOf(db, smsPreferences, eq(smsPreferences.userId, me)),
    smsSent: await rowsOf(db, smsMessages, eq(smsMessages.userId, me)),
    sessions: await rowsOf(db, sessions, eq(sessions.userId, me)),
    pushDevices: await rowsOf(db, pushSubscriptions, eq(pushSubscriptions.userId, me)),
    pendingLinks: await rowsOf(db, accountTokens, eq(accountTokens.userId, me)),
    documents: await rowsOf(db, documents, eq(documents.userId, me)),
    driverValidation: await rowsOf(db, driverApplications, eq(driverApplications.userId, me)),
    availability: await rowsOf(db, availability, eq(availability.driverId, me)),
    declaredDriving: await rowsOf(db, declaredDriving, eq(declaredDriving.driverId, me)),
    recurringMissions: await rowsOf(db, missionTemplates, eq(missionTemplates.companyId, me)),
    // The calendar choices, without the feed's secret (its hash is withheld above).
    calendar: await rowsOf(db, driverCalendars, eq(driverCalendars.driverId, me)),
    badges: await rowsOf(db, badges, eq(badges.userId, me)),
    reviews: {
      given: await rowsOf(db, reviews, eq(reviews.reviewerId, me)),
      // Double-blind: a review about me that is not published yet is its author's until then.
      received: await rowsOf(db, reviews, and(eq(reviews.revieweeId, me), isNotNull(reviews.publishedAt))),
    },
    positions: await rowsOf(db, gpsPositions, eq(gpsPositions.driverId, me)),
    onTheRoad: {
      trackingOfMyMissions: await rowsOf(db, missionTracking, eq(missionTracking.driverId, me)),
      // Who looked at my positions (missions I drove), and the positions I looked at.
      looksAtMyPositions: await rowsOf(
        db,
        trackingViews,
        inArray(
          trackingViews.missionId,
          db.select({ id: missions.id }).from(missions).where(eq(missions.driverId, me)),
        ),
      ),
      myLooksAtPositions: await rowsOf(db, trackingViews, eq(trackingViews.viewerId, me)),
      deliveryProofs: await rowsOf(db, deliveryProofs, eq(deliveryProofs.driverId, me)),
      incidentsReported: await rowsOf(db, missionIncidents, eq(missionIncidents.reporterId, me)),
      waitingTimes: await rowsOf(db, waitingPeriods, eq(waitingPeriods.startedBy, me)),
      reviewsIReported: await rowsOf(db, reviewReports, eq(reviewReports.reporterId, me)),
    },
    money: {
      transactions: await rowsOf(db, transactions, eq(transactions.userId, me)),
      driverPayments: await rowsOf(
        db,
        driverPayments,
        or(eq(driverPayments.driverId, me), eq(driverPayments.transporterId, me)),
      ),
      subscriptions: await rowsOf(db, subscriptions, eq(subscriptions.userId, me)),
      cardPayments: await rowsOf(db, stripePayments, eq(stripePayments.userId, me)),
    },
    bugReports: await rowsOf(db, bugReports, eq(bugReports.userId, me)),
    siteVisits: {
      visits: await rowsOf(db, analyticsVisits, eq(analyticsVisits.userId, me)),
      sessions: await rowsOf(db, analyticsSessions, eq(analyticsSessions.userId, me)),
      events: await rowsOf(db, analyticsEvents, eq(analyticsEvents.userId, me)),
    },
    administrationActionsOnMyAccount: clean(
      (await db
        .select({ action: adminLogs.action, at: adminLogs.createdAt })
        .from(adminLogs)
        .where(sql`${adminLogs.targetType} = 'user' and ${adminLogs.targetId} = ${me}`)) as Array<
        Record<string, unknown>
      >,
    ),
  };
}
