import { isMissionCoordination } from '#core/rules/plans.js';
import type { Mission } from './missions.js';
import { statusAt } from './missions.js';
import { alert } from './alerts.js';
import { earliest, latest, MINUTE, plus, type Account, type World } from './world.js';

/**
 * Conversations with history (messaging feature): one per pair of people and mission, the pair stored in order
 * (userOneId < userTwoId), each side's unread count what its unread messages add up to, `coordination` as the
 * sending saw it (core isMissionCoordination, with the mission's status at that moment), and the visitor's
 * "Nouveau message" alert for a conversation with unread messages (one per conversation, as the burst rule keeps).
 */
export interface Line {
  /** Who writes: the visitor's side ("me") or the other person ("them"). */
  by: 'me' | 'them';
  at: Date;
  text: string;
}

/**
 * A conversation between the visitor and `other` about `mission`; the last `unread` messages the other person
 * sent are still unread by the visitor (everything else has been read, a few minutes after it arrived).
 */
export function conversation(
  w: World,
  other: Account,
  mission: Mission | null,
  lines: Line[],
  unread = 0,
): void {
  const me = w.visitor;
  const id = w.id();
  const sorted = [...lines].sort((a, b) => a.at.getTime() - b.at.getTime());
  const toMe = sorted.filter((line) => line.by === 'them');
  const unreadLines = new Set(toMe.slice(toMe.length - unread));
  if (unread > 0 && sorted.slice(-unread).some((line) => line.by === 'me'))
    throw new Error('demo seed: unread messages must be the last ones');
  sorted.forEach((line, index) => {
    const sender = line.by === 'me' ? me : other;
    const receiver = line.by === 'me' ? other : me;
    const next = sorted[index + 1]?.at;
    const readAt = unreadLines.has(line)
      ? null
      : earliest(
          next ?? plus(line.at, w.between(3, 25) * MINUTE),
          plus(line.at, w.between(2, 20) * MINUTE),
          w.at(-MINUTE),
        );
    w.rows.messages.push({
      id: w.id(),
      conversationId: id,
      senderId: sender.id,
      receiverId: receiver.id,
      missionId: mission?.row.id ?? null,
      content: line.text,
      coordination:
        mission !== null &&
        isMissionCoordination(
          {
            status: statusAt(mission.row, line.at),
            companyId: mission.row.companyId,
            driverId: mission.row.driverId ?? null,
            completedAt: mission.row.completedAt ?? null,
          },
          sender.id,
          receiver.id,
          line.at,
        ),
      read: readAt !== null,
      readAt: readAt ? latest(readAt, line.at) : null,
      createdAt: line.at,
    });
  });
  const meIsOne = me.id < other.id;
  w.rows.conversations.push({
    id,
    userOneId: meIsOne ? me.id : other.id,
    userTwoId: meIsOne ? other.id : me.id,
    missionId: mission?.row.id ?? null,
    unreadCountOne: meIsOne ? unread : 0,
    unreadCountTwo: meIsOne ? 0 : unread,
    lastMessageAt: sorted.at(-1)!.at,
    createdAt: sorted[0]!.at,
  });
  const first = sorted.find((line) => unreadLines.has(line));
  if (first) {
    const message = w.rows.messages.find((row) => row.conversationId === id && row.createdAt === first.at)!;
    alert(
      w,
      {
        type: 'message.sent',
        messageId: message.id!,
        conversationId: id,
        senderId: other.id,
        senderName: other.fullName,
        receiverId: me.id,
        missionId: mission?.row.id ?? null,
      },
      first.at,
      false,
    );
  }
}

/** A time `minutes` after another (the lines of a conversation are written this way). */
export const after = (at: Date, minutes: number) => plus(at, minutes * MINUTE);
