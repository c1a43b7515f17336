import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { dailyMessageLimit, isMissionCoordination, messageLimitMessage } from '#core/rules/plans.js';
import { DAYS_TOGETHER_AFTER_COMPLETION, relationMessages } from '#core/rules/relations.js';
import { roleOf } from '#core/rules/roles.js';
import { emailRequiredMessages } from '#core/schemas/users.js';
import {
  messagingMessages,
  type ChatMessage,
  type Conversation,
  type SendMessage,
} from '#core/schemas/messaging.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { conversations, messages } from '../../db/schema/messaging.js';
import { missions } from '../../db/schema/missions.js';
import { users, type User } from '../../db/schema/users.js';
import { inWorld, worldOf } from '../../platform/demo-world.js';
import { AppError, emailNotVerified, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { areLinked, relationBetween } from '../../platform/relations.js';
import { messagesSentToday } from '../../platform/plan-usage.js';
import { isOpenAccount } from '../../platform/sessions.js';
import type { EventBus } from '../../platform/events.js';
import { recordDomainEvent } from '../../platform/outbox.js';

type MessageRow = typeof messages.$inferSelect;

function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    missionId: row.missionId,
    content: row.content,
    read: row.read,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Whether two users share a mission or an application, now or before, in one world: who may see the other typing.
 * Asked at every typing mark, so the cheap test, not the whole relation. A link made before one of them was marked
 * as demo stays in the rows, and reaches no one across the boundary (platform/relations.ts checks the worlds).
 */
export const shareWork = (tx: DbOrTx, a: string, b: string) => areLinked(tx, a, b);

/** When `from` last wrote to `to`, or null: read through the pair's conversations (their index), not all of `from`'s. */
async function lastWordFrom(tx: DbOrTx, from: string, to: string): Promise<Date | null> {
  const [one, two] = from < to ? [from, to] : [to, from];
  const {
    rows: [row],
  } = await tx.execute<{ at: string | Date | null }>(sql`
    select max(m.created_at) as at from conversations c
    join messages m on m.conversation_id = c.id and m.sender_id = ${from}
    where c.user_one_id = ${one} and c.user_two_id = ${two}`);
  return row?.at ? new Date(row.at) : null;
}

/**
 * Why `sender` may not write to `receiverId` now, or null when they may (core/rules/relations.ts): only people
 * linked by a mission or an application; a driver whose link is over only answers a transporter who wrote in
 * the last 30 days; an unconfirmed address does not start a conversation. Nobody else, admins included. A member of
 * another world (demo or real) is not found: no one is reached across the boundary (platform/demo-world.ts).
 */
async function writeRefusal(
  tx: DbOrTx,
  sender: User,
  receiverId: string,
  missionId: string | null,
): Promise<AppError | null> {
  if (receiverId === sender.id) return new AppError(400, messagingMessages.self);
  if (roleOf(sender) === 'admin') return forbidden(messagingMessages.notAllowed);
  const [receiver] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, receiverId), inWorld(users.sandboxId, worldOf(sender))));
  if (!receiver) return notFound(messagingMessages.receiver);
  if (!isOpenAccount(receiver)) return forbidden(messagingMessages.closed);
  const relation = await relationBetween(tx, sender.id, receiverId, missionId);
  if (relation === 'none') return forbidden(messagingMessages.notAllowed);
  const answering = !sender.emailVerified || (relation === 'past' && roleOf(sender) === 'driver');
  const lastWord = answering ? await lastWordFrom(tx, receiverId, sender.id) : null;
  if (!sender.emailVerified && !lastWord) return emailNotVerified(emailRequiredMessages.message);
  if (relation === 'past' && roleOf(sender) === 'driver') {
    const since = Date.now() - DAYS_TOGETHER_AFTER_COMPLETION * 86_400_000;
    if (!lastWord || lastWord.getTime() < since) return forbidden(relationMessages.driverCannotWriteFirst);
  }
  return null;
}

/** Whether this message runs a mission the two share (core isMissionCoordination): then it is not limited. */
async function coordinates(tx: DbOrTx, senderId: string, receiverId: string, missionId: string | null) {
  if (!missionId) return false;
  const [mission] = await tx
    .select({
      status: missions.status,
      companyId: missions.companyId,
      driverId: missions.driverId,
      completedAt: missions.completedAt,
    })
    .from(missions)
    .where(eq(missions.id, missionId));
  return mission !== undefined && isMissionCoordination(mission, senderId, receiverId);
}

/** Advisory lock class of a limited sender's sends (the second key is the user's id hashed). */
const MESSAGE_LOCK_CLASS = 5005;

/**
 * Sends a message. On a limited plan the sender's sends take a lock in turn, so concurrent sends are counted
 * one after the other and the Freemium limit (5 a day) holds; the conversation (one per pair and mission) is
 * created on the first message and the receiver's unread count goes up.
 */
export async function sendMessage(
  db: Db,
  events: EventBus,
  sender: User,
  receiverId: string,
  input: SendMessage,
  /** Runs once committed, before the domain event's handlers (alerts): the message reaches screens first. */
  onCommitted: (message: ChatMessage) => Promise<void> = async () => undefined,
): Promise<ChatMessage> {
  const missionId = input.missionId ?? null;
  const { row, sent } = await db.transaction(async (tx) => {
    // A share lock: the plan cannot change under this send, while a user's sends do not wait for each other.
    const [fresh] = await tx.select().from(users).where(eq(users.id, sender.id)).for('share');
    // Closed meanwhile (the account deleted while this request was on its way): the session no longer stands.
    if (!isOpenAccount(fresh)) throw unauthorized();
    const refusal = await writeRefusal(tx, fresh!, receiverId, missionId);
    if (refusal) throw refusal;
    const coordination = await coordinates(tx, sender.id, receiverId, missionId);
    const limit = coordination ? null : dailyMessageLimit(fresh!.subscriptionPlan);
    if (limit !== null) {
      // Limited plan: the sender's sends are counted one after the other (the lock ends with the transaction).
      await tx.execute(sql`select pg_advisory_xact_lock(${MESSAGE_LOCK_CLASS}, hashtext(${sender.id}))`);
      if ((await messagesSentToday(tx, sender.id)) >= limit)
        throw new AppError(402, messageLimitMessage(roleOf(fresh!)));
    }

    const [one, two] = sender.id < receiverId ? [sender.id, receiverId] : [receiverId, sender.id];
    const receiverIsOne = receiverId === one;
    const now = new Date();
    const {
      rows: [conversation],
    } = await tx.execute<{ id: string }>(sql`
      insert into conversations (user_one_id, user_two_id, mission_id, unread_count_one, unread_count_two, last_message_at)
      values (${one}, ${two}, ${missionId}, ${receiverIsOne ? 1 : 0}, ${receiverIsOne ? 0 : 1}, ${now.toISOString()})
      on conflict (user_one_id, user_two_id, coalesce(mission_id, '00000000-0000-0000-0000-000000000000'::uuid))
      do update set
        unread_count_one = conversations.unread_count_one + ${receiverIsOne ? 1 : 0},
        unread_count_two = conversations.unread_count_two + ${receiverIsOne ? 0 : 1},
        last_message_at = excluded.last_message_at
      returning id`);
    const [message] = await tx
      .insert(messages)
      .values({
        conversationId: conversation!.id,
        senderId: sender.id,
        receiverId,
        missionId,
        content: input.content,
        coordination,
      })
      .returning();
    const sent = await recordDomainEvent(tx, {
      type: 'message.sent',
      messageId: message!.id,
      conversationId: conversation!.id,
      senderId: sender.id,
      senderName: sender.fullName,
      receiverId,
      missionId,
    });
    return { row: message!, sent };
  });
  const message = toChatMessage(row);
  await onCommitted(message);
  await events.publish(sent);
  return message;
}

/** The user's conversations, latest first, each with the other party, the mission, the last message and unread count. */
export async function listConversations(db: Db, user: User): Promise<Conversation[]> {
  const { rows } = await db.execute<{
    id: string;
    user_one_id: string;
    unread_count_one: number;
    unread_count_two: number;
    last_message_at: string | Date | null;
    mission_id: string | null;
    mission_title: string | null;
    other_id: string;
    other_name: string;
    other_avatar: string | null;
    other_type: string;
    other_admin: boolean;
    other_company: string | null;
    last_id: string | null;
  }>(sql`
    select c.id, c.user_one_id, c.unread_count_one, c.unread_count_two, c.last_message_at, c.mission_id,
      m.title as mission_title, o.id as other_id, o.full_name as other_name, o.avatar as other_avatar,
      o.user_type as other_type, o.is_admin as other_admin, o.company_name as other_company,
      (select x.id from messages x where x.conversation_id = c.id order by x.created_at desc, x.id desc limit 1)
        as last_id
    from conversations c
    join users o on o.id = case when c.user_one_id = ${user.id} then c.user_two_id else c.user_one_id end
    left join missions m on m.id = c.mission_id
    where c.user_one_id = ${user.id} or c.user_two_id = ${user.id}
    order by c.last_message_at desc nulls last, c.id desc
    limit 200`);
  const lastIds = rows.map((row) => row.last_id).filter((value): value is string => value !== null);
  const last = lastIds.length
    ? await db
        .select()
        .from(messages)
        .where(sql`${messages.id} in ${lastIds}`)
    : [];
  const lastById = new Map(last.map((message) => [message.id, message]));
  return rows.map((row) => ({
    id: row.id,
    otherUser: {
      id: row.other_id,
      fullName: row.other_name,
      avatar: row.other_avatar,
      role: roleOf({ userType: row.other_type, isAdmin: row.other_admin }),
      companyName: row.other_company,
    },
    mission: row.mission_id && row.mission_title ? { id: row.mission_id, title: row.mission_title } : null,
    lastMessage: row.last_id && lastById.has(row.last_id) ? toChatMessage(lastById.get(row.last_id)!) : null,
    unreadCount: row.user_one_id === user.id ? row.unread_count_one : row.unread_count_two,
    lastMessageAt: row.last_message_at ? new Date(row.last_message_at).toISOString() : null,
  }));
}

/** Whether a message to `otherId` can leave now, and why not: the thread says it before the click. */
export async function writeRights(db: Db, user: User, otherId: string, missionId: string | null) {
  const refusal = await writeRefusal(db, user, otherId, missionId);
  return { canWrite: refusal === null, reason: refusal?.message ?? null, code: refusal?.code ?? null };
}

/** The messages between the user and another, newest page first but returned oldest first. */
export async function history(
  db: Db,
  user: User,
  otherId: string,
  options: { missionId?: string | null; before?: Date; limit: number },
) {
  const between = or(
    and(eq(messages.senderId, user.id), eq(messages.receiverId, otherId)),
    and(eq(messages.senderId, otherId), eq(messages.receiverId, user.id)),
  );
  const conditions = [between];
  if (options.missionId !== undefined)
    conditions.push(
      options.missionId === null
        ? sql`${messages.missionId} is null`
        : eq(messages.missionId, options.missionId),
    );
  if (options.before) conditions.push(lt(messages.createdAt, options.before));
  const rows = await db
    .select()
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit + 1);
  return {
    items: rows.slice(0, options.limit).reverse().map(toChatMessage),
    hasMore: rows.length > options.limit,
  };
}

/** Marks as read what `otherId` sent to the user (in one mission's conversation, or all), and resets the count. */
export async function markRead(
  db: Db,
  user: User,
  otherId: string,
  missionId?: string | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [one, two] = user.id < otherId ? [user.id, otherId] : [otherId, user.id];
    const missionScope =
      missionId === undefined
        ? sql`true`
        : missionId === null
          ? sql`${conversations.missionId} is null`
          : eq(conversations.missionId, missionId);
    const pair = and(eq(conversations.userOneId, one), eq(conversations.userTwoId, two), missionScope);
    // The conversations first: a send adds its message and its +1 under this row's lock, so the messages marked
    // below (a later statement: it sees every send committed before the lock) and the count set to 0 agree.
    await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(pair)
      .orderBy(conversations.id)
      .for('update');
    const scope =
      missionId === undefined
        ? sql`true`
        : missionId === null
          ? sql`${messages.missionId} is null`
          : eq(messages.missionId, missionId);
    const updated = await tx
      .update(messages)
      .set({ read: true, readAt: new Date() })
      .where(
        and(
          eq(messages.senderId, otherId),
          eq(messages.receiverId, user.id),
          eq(messages.read, false),
          scope,
        ),
      )
      .returning({ id: messages.id });
    const mineIsOne = user.id === one;
    await tx
      .update(conversations)
      .set(mineIsOne ? { unreadCountOne: 0 } : { unreadCountTwo: 0 })
      .where(pair);
    return updated.length;
  });
}
