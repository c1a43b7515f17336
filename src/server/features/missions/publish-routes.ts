import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { missionDetailSchema, missionInputSchema } from '#core/schemas/missions.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { requireRole } from '../../platform/sessions.js';
import { getMissionDetail } from './detail.js';
import { createMission, updateMission } from './publish.js';
import { idParams } from './route-params.js';

/** Publishing a mission, reading its detail and editing it. */
export function publishRoutes(root: FastifyInstance, deps: FeatureDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, events } = deps;

  app.post(
    '/api/missions',
    {
      schema: {
        tags: ['missions'],
        summary: 'Publier une mission',
        body: missionInputSchema,
        response: { 201: missionDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const company = requireRole(request, 'transporter');
      return reply.status(201).send(await createMission(db, events, company, request.body));
    },
  );

  app.get(
    '/api/missions/:id',
    {
      schema: {
        security: [],
        tags: ['missions'],
        summary: 'Détail d’une mission',
        params: idParams,
        response: { 200: missionDetailSchema },
      },
    },
    async (request) => getMissionDetail(db, { user: request.user ?? null }, request.params.id),
  );

  app.put(
    '/api/missions/:id',
    {
      schema: {
        tags: ['missions'],
        summary: 'Modifier une mission (tant qu’aucun chauffeur n’est retenu)',
        params: idParams,
        body: missionInputSchema,
        response: { 200: missionDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateMission(db, events, requireRole(request, 'transporter'), request.params.id, request.body),
  );
}
