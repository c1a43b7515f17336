import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptApplicationSchema, applicationSchema, applySchema } from '#core/schemas/missions.js';
import { messageSchema } from '#core/schemas/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { requireRole } from '../../platform/sessions.js';
import {
  applicationQuota,
  applyToMission,
  decideApplication,
  myApplications,
  withdrawApplication,
} from './applications.js';
import { idParams } from './route-params.js';

/** Applications: applying, my applications and quota, withdrawing, and the company's decision. */
export function applicationRoutes(root: FastifyInstance, deps: FeatureDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, events } = deps;

  app.post(
    '/api/missions/:id/apply',
    {
      schema: {
        tags: ['applications'],
        summary: 'Postuler à une mission',
        params: idParams,
        body: applySchema.nullish(),
        response: { 201: applicationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const driver = requireRole(request, 'driver');
      const application = await applyToMission(
        db,
        events,
        driver,
        request.params.id,
        request.body?.message ?? '',
        request.body?.confirmUnavailable ?? false,
      );
      return reply.status(201).send(application);
    },
  );

  app.get(
    '/api/applications/mine',
    {
      schema: {
        tags: ['applications'],
        summary: 'Mes candidatures et mon quota du mois',
        response: {
          200: z.object({
            items: z.array(applicationSchema),
            quota: z.object({ used: z.number(), limit: z.number().nullable(), left: z.number().nullable() }),
          }),
        },
      },
    },
    async (request) => {
      const driver = requireRole(request, 'driver');
      const [items, quota] = await Promise.all([myApplications(db, driver), applicationQuota(db, driver)]);
      return { items, quota };
    },
  );

  for (const action of ['withdraw', 'accept', 'reject'] as const) {
    app.post(
      `/api/applications/:id/${action}`,
      {
        schema: {
          tags: ['applications'],
          summary:
            action === 'withdraw'
              ? 'Retirer ma candidature'
              : action === 'accept'
                ? 'Retenir ce chauffeur'
                : 'Refuser cette candidature',
          params: idParams,
          ...(action === 'accept' ? { body: acceptApplicationSchema } : {}),
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request) => {
        if (action === 'withdraw') {
          await withdrawApplication(db, events, requireRole(request, 'driver'), request.params.id);
          return { message: 'Candidature retirée' };
        }
        const company = requireRole(request, 'transporter');
        const overrideReason =
          action === 'accept'
            ? ((request.body as { overrideReason?: string | null } | undefined)?.overrideReason ?? null)
            : null;
        await decideApplication(db, events, company, request.params.id, action, overrideReason);
        return { message: action === 'accept' ? 'Chauffeur retenu' : 'Candidature refusée' };
      },
    );
  }
}
