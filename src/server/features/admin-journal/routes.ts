import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminLogFacetsSchema,
  adminLogPageSchema,
  adminLogsQuerySchema,
} from '#core/schemas/site-settings.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { guards } from '../../platform/sessions.js';
import { adminLogFacets, listAdminLogs } from './logs.js';

/** A target typed by hand (or pasted) with a control character can match nothing, and PostgreSQL text refuses
 * NUL outright (a 500 otherwise): refused like any other malformed filter. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;
const logsQuerySchema = adminLogsQuerySchema.refine(
  (query) => query.targetId === undefined || !CONTROL.test(query.targetId),
  { path: ['targetId'], message: 'Cible invalide' },
);

/** « Journal » of the back office: every administrator's action, as platform/admin-log.ts recorded it. */
export async function adminJournalRoutes(root: FastifyInstance, { db }: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/logs',
    {
      onRequest: guards.role('admin'),
      schema: {
        tags: ['admin'],
        summary:
          'Journal d’administration, le plus récent d’abord, filtré (administrateur, action, cible, dates)',
        querystring: logsQuerySchema,
        response: { 200: adminLogPageSchema, ...errorResponses },
      },
    },
    async (request) => listAdminLogs(db, request.query),
  );

  app.get(
    '/api/admin/logs/facets',
    {
      onRequest: guards.role('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Ce que proposent les filtres du journal : actions, types de cible, administrateurs',
        response: { 200: adminLogFacetsSchema, ...errorResponses },
      },
    },
    async () => adminLogFacets(db),
  );
}
