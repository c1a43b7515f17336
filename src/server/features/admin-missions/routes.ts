import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCancelMissionSchema,
  adminMissionDetailSchema,
  adminMissionListSchema,
  adminMissionMessages,
  adminMissionsQuerySchema,
} from '#core/schemas/admin-missions.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { guards, requireRecentPassword, requireRole } from '../../platform/sessions.js';
import { cancelMissionAsTeam } from './cancel.js';
import { adminMissionDetail } from './detail.js';
import { searchMissions } from './search.js';

const idParam = z.object({ id: z.uuid({ error: adminMissionMessages.badId }) });

/** The back office's missions (decision 021): search, one mission's file and timeline, cancellation by the team. */
export async function adminMissionRoutes(root: FastifyInstance, { db, events }: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.role('admin') };

  app.get(
    '/api/admin/missions',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Rechercher les missions (texte, statut, période, transporteur, chauffeur, urgence)',
        querystring: adminMissionsQuerySchema,
        response: { 200: adminMissionListSchema, ...errorResponses },
      },
    },
    async (request) => searchMissions(db, request.query),
  );

  app.get(
    '/api/admin/missions/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Une mission : détails, parties, candidatures, paiements et historique complet',
        params: idParam,
        response: { 200: adminMissionDetailSchema, ...errorResponses },
      },
    },
    async (request) => adminMissionDetail(db, request.params.id),
  );

  app.post(
    '/api/admin/missions/:id/cancel',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Annuler une mission (frauduleuse) avec un motif : les parties sont prévenues',
        params: idParam,
        body: adminCancelMissionSchema,
        response: { 200: adminMissionDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, 'admin');
      requireRecentPassword(request);
      const event = await cancelMissionAsTeam(db, user, request.params.id, request.body, request.ip);
      // After the commit: the company, the driver and the applicants get their alert (e-mail, push).
      await events.publish(event);
      return adminMissionDetail(db, request.params.id);
    },
  );
}
