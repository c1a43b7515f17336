import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Entry } from './load.js';
import type { Snapshot } from './snapshot.js';
import type { World } from './world.js';

/**
 * What the chaos run checks after each restart. Each finding has a stable key, so that one counted in an earlier
 * round is not counted again; the message says what is wrong in words a reader can act on.
 */
export interface Finding {
  key: string;
  message: string;
}

/** The path a mission walks in this load (no cancellation, no drop), and each step's place on it. */
const PATH = ['available', 'assigned', 'in_progress', 'delivered', 'completed'];
const rank = (status: string) => PATH.indexOf(status);
const STEP_STATUS: Record<string, string> = {
  start: 'in_progress',
  deliver: 'delivered',
  complete: 'completed',
};
const FREEMIUM = { messagesPerDay: 5, applicationsPerMonth: 3 };

/** Every acknowledged write is in the database as it was acknowledged (or further along its path). */
export function lostWrites(ledger: readonly Entry[], db: Snapshot): Finding[] {
  const lost: Finding[] = [];
  const miss = (entry: Entry, why: string) =>
    lost.push({
      key: `${entry.kind}:${JSON.stringify(entry)}`,
      message: `round ${entry.round} ${entry.kind}: ${why}`,
    });
  for (const entry of ledger) {
    switch (entry.kind) {
      case 'publish': {
        const mission = db.missions.get(entry.missionId);
        if (!mission) miss(entry, `mission ${entry.missionId} « ${entry.title} » is gone`);
        else if (mission.companyId !== entry.companyId || mission.title !== entry.title)
          miss(entry, `mission ${entry.missionId} holds another company or title`);
        break;
      }
      case 'apply': {
        const application = db.applications.get(entry.applicationId);
        if (!application) miss(entry, `application ${entry.applicationId} is gone`);
        else if (application.missionId !== entry.missionId || application.driverId !== entry.driverId)
          miss(entry, `application ${entry.applicationId} names another mission or driver`);
        break;
      }
      case 'accept':
      case 'reject':
      case 'withdraw': {
        const want = { accept: 'accepted', reject: 'rejected', withdraw: 'withdrawn' }[entry.kind];
        const status = db.applications.get(entry.applicationId)?.status;
        if (status !== want)
          miss(entry, `application ${entry.applicationId} is ${status ?? 'gone'}, not ${want}`);
        break;
      }
      case 'waive':
        if (!db.engagements.get(entry.missionId)?.waived)
          miss(entry, `the signatures of mission ${entry.missionId} are no longer waived`);
        break;
      case 'proof':
        if (!db.proofs.has(entry.missionId))
          miss(entry, `the proof of delivery of ${entry.missionId} is gone`);
        break;
      case 'start':
      case 'deliver':
      case 'complete': {
        const status = db.missions.get(entry.missionId)?.status ?? 'gone';
        if (rank(status) < rank(STEP_STATUS[entry.kind]!))
          miss(entry, `mission ${entry.missionId} is ${status}, before ${STEP_STATUS[entry.kind]}`);
        break;
      }
      case 'message': {
        const message = db.messages.get(entry.messageId);
        if (!message) miss(entry, `message ${entry.messageId} is gone`);
        else if (
          message.content !== entry.content ||
          message.senderId !== entry.senderId ||
          message.receiverId !== entry.receiverId
        )
          miss(entry, `message ${entry.messageId} holds another content, sender or receiver`);
        break;
      }
      case 'read': {
        const unread = entry.messageIds.filter((id) => db.messages.get(id)?.read !== true);
        if (unread.length > 0)
          miss(entry, `${unread.length} messages read by ${entry.readerId} are unread again`);
        break;
      }
    }
  }
  return lost;
}

/** The rules that hold between rows whatever was cut by a kill. */
export function brokenInvariants(db: Snapshot, dataDir: string): Finding[] {
  const broken: Finding[] = [];
  const breaks = (key: string, message: string) => broken.push({ key, message });
  const appsByMission = new Map<string, string[]>();
  for (const application of db.applications.values())
    appsByMission.set(application.missionId, [
      ...(appsByMission.get(application.missionId) ?? []),
      application.id,
    ]);
  const eventsByMission = new Map<string, Array<{ type: string; status: string | null }>>();
  for (const event of db.events)
    eventsByMission.set(event.missionId, [...(eventsByMission.get(event.missionId) ?? []), event]);

  for (const mission of db.missions.values()) {
    const applications = (appsByMission.get(mission.id) ?? []).map((id) => db.applications.get(id)!);
    const accepted = applications.filter((application) => application.status === 'accepted');
    const step = rank(mission.status);
    // One driver per mission: the assigned driver is the one accepted application's, and only then.
    if (accepted.length > 1)
      breaks(`drivers:${mission.id}`, `mission ${mission.id} has ${accepted.length} accepted applications`);
    if (step >= 1 && (mission.driverId === null || accepted[0]?.driverId !== mission.driverId))
      breaks(
        `driver:${mission.id}`,
        `mission ${mission.id} is ${mission.status} with driver ${mission.driverId} but accepted ${accepted.map((a) => a.driverId).join(', ') || 'none'}`,
      );
    if (step === 0 && (mission.driverId !== null || accepted.length > 0))
      breaks(`open:${mission.id}`, `mission ${mission.id} is open with a driver or an accepted application`);
    if (step < 0)
      breaks(`status:${mission.id}`, `mission ${mission.id} is ${mission.status}, off this load's path`);
    // Applications wait only on an open mission (choosing a driver sets the others aside).
    if (step !== 0 && applications.some((application) => application.status === 'pending'))
      breaks(
        `pending:${mission.id}`,
        `mission ${mission.id} is ${mission.status} with applications still pending`,
      );
    // The timeline: published once, then each status reached exactly once, in order, up to the current one.
    const events = eventsByMission.get(mission.id) ?? [];
    const statuses = events.filter((event) => event.status !== null).map((event) => event.status!);
    const expected = PATH.slice(0, step + 1);
    if (
      events.filter((event) => event.type === 'published').length !== 1 ||
      statuses.length !== expected.length ||
      [...statuses].sort().join() !== [...expected].sort().join()
    )
      breaks(
        `timeline:${mission.id}`,
        `mission ${mission.id} is ${mission.status} but its timeline says ${statuses.join(' → ') || 'nothing'}`,
      );
    const stamps = [mission.assignedAt, mission.startedAt, mission.deliveredAt, mission.completedAt];
    if (stamps.some((set, index) => set !== step >= index + 1))
      breaks(
        `stamps:${mission.id}`,
        `mission ${mission.id} is ${mission.status} with step times ${stamps.join('/')}`,
      );
    // Stored files the rows point at (written before the row that names them).
    const engagement = db.engagements.get(mission.id);
    if (engagement && !existsSync(path.join(dataDir, 'uploads', engagement.fileUrl)))
      breaks(`file:${engagement.fileUrl}`, `the engagement file of mission ${mission.id} is missing`);
    const proof = db.proofs.get(mission.id);
    if (proof && !existsSync(path.join(dataDir, 'uploads', proof.signatureKey)))
      breaks(`file:${proof.signatureKey}`, `the delivery signature of mission ${mission.id} is missing`);
  }

  // Unread counters: each side's count is the number of messages to it still unread; no conversation is empty.
  const unread = new Map<string, number>();
  const used = new Set<string>();
  const sentPerDay = new Map<string, number>();
  for (const message of db.messages.values()) {
    used.add(message.conversationId);
    if (!message.read) {
      const key = `${message.conversationId}|${message.receiverId}`;
      unread.set(key, (unread.get(key) ?? 0) + 1);
    }
    if (!message.coordination) {
      const key = `${message.senderId}|${message.day}`;
      sentPerDay.set(key, (sentPerDay.get(key) ?? 0) + 1);
    }
  }
  for (const conversation of db.conversations.values()) {
    if (!used.has(conversation.id))
      breaks(`empty:${conversation.id}`, `conversation ${conversation.id} has no message`);
    for (const [user, count] of [
      [conversation.userOneId, conversation.unreadOne],
      [conversation.userTwoId, conversation.unreadTwo],
    ] as const) {
      const truth = unread.get(`${conversation.id}|${user}`) ?? 0;
      if (count !== truth)
        breaks(
          `unread:${conversation.id}:${user}`,
          `conversation ${conversation.id}: unread count ${count} for ${user}, ${truth} messages unread`,
        );
    }
  }

  // Freemium: never more than the plan allows in its period, however many requests raced for the last place.
  for (const [key, count] of sentPerDay) {
    const [sender, day] = key.split('|');
    if (db.plans.get(sender!) === 'basic' && count > FREEMIUM.messagesPerDay)
      breaks(
        `freemium-messages:${key}`,
        `Freemium user ${sender} sent ${count} counted messages on ${day} (limit ${FREEMIUM.messagesPerDay})`,
      );
  }
  const appliedPerMonth = new Map<string, number>();
  for (const application of db.applications.values()) {
    const key = `${application.driverId}|${application.month}`;
    appliedPerMonth.set(key, (appliedPerMonth.get(key) ?? 0) + 1);
  }
  for (const [key, count] of appliedPerMonth) {
    const [driver, month] = key.split('|');
    if (db.plans.get(driver!) === 'basic' && count > FREEMIUM.applicationsPerMonth)
      breaks(
        `freemium-applications:${key}`,
        `Freemium driver ${driver} sent ${count} applications in ${month} (limit ${FREEMIUM.applicationsPerMonth})`,
      );
  }
  return broken;
}

/**
 * What the users see after the restart agrees with the rows: each one's conversation list (unread counts, a last
 * message in each), a transporter's missions (application counts), and the dashboard's counters.
 */
export async function screensDisagree(world: World, db: Snapshot): Promise<Finding[]> {
  const broken: Finding[] = [];
  const breaks = (key: string, message: string) => broken.push({ key, message });
  const unread = new Map<string, number>();
  for (const message of db.messages.values())
    if (!message.read)
      unread.set(
        `${message.conversationId}|${message.receiverId}`,
        (unread.get(`${message.conversationId}|${message.receiverId}`) ?? 0) + 1,
      );
  const applications = [...db.applications.values()];
  await Promise.all(
    [...world.people.values()].map(async (person) => {
      const list = await person.session.get('/api/conversations');
      if (list.kind !== 'ack')
        return breaks(
          `api:${person.id}:conversations`,
          `GET /api/conversations for ${person.email}: ${list.kind}`,
        );
      const conversations = list.body as Array<{ id: string; unreadCount: number; lastMessage: unknown }>;
      const theirs = [...db.conversations.values()].filter(
        (c) => c.userOneId === person.id || c.userTwoId === person.id,
      );
      if (conversations.length !== Math.min(200, theirs.length))
        breaks(
          `list:${person.id}`,
          `${person.email} sees ${conversations.length} conversations, ${theirs.length} in the database`,
        );
      for (const conversation of conversations) {
        const truth = unread.get(`${conversation.id}|${person.id}`) ?? 0;
        if (conversation.unreadCount !== truth)
          breaks(
            `list-unread:${conversation.id}:${person.id}`,
            `${person.email} sees ${conversation.unreadCount} unread in conversation ${conversation.id}, ${truth} messages unread`,
          );
        if (!conversation.lastMessage)
          breaks(
            `list-last:${conversation.id}`,
            `conversation ${conversation.id} is listed without a last message`,
          );
      }
      const stats = await person.session.get('/api/dashboard/stats');
      if (stats.kind !== 'ack')
        return breaks(
          `api:${person.id}:dashboard`,
          `GET /api/dashboard/stats for ${person.email}: ${stats.kind}`,
        );
      const counts = (stats.body as { counts: Record<string, number> }).counts;
      if (person.role === 'driver') {
        const mine = applications.filter((a) => a.driverId === person.id);
        const pending = mine.filter((a) => a.status === 'pending').length;
        const accepted = mine.filter((a) => a.status === 'accepted').length;
        if (counts.applicationsPending !== pending || counts.applicationsAccepted !== accepted)
          breaks(
            `dashboard:${person.id}`,
            `${person.email}'s dashboard says ${counts.applicationsPending} pending / ${counts.applicationsAccepted} accepted, the rows ${pending} / ${accepted}`,
          );
        return;
      }
      const missions = await person.session.get('/api/missions');
      if (missions.kind !== 'ack')
        return breaks(`api:${person.id}:missions`, `GET /api/missions for ${person.email}: ${missions.kind}`);
      let waiting = 0;
      for (const mission of missions.body as Array<{
        id: string;
        applicationCount: number;
        pendingApplicationCount: number;
      }>) {
        const rows = applications.filter((a) => a.missionId === mission.id);
        const received = rows.filter((a) => a.status !== 'withdrawn').length;
        const pending = rows.filter((a) => a.status === 'pending').length;
        waiting += pending;
        if (mission.applicationCount !== received || mission.pendingApplicationCount !== pending)
          breaks(
            `counts:${mission.id}`,
            `mission ${mission.id} shows ${mission.applicationCount} applications (${mission.pendingApplicationCount} pending), the rows ${received} (${pending})`,
          );
      }
      if (counts.applicationsWaiting !== waiting)
        breaks(
          `dashboard:${person.id}`,
          `${person.email}'s dashboard says ${counts.applicationsWaiting} applications waiting, the rows ${waiting}`,
        );
    }),
  );
  return broken;
}
