import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { roleOf } from '#core/rules/roles.js';
import {
  analyticsExportQuerySchema,
  analyticsQuerySchema,
  analyticsSchema,
  type AnalyticsQuery,
} from '#core/schemas/analytics.js';
import type { Db } from '../../db/client.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError, errorResponses, forbidden } from '../../platform/errors.js';
import { guards, requireUser } from '../../platform/sessions.js';
import { driverAnalytics } from './driver-figures.js';
import { analyticsCsv } from './export.js';
import { periodFrom } from './period.js';
import { transporterAnalytics } from './transporter-figures.js';
import { textAnswer } from '../../platform/openapi.js';

const ADMIN_REFUSED = 'Les statistiques concernent les chauffeurs et les transporteurs';
const TRANSPORTERS_TABLE_FOR_DRIVERS =
  'Le tableau des transporteurs concerne les chauffeurs : choisissez les indicateurs ou l’évolution';

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
        summary:
          'Exporter un tableau de mes statistiques de la période en CSV (indicateurs, évolution ou transporteurs)',
        querystring: analyticsExportQuerySchema,
        response: { 200: textAnswer('text/csv', 'Le tableau choisi (CSV, séparateur point-virgule)') },
      },
    },
    async (request, reply) => {
      const { table, ...query } = request.query;
      const data = await analyticsFor(db, request, query);
      if (table === 'transporteurs' && data.role !== 'driver')
        throw new AppError(400, TRANSPORTERS_TABLE_FOR_DRIVERS, { table: TRANSPORTERS_TABLE_FOR_DRIVERS });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="statistiques-relais-${table}-${data.period.from}-${data.period.to}.csv"`,
        )
        .send(analyticsCsv(data, table));
    },
  );
}
