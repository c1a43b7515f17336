import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  beforeSchema,
  chatMessageSchema,
  conversationSchema,
  messagePageSchema,
  sendMessageSchema,
  writeRightsSchema,
} from '#core/schemas/messaging.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { guards, requireUser } from '../../platform/sessions.js';
import { sendJsonText } from '../../platform/json-text.js';
import { conversationListJson } from './conversation-list.js';
import { history, markRead, sendMessage, shareWork, writeRights } from './service.js';

const userParams = z.object({ userId: z.uuid({ error: 'Destinataire invalide' }) });
const missionFilter = z
  .string()
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'none' ? null : value))
  .pipe(z.uuid({ error: 'Mission invalide' }).nullable().optional());

export async function messagingRoutes(
  root: FastifyInstance,
  { db, events, realtime }: FeatureDeps,
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  // "Is typing…" goes only to someone the user may write to.
  realtime.onClientEvent(async (from, event) => {
    if (event.to === from.id || !(await shareWork(db, from.id, event.to))) return;
    await realtime.deliver([event.to], {
      type: event.type === 'typing' ? 'user-typing' : 'user-stop-typing',
      userId: from.id,
      missionId: event.missionId ?? null,
    });
  });

  app.get(
    '/api/conversations',
    {
      onRequest: guards.user,
      schema: {
        tags: ['messages'],
        summary: 'Mes conversations (autre personne, mission, dernier message, non lus)',
        response: { 200: z.array(conversationSchema) },
      },
    },
    async (request, reply) => sendJsonText(reply, await conversationListJson(db, requireUser(request).id)),
  );

  app.get(
    '/api/messages/:userId',
    {
      onRequest: guards.user,
      schema: {
        tags: ['messages'],
        summary: 'Historique avec une personne (du plus ancien au plus récent, par pages)',
        params: userParams,
        querystring: z.object({
          missionId: missionFilter,
          before: beforeSchema.optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: messagePageSchema, ...errorResponses },
      },
    },
    async (request) =>
      history(db, requireUser(request), request.params.userId, {
        missionId: request.query.missionId,
        before: request.query.before,
        limit: request.query.limit,
      }),
  );

  app.get(
    '/api/messages/:userId/rights',
    {
      onRequest: guards.user,
      schema: {
        tags: ['messages'],
        summary: 'Puis-je écrire à cette personne maintenant ? (sinon, pourquoi)',
        params: userParams,
        querystring: z.object({ missionId: missionFilter }),
        response: { 200: writeRightsSchema, ...errorResponses },
      },
    },
    async (request) =>
      writeRights(db, requireUser(request), request.params.userId, request.query.missionId ?? null),
  );

  app.post(
    '/api/messages/:userId',
    {
      onRequest: guards.user,
      schema: {
        tags: ['messages'],
        summary: 'Envoyer un message',
        params: userParams,
        body: sendMessageSchema,
        response: { 201: chatMessageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const sender = requireUser(request);
      // The receiver's screens, and the sender's other tabs and devices, as soon as it is committed.
      const message = await sendMessage(db, events, sender, request.params.userId, request.body, (sent) =>
        realtime.deliver([sent.receiverId, sender.id], { type: 'new-message', message: sent }),
      );
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/api/messages/:userId/read',
    {
      onRequest: guards.user,
      schema: {
        tags: ['messages'],
        summary: 'Marquer comme lus les messages reçus de cette personne',
        params: userParams,
        querystring: z.object({ missionId: missionFilter }),
        response: { 200: z.object({ read: z.number() }) },
      },
    },
    async (request) => ({
      read: await markRead(db, requireUser(request), request.params.userId, request.query.missionId),
    }),
  );
}
