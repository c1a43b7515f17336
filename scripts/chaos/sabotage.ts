import { unlinkSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { missingAlerts } from './alerts.js';
import { brokenInvariants, lostWrites, screensDisagree, type Finding } from './checks.js';
import type { Entry } from './load.js';
import { loadSnapshot, type Snapshot } from './snapshot.js';
import type { World } from './world.js';

/**
 * The checks checked: once the rounds are over, the run damages the database on purpose, one way per check (a
 * message deleted, an acceptance undone, a second driver, an unread count off by one, a Freemium limit passed, an
 * empty conversation, a timeline step removed, a step time erased, a stored file deleted, an alert deleted), and
 * shows the users' screens rows that disagree with them; each damage must be reported by its check. A check that
 * would not notice is a failure of the run, as a lost write is.
 */
interface Damage {
  name: string;
  /** Whether the findings report this damage. */
  noticed: (findings: Finding[]) => boolean;
}

const any = <T>(items: Iterable<T>, test: (item: T) => boolean): T | undefined => {
  for (const item of items) if (test(item)) return item;
  return undefined;
};

export async function proveChecks(
  pool: pg.Pool,
  ledger: readonly Entry[],
  world: World,
  dataDir: string,
): Promise<{ proven: string[]; missed: string[]; skipped: string[] }> {
  const db = await loadSnapshot(pool);
  const damages: Damage[] = [];
  const skipped: string[] = [];
  const has = (prefix: string) => (findings: Finding[]) => findings.some((f) => f.key.startsWith(prefix));
  const damage = async (name: string, apply: () => Promise<Damage['noticed'] | null>) => {
    const noticed = await apply();
    if (noticed) damages.push({ name, noticed });
    else skipped.push(name);
  };

  await damage('acknowledged message deleted', async () => {
    const entry = any(ledger, (e) => e.kind === 'message');
    if (entry?.kind !== 'message') return null;
    await pool.query('delete from messages where id = $1', [entry.messageId]);
    return has(`message:${JSON.stringify(entry)}`);
  });
  await damage('acknowledged acceptance undone', async () => {
    const entry = any(ledger, (e) => e.kind === 'accept');
    if (entry?.kind !== 'accept') return null;
    await pool.query(`update mission_applications set status = 'rejected' where id = $1`, [
      entry.applicationId,
    ]);
    return has(`accept:${JSON.stringify(entry)}`);
  });
  const assigned = [...db.missions.values()].filter((m) => m.status !== 'available');
  await damage('a second driver on a mission', async () => {
    // Chosen in the rows as they are now, not in the snapshot taken before the damages: the acceptance undone
    // just above left a rejected application beside no accepted one, and accepting it again would only repair it.
    const { rows } = await pool.query<{ missionId: string }>(
      `update mission_applications set status = 'accepted'
       where id = (
         select rejected.id from mission_applications rejected
         where rejected.status = 'rejected'
           and exists (select 1 from mission_applications accepted
                       where accepted.mission_id = rejected.mission_id and accepted.status = 'accepted'
                         and accepted.id <> rejected.id)
         order by rejected.mission_id, rejected.id
         limit 1)
       returning mission_id as "missionId"`,
    );
    const mission = rows[0]?.missionId;
    return mission ? has(`drivers:${mission}`) : null;
  });
  /** Conversations damaged in the database: the screens' damage below takes another, or two damages could cancel. */
  const touched = new Set<string>();
  await damage('unread count off by one', async () => {
    const conversation = any(db.conversations.values(), () => true);
    if (!conversation) return null;
    touched.add(conversation.id);
    await pool.query('update conversations set unread_count_one = unread_count_one + 1 where id = $1', [
      conversation.id,
    ]);
    return has(`unread:${conversation.id}:${conversation.userOneId}`);
  });
  await damage('Freemium daily messages passed', async () => {
    const conversation = any(
      db.conversations.values(),
      (c) => db.plans.get(c.userOneId) === 'basic' || db.plans.get(c.userTwoId) === 'basic',
    );
    if (!conversation) return null;
    touched.add(conversation.id);
    const [sender, receiver] =
      db.plans.get(conversation.userOneId) === 'basic'
        ? [conversation.userOneId, conversation.userTwoId]
        : [conversation.userTwoId, conversation.userOneId];
    await pool.query(
      `insert into messages (conversation_id, sender_id, receiver_id, content, read)
       select $1, $2, $3, 'Message de trop', true from generate_series(1, 6)`,
      [conversation.id, sender, receiver],
    );
    return has(`freemium-messages:${sender}|`);
  });
  await damage('Freemium monthly applications passed', async () => {
    const driver = any(world.drivers, (d) => d.plan === 'basic');
    if (!driver) return null;
    const { rowCount } = await pool.query(
      `insert into mission_applications (mission_id, driver_id, status)
       select id, $1, 'withdrawn' from missions
       where id not in (select mission_id from mission_applications where driver_id = $1) limit 4`,
      [driver.id],
    );
    return rowCount === 4 ? has(`freemium-applications:${driver.id}|`) : null;
  });
  await damage('conversation without messages', async () => {
    const application = any(db.applications.values(), () => true);
    if (!application) return null;
    const company = db.missions.get(application.missionId)!.companyId;
    const [one, two] = [application.driverId, company].sort();
    const { rows } = await pool.query<{ id: string }>(
      `insert into conversations (user_one_id, user_two_id, mission_id) values ($1, $2, null)
       on conflict do nothing returning id`,
      [one, two],
    );
    return rows[0] ? has(`empty:${rows[0].id}`) : null;
  });
  await damage('timeline step removed', async () => {
    const mission = assigned[0];
    if (!mission) return null;
    await pool.query(`delete from mission_events where mission_id = $1 and status = 'assigned'`, [
      mission.id,
    ]);
    return has(`timeline:${mission.id}`);
  });
  await damage('step time erased', async () => {
    const mission = assigned[1] ?? assigned[0];
    if (!mission) return null;
    await pool.query('update missions set assigned_at = null where id = $1', [mission.id]);
    return has(`stamps:${mission.id}`);
  });
  await damage('stored file deleted', async () => {
    const proof = any(db.proofs.values(), () => true);
    if (!proof) return null;
    unlinkSync(path.join(dataDir, 'uploads', proof.signatureKey));
    return has(`file:${proof.signatureKey}`);
  });
  await damage('alert deleted', async () => {
    const application = any(db.applications.values(), () => true);
    if (!application) return null;
    const { rowCount } = await pool.query(
      `delete from alerts where title = 'Nouvelle candidature' and mission_id = $1 and metadata->>'actorId' = $2`,
      [application.missionId, application.driverId],
    );
    return rowCount ? has(`apply:${application.id}`) : null;
  });

  // The screens are compared with the rows read from the database: rows that say otherwise must disagree with them.
  const after = await loadSnapshot(pool);
  const told: Snapshot = {
    ...after,
    applications: new Map(after.applications),
    messages: new Map(after.messages),
  };
  const pending = any(told.applications.values(), (a) => a.status === 'pending' || a.status === 'accepted');
  if (pending) {
    told.applications.set(pending.id, { ...pending, status: 'withdrawn' });
    damages.push({ name: 'screens: application counts', noticed: has(`counts:${pending.missionId}`) });
    damages.push({ name: 'screens: dashboard counters', noticed: has(`dashboard:${pending.driverId}`) });
  } else skipped.push('screens: application counts', 'screens: dashboard counters');
  const read = any(told.messages.values(), (m) => m.read && !touched.has(m.conversationId));
  if (read) {
    told.messages.set(read.id, { ...read, read: false });
    damages.push({
      name: 'screens: unread in the conversation list',
      noticed: has(`list-unread:${read.conversationId}:${read.receiverId}`),
    });
  } else skipped.push('screens: unread in the conversation list');

  const findings = [
    ...lostWrites(ledger, after),
    ...brokenInvariants(after, dataDir),
    ...(await screensDisagree(world, told)),
    ...(await missingAlerts(pool)),
  ];
  const proven = damages.filter((d) => d.noticed(findings)).map((d) => d.name);
  const missed = damages.filter((d) => !d.noticed(findings)).map((d) => d.name);
  return { proven, missed, skipped };
}
