import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { engagementSchema, signSchema, waiveSchema } from '#core/schemas/engagements.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { guards, requireUser } from '../../platform/sessions.js';
import { sendPrivateFile } from '../../platform/storage.js';
import {
  engagementFile,
  engagementFor,
  ensureEngagement,
  signEngagement,
  waiveSignatures,
} from './service.js';
import { fileAnswer } from '../../platform/openapi.js';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/** The mission's engagement document: made when the driver is chosen, read and signed by the two parties. */
export async function engagementRoutes(
  root: FastifyInstance,
  { db, storage, events }: FeatureDeps,
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  events.subscribe(async (event) => {
    if (event.type === 'application.accepted') await ensureEngagement(db, storage, event.missionId);
  });

  app.get(
    '/api/missions/:id/engagement',
    {
      onRequest: guards.user,
      schema: {
        tags: ['missions'],
        summary:
          'Document d’engagement de la mission (contrat court ou ordre de transport) et ses signatures',
        params: idParams,
        response: { 200: engagementSchema, ...errorResponses },
      },
    },
    async (request) => engagementFor(db, storage, requireUser(request), request.params.id),
  );

  app.get(
    '/api/missions/:id/engagement/file',
    {
      onRequest: guards.user,
      schema: {
        tags: ['missions'],
        summary: 'L’engagement de la mission (PDF ; signé par les deux parties, sa copie signée)',
        params: idParams,
        response: { 200: fileAnswer('application/pdf', 'L’engagement en PDF') },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await engagementFile(db, storage, requireUser(request), request.params.id);
      return sendPrivateFile(reply, { bytes, type: 'application/pdf', fileName });
    },
  );

  app.get(
    '/api/missions/:id/engagement/original',
    {
      onRequest: guards.user,
      schema: {
        tags: ['missions'],
        summary:
          'L’engagement tel qu’il était avant les signatures (PDF dont la copie signée donne le SHA-256)',
        params: idParams,
        response: { 200: fileAnswer('application/pdf', 'L’original, avant signatures') },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await engagementFile(
        db,
        storage,
        requireUser(request),
        request.params.id,
        'original',
      );
      return sendPrivateFile(reply, { bytes, type: 'application/pdf', fileName });
    },
  );

  app.post(
    '/api/missions/:id/engagement/sign',
    {
      onRequest: guards.user,
      schema: {
        tags: ['missions'],
        summary: 'Signer le document d’engagement (nom tapé et consentement)',
        params: idParams,
        body: signSchema,
        response: { 200: engagementSchema, ...errorResponses },
      },
    },
    async (request) =>
      signEngagement(
        db,
        storage,
        requireUser(request),
        request.params.id,
        request.body.typedName,
        request.ip,
      ),
  );

  app.post(
    '/api/missions/:id/engagement/waive',
    {
      onRequest: guards.user,
      schema: {
        tags: ['missions'],
        summary: 'Démarrer sans signatures (transporteur, raison écrite)',
        params: idParams,
        body: waiveSchema,
        response: { 200: engagementSchema, ...errorResponses },
      },
    },
    async (request) =>
      waiveSignatures(db, storage, requireUser(request), request.params.id, request.body.reason),
  );
}
