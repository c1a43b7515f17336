import type { Db } from '../../db/client.js';
import { isoText, jsonText, roleText } from '../../db/json-sql.js';

/**
 * GET /api/conversations, polled every 30 s by every open app (its unread counts badge the menu): the user's 200
 * most recent conversations, each with the other person, the mission, the last message and the reader's own unread
 * count. One prepared statement answers the JSON itself (db/json-sql.ts): the last message is read beside each
 * conversation (its index, newest first), not by a second round trip. The answer is the one listConversations
 * (service.ts) gives for the same rows, field for field; the tests compare the two.
 */
const CONVERSATION_LIST = `
  with page as (
    select c.id, c.user_one_id, c.unread_count_one, c.unread_count_two, c.last_message_at, c.mission_id,
      m.title as mission_title, o.id as other_id, o.full_name as other_name, o.avatar as other_avatar,
      ${roleText('o')} as other_role, o.company_name as other_company
    from conversations c
    join users o on o.id = case when c.user_one_id = $1 then c.user_two_id else c.user_one_id end
    left join missions m on m.id = c.mission_id
    where c.user_one_id = $1 or c.user_two_id = $1
    order by c.last_message_at desc nulls last, c.id desc
    limit 200
  )
  select coalesce(json_agg(json_build_object(
    'id', p.id,
    'otherUser', json_build_object('id', p.other_id, 'fullName', p.other_name, 'avatar', p.other_avatar,
      'role', p.other_role, 'companyName', p.other_company),
    'mission', case when p.mission_id is not null and p.mission_title is not null
      then json_build_object('id', p.mission_id, 'title', p.mission_title) end,
    'lastMessage', case when x.id is not null then json_build_object('id', x.id, 'conversationId', x.conversation_id,
      'senderId', x.sender_id, 'receiverId', x.receiver_id, 'missionId', x.mission_id, 'content', x.content,
      'read', x.read, 'readAt', ${isoText('x.read_at')}, 'createdAt', ${isoText('x.created_at')}) end,
    'unreadCount', case when p.user_one_id = $1 then p.unread_count_one else p.unread_count_two end,
    'lastMessageAt', ${isoText('p.last_message_at')}
  ) order by p.last_message_at desc nulls last, p.id desc), '[]')::text as body
  from page p
  left join lateral (
    select * from messages x where x.conversation_id = p.id order by x.created_at desc, x.id desc limit 1
  ) x on true`;

/** The user's conversations as the JSON of GET /api/conversations. */
export function conversationListJson(db: Db, userId: string): Promise<string> {
  return jsonText(db, 'conversation-list', CONVERSATION_LIST, [userId]);
}
