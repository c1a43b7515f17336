import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { missionTemplateInputSchema, missionTemplateSchema } from '#core/schemas/recurrence.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { requireRole } from '../../platform/sessions.js';
import { createTemplate, getTemplate, listTemplates, stopTemplate, updateTemplate } from './recurring.js';
import { publishDueOccurrences } from './recurring-publisher.js';
import { idParams } from './route-params.js';

/** Recurring missions (decision 056): the series of a transporter, and the job that publishes their days. */
export function recurringRoutes(root: FastifyInstance, deps: FeatureDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, events, jobs } = deps;
  // Every quarter of an hour, once across instances; a stop is caught up at the next slot (the days still ahead).
  jobs.schedule(
    'recurring-missions',
    '*/15 * * * *',
    async (run) => {
      const published = await publishDueOccurrences(db, events, run.log);
      run.log.info({ published }, 'recurring missions');
    },
    { catchUpSeconds: 6 * 3600 },
  );

  app.get(
    '/api/mission-templates',
    {
      schema: {
        tags: ['missions'],
        summary: 'Mes missions récurrentes (transporteur)',
        response: { 200: z.array(missionTemplateSchema), ...errorResponses },
      },
    },
    async (request) => listTemplates(db, requireRole(request, 'transporter')),
  );

  app.post(
    '/api/mission-templates',
    {
      schema: {
        tags: ['missions'],
        summary: 'Créer une mission récurrente (les premières sont publiées aussitôt)',
        body: missionTemplateInputSchema,
        response: { 201: missionTemplateSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const company = requireRole(request, 'transporter');
      return reply.status(201).send(await createTemplate(db, events, request.log, company, request.body));
    },
  );

  app.get(
    '/api/mission-templates/:id',
    {
      schema: {
        tags: ['missions'],
        summary: 'Une mission récurrente',
        params: idParams,
        response: { 200: missionTemplateSchema, ...errorResponses },
      },
    },
    async (request) => getTemplate(db, requireRole(request, 'transporter'), request.params.id),
  );

  app.put(
    '/api/mission-templates/:id',
    {
      schema: {
        tags: ['missions'],
        summary: 'Modifier une mission récurrente (les missions pas encore publiées)',
        params: idParams,
        body: missionTemplateInputSchema,
        response: { 200: missionTemplateSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateTemplate(
        db,
        events,
        request.log,
        requireRole(request, 'transporter'),
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/api/mission-templates/:id/stop',
    {
      schema: {
        tags: ['missions'],
        summary: 'Arrêter une mission récurrente (les missions publiées suivent leur cours)',
        params: idParams,
        response: { 200: missionTemplateSchema, ...errorResponses },
      },
    },
    async (request) => stopTemplate(db, requireRole(request, 'transporter'), request.params.id),
  );
}
