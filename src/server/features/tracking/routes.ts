import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeTrackingSchema,
  missionTrackingSchema,
  positionsBatchSchema,
  positionsResultSchema,
  trackingStateSchema,
  trackingViewSchema,
} from '#core/schemas/tracking.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { guards, requireUser } from '../../platform/sessions.js';
import { setPaused } from './pause.js';
import { recordPositions } from './positions.js';
import { purgePositions } from './purge.js';
import { activeTracking, missionTrackingFor } from './read.js';
import { listViews } from './views.js';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/**
 * Live tracking of missions in progress (decision 019): the driver's phone sends its points in batches, the
 * transporter follows on a map; pause, the log of who looked, and the purge 30 days after the end.
 */
export async function trackingRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, jobs } = deps;

  // Each night, the positions of trips ended 30 days ago are reduced to their summary.
  jobs.schedule(
    'tracking-purge',
    '30 3 * * *',
    async (run) => {
      const purged = await purgePositions(db, run.slot);
      run.log.info({ purged }, 'tracking positions purged');
    },
    { catchUpSeconds: 6 * 3600 },
  );

  app.post(
    '/api/missions/:id/positions',
    {
      onRequest: guards.user,
      // A few hundred points of a hundred-odd bytes each.
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['tracking'],
        summary: 'Envoyer des positions (chauffeur de la mission, pendant la mission ; stockées une fois)',
        params: idParams,
        body: positionsBatchSchema,
        response: { 200: positionsResultSchema, ...errorResponses },
      },
    },
    async (request) => recordPositions(deps, requireUser(request), request.params.id, request.body),
  );

  for (const action of ['pause', 'resume'] as const)
    app.post(
      `/api/missions/:id/tracking/${action}`,
      {
        onRequest: guards.user,
        schema: {
          tags: ['tracking'],
          summary:
            action === 'pause'
              ? 'Mettre le partage de position en pause'
              : 'Reprendre le partage de position',
          params: idParams,
          response: { 200: trackingStateSchema, ...errorResponses },
        },
      },
      async (request) => setPaused(deps, requireUser(request), request.params.id, action === 'pause'),
    );

  app.get(
    '/api/missions/:id/tracking',
    {
      onRequest: guards.user,
      schema: {
        tags: ['tracking'],
        summary: 'Suivi de la mission : trajet, dernière position, estimation d’arrivée (parties et admins)',
        params: idParams,
        querystring: z.object({
          // 'status': paused, last seen and late only, no position (not a look, not logged): the mission page.
          view: z.enum(['map', 'status'], { error: 'Vue inconnue' }).default('map'),
        }),
        response: { 200: missionTrackingSchema, ...errorResponses },
      },
    },
    async (request) =>
      missionTrackingFor(db, requireUser(request), request.params.id, request.query.view === 'status'),
  );

  app.get(
    '/api/missions/:id/tracking/views',
    {
      onRequest: guards.user,
      schema: {
        tags: ['tracking'],
        summary: 'Qui a consulté les positions de la mission (chauffeur et admins)',
        params: idParams,
        response: { 200: z.array(trackingViewSchema), ...errorResponses },
      },
    },
    async (request) => listViews(db, requireUser(request), request.params.id),
  );

  app.get(
    '/api/tracking/active',
    {
      onRequest: guards.user,
      schema: {
        tags: ['tracking'],
        summary: 'Mes missions en cours et leur position (transporteur), les retards d’abord',
        response: { 200: z.array(activeTrackingSchema), ...errorResponses },
      },
    },
    async (request) => activeTracking(db, requireUser(request)),
  );
}
