import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { roleOf } from '#core/rules/roles.js';
import { analyticsQuerySchema, analyticsSchema, type AnalyticsQuery } from '#core/schemas/analytics.js';
import type { Db } from '../../db/client.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses, forbidden } from '../../platform/errors.js';
import { guards, requireUser } from '../../platform/sessions.js';
import { driverAnalytics } from './driver-figures.js';
import { analyticsCsv } from './export.js';
import { periodFrom } from './period.js';
import { transporterAnalytics } from './transporter-figures.js';

const ADMIN_REFUSED = 'Les statistiques concernent les chauffeurs et les transporteurs';

/** The signed-in driver's or transporter's own figures for the period asked (an administrator has none). */
async function analyticsFor(db: Db, request: FastifyRequest, query: AnalyticsQuery) {
  const user = requireUser(request);
  const role = roleOf(user);
  if (role === 'admin') throw forbidden(ADMIN_REFUSED);
  const period = periodFrom(query);
  return role === 'driver' ? driverAnalytics(db, user, period) : transporterAnalytics(db, user, period);
}

/** Analytics Avancés (decision 020): a member's own figures over a period, against the previous one, and as CSV. */
export async function analyticsRoutes(root: FastifyInstance, { db }: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: guards.user };

  app.get(
    '/api/analytics',
    {
      ...signedIn,
      schema: {
        tags: ['analytics'],
        summary:
          'Mes statistiques sur une période, comparées à la période précédente (chauffeur ou transporteur)',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema, ...errorResponses },
      },
    },
    async (request) => analyticsFor(db, request, request.query),
  );

  app.get(
    '/api/analytics/export.csv',
    {
      ...signedIn,
      schema: {
        tags: ['analytics'],
        summary: 'Exporter mes statistiques de la période en CSV',
        querystring: analyticsQuerySchema,
      },
    },
    async (request, reply) => {
      const data = await analyticsFor(db, request, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="statistiques-relais-${data.period.from}-${data.period.to}.csv"`,
        )
        .send(analyticsCsv(data));
    },
  );
}
