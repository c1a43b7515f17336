import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOverviewSchema } from '#core/schemas/admin-overview.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { guards } from '../../platform/sessions.js';
import { adminOverview } from './figures.js';

/** The back office's home (decision 021): the day's figures, their trends and what waits for the team. */
export async function adminOverviewRoutes(root: FastifyInstance, { db, config }: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/overview',
    {
      onRequest: guards.role('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Chiffres du jour et tendances (7 et 30 jours), ce qui attend l’équipe',
        response: { 200: adminOverviewSchema, ...errorResponses },
      },
    },
    async () => adminOverview(db, config.sms !== null),
  );
}
