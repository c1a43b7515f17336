import { z } from 'zod';
import { alertSchema } from './schemas/alerts.js';
import { chatMessageSchema } from './schemas/messaging.js';

/**
 * Realtime events on /ws (docs/specification.md §3): `{ type, message?, alert?, mission? }`.
 * @public The shape of what the server sends, written as a schema; the code reads its type.
 */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new-message'), message: chatMessageSchema }),
  z.object({ type: z.literal('new-alert'), alert: alertSchema }),
  z.object({
    type: z.literal('mission-update'),
    mission: z.object({ id: z.string(), status: z.string().nullable() }),
  }),
  /** A mission's tracking changed (new points, paused, resumed): no coordinates here, the screens read them. */
  z.object({
    type: z.literal('tracking-update'),
    missionId: z.string(),
    paused: z.boolean(),
    lastPositionAt: z.string().nullable(),
  }),
  z.object({ type: z.literal('user-typing'), userId: z.string(), missionId: z.string().nullable() }),
  z.object({ type: z.literal('user-stop-typing'), userId: z.string(), missionId: z.string().nullable() }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** What a browser may send on /ws: that it is typing to someone, or stopped. */
export const clientEventSchema = z.object({
  type: z.enum(['typing', 'stop-typing']),
  to: z.uuid(),
  missionId: z.uuid().nullable().optional(),
});
export type ClientEvent = z.infer<typeof clientEventSchema>;

/** Close code for a connection without a valid session or from another origin: the client does not retry. */
export const POLICY_VIOLATION = 1008;
