import { z } from 'zod';
import { dateSchema } from './dates.js';
import { requiredText } from './text.js';

export const MESSAGE_MAX = 2000;

export const messagingMessages = {
  empty: 'Le message ne peut pas être vide',
  tooLong: `Le message ne doit pas dépasser ${MESSAGE_MAX} caractères`,
  receiver: 'Destinataire invalide',
  notAllowed:
    'Vous pouvez écrire uniquement aux personnes avec qui vous partagez une mission ou une candidature',
  self: 'Vous ne pouvez pas vous écrire à vous-même',
  closed: 'Ce compte n’est plus actif : vos messages restent lisibles, mais il ne peut plus en recevoir.',
} as const;

export const sendMessageSchema = z.object({
  content: requiredText(messagingMessages.empty, {
    max: MESSAGE_MAX,
    tooLong: messagingMessages.tooLong,
    multiline: true,
  }),
  missionId: z.uuid({ error: 'Mission invalide' }).nullable().optional(),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  missionId: z.string().nullable(),
  content: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  otherUser: z.object({
    id: z.string(),
    fullName: z.string(),
    avatar: z.string().nullable(),
    role: z.enum(['driver', 'transporter', 'admin']),
    companyName: z.string().nullable(),
  }),
  mission: z.object({ id: z.string(), title: z.string() }).nullable(),
  lastMessage: chatMessageSchema.nullable(),
  unreadCount: z.number(),
  lastMessageAt: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** `before` of the history pages: an instant between 2000 and 2100. */
export const beforeSchema = dateSchema({ invalid: 'Date invalide' });

export const messagePageSchema = z.object({
  /** Oldest first; `before` (an ISO time) asks for the page before the oldest one shown. */
  items: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});

/** GET /api/messages/{userId}/rights: whether a message can be sent now; why not, and the refusal's code. */
export const writeRightsSchema = z.object({
  canWrite: z.boolean(),
  reason: z.string().nullable(),
  code: z.string().nullable(),
});
export type WriteRights = z.infer<typeof writeRightsSchema>;
export type MessagePage = z.infer<typeof messagePageSchema>;

/** Where a conversation opens in the app: one per person and mission ("none" for no mission). */
export function conversationPath(otherUserId: string, missionId: string | null): string {
  return `/messages?avec=${encodeURIComponent(otherUserId)}&mission=${encodeURIComponent(missionId ?? 'none')}`;
}
