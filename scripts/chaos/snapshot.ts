import type pg from 'pg';

/**
 * The rows the chaos checks read, all of them, once per round, after the restart and with the load stopped: the
 * database of a chaos run holds only what the run wrote (tens of thousands of rows after 100 rounds).
 */
interface MissionRow {
  id: string;
  companyId: string;
  driverId: string | null;
  title: string;
  status: string;
  startMs: number;
  assignedAt: boolean;
  startedAt: boolean;
  deliveredAt: boolean;
  completedAt: boolean;
}

interface ApplicationRow {
  id: string;
  missionId: string;
  driverId: string;
  status: string;
  /** Europe/Paris month it was sent in (the Freemium period). */
  month: string;
}

interface MessageRow {
  id: string;
  conversationId: string;
  senderId: string;
  receiverId: string;
  missionId: string | null;
  content: string;
  read: boolean;
  coordination: boolean;
  /** Europe/Paris day it was sent (the Freemium period). */
  day: string;
}

interface ConversationRow {
  id: string;
  userOneId: string;
  userTwoId: string;
  unreadOne: number;
  unreadTwo: number;
}

export interface Snapshot {
  missions: Map<string, MissionRow>;
  applications: Map<string, ApplicationRow>;
  /** Timeline rows: mission, type, status (null for steps that change none). */
  events: Array<{ missionId: string; type: string; status: string | null }>;
  messages: Map<string, MessageRow>;
  conversations: Map<string, ConversationRow>;
  /** Engagement documents by mission: waived or signed, and the stored file. */
  engagements: Map<string, { waived: boolean; fileUrl: string }>;
  /** Proofs of delivery by mission: who sent it and the stored signature. */
  proofs: Map<string, { driverId: string | null; signatureKey: string }>;
  plans: Map<string, string>;
}

export async function loadSnapshot(pool: pg.Pool): Promise<Snapshot> {
  const [missions, applications, events, messages, conversations, engagements, proofs, users] =
    await Promise.all([
      pool.query(`select id, company_id, driver_id, title, status, extract(epoch from start_date) * 1000 as start_ms,
        assigned_at is not null as assigned, started_at is not null as started,
        delivered_at is not null as delivered, completed_at is not null as completed from missions`),
      pool.query(`select id, mission_id, driver_id, status,
        to_char(created_at at time zone 'Europe/Paris', 'YYYY-MM') as month from mission_applications`),
      pool.query(`select mission_id, type, status from mission_events`),
      pool.query(`select id, conversation_id, sender_id, receiver_id, mission_id, content, read, coordination,
        to_char(created_at at time zone 'Europe/Paris', 'YYYY-MM-DD') as day from messages`),
      pool.query(
        `select id, user_one_id, user_two_id, unread_count_one, unread_count_two from conversations`,
      ),
      pool.query(`select mission_id, waived_at is not null or signed_at is not null as waived, file_url
        from documents where type = 'engagement' and mission_id is not null`),
      pool.query(`select mission_id, driver_id, signature_key from delivery_proofs`),
      pool.query(`select id, subscription_plan from users`),
    ]);
  return {
    missions: new Map(
      missions.rows.map((row) => [
        row.id,
        {
          id: row.id,
          companyId: row.company_id,
          driverId: row.driver_id,
          title: row.title,
          status: row.status,
          startMs: Number(row.start_ms),
          assignedAt: row.assigned,
          startedAt: row.started,
          deliveredAt: row.delivered,
          completedAt: row.completed,
        },
      ]),
    ),
    applications: new Map(
      applications.rows.map((row) => [
        row.id,
        {
          id: row.id,
          missionId: row.mission_id,
          driverId: row.driver_id,
          status: row.status,
          month: row.month,
        },
      ]),
    ),
    events: events.rows.map((row) => ({ missionId: row.mission_id, type: row.type, status: row.status })),
    messages: new Map(
      messages.rows.map((row) => [
        row.id,
        {
          id: row.id,
          conversationId: row.conversation_id,
          senderId: row.sender_id,
          receiverId: row.receiver_id,
          missionId: row.mission_id,
          content: row.content,
          read: row.read,
          coordination: row.coordination,
          day: row.day,
        },
      ]),
    ),
    conversations: new Map(
      conversations.rows.map((row) => [
        row.id,
        {
          id: row.id,
          userOneId: row.user_one_id,
          userTwoId: row.user_two_id,
          unreadOne: row.unread_count_one,
          unreadTwo: row.unread_count_two,
        },
      ]),
    ),
    engagements: new Map(
      engagements.rows.map((row) => [row.mission_id, { waived: row.waived, fileUrl: row.file_url }]),
    ),
    proofs: new Map(
      proofs.rows.map((row) => [
        row.mission_id,
        { driverId: row.driver_id, signatureKey: row.signature_key },
      ]),
    ),
    plans: new Map(users.rows.map((row) => [row.id, row.subscription_plan])),
  };
}
