import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardStatsSchema } from '#core/schemas/dashboard.js';
import { sendJsonText } from '../../platform/json-text.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { requireRole } from '../../platform/sessions.js';
import { dashboardStatsJson } from './service.js';

export async function dashboardRoutes(root: FastifyInstance, { db }: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/dashboard/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Chiffres du tableau de bord et activité récente',
        response: { 200: dashboardStatsSchema },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await dashboardStatsJson(db, requireRole(request, 'driver', 'transporter'))),
  );
}
