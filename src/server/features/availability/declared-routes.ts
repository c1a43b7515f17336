import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  declaredDayParamsSchema,
  declaredDaySchema,
  declaredDrivingInputSchema,
  declaredDrivingListSchema,
} from '#core/schemas/declared-driving.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { guards, requireRole } from '../../platform/sessions.js';
import { clearDeclared, listDeclared, setDeclared } from './declared-driving.js';

const tags = ['availability'];

/** « Conduite hors Relais » (decision 053): the driver's own days, read and written by them alone. */
export function declaredDrivingRoutes(root: FastifyInstance, deps: FeatureDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const driverOnly = { onRequest: guards.role('driver') };

  app.get(
    '/api/availability/driving',
    {
      ...driverOnly,
      schema: {
        tags,
        summary: 'Ma conduite hors Relais, jour par jour (aujourd’hui et les 28 jours précédents)',
        response: { 200: declaredDrivingListSchema, ...errorResponses },
      },
    },
    async (request) => listDeclared(db, requireRole(request, 'driver')),
  );

  app.put(
    '/api/availability/driving/:date',
    {
      ...driverOnly,
      schema: {
        tags,
        summary: 'Déclarer la conduite faite hors Relais un jour passé (0 à 15 h)',
        params: declaredDayParamsSchema,
        body: declaredDrivingInputSchema,
        response: { 200: declaredDaySchema, ...errorResponses },
      },
    },
    async (request) => setDeclared(db, requireRole(request, 'driver'), request.params.date, request.body),
  );

  app.delete(
    '/api/availability/driving/:date',
    {
      ...driverOnly,
      schema: {
        tags,
        summary: 'Effacer la conduite hors Relais déclarée un jour',
        params: declaredDayParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await clearDeclared(db, requireRole(request, 'driver'), request.params.date);
      return reply.code(204).send(null);
    },
  );
}
