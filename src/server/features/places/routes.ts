import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  communeSuggestionSchema,
  locatedSchema,
  locateQuerySchema,
  placeQuerySchema,
} from '#core/schemas/places.js';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { locateAddress, suggestCommunes } from '../../platform/places.js';
import { addressKey, enforceRates } from '../../platform/rate-limit.js';
import { guards } from '../../platform/sessions.js';
import { refusals } from '../../platform/openapi.js';

/** French communes: suggestions for city fields (anyone, /explorer included) and where an address will be placed. */
export async function placeRoutes(root: FastifyInstance, { db, config }: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/places',
    {
      schema: {
        security: [],
        tags: ['places'],
        summary: 'Communes françaises par nom ou code postal (suggestions)',
        querystring: placeQuerySchema,
        response: { 200: z.array(communeSuggestionSchema), ...errorResponses, ...refusals(429) },
      },
    },
    async (request) => {
      await enforceRates(db, [
        { key: `places:ip:${addressKey(request.ip)}`, rule: config.rateLimits.placesPerIp },
      ]);
      return suggestCommunes(request.query.q);
    },
  );

  app.get(
    '/api/places/locate',
    {
      onRequest: guards.user,
      schema: {
        tags: ['places'],
        summary:
          'Où une adresse sera placée (commune, précision), les communes homonymes entre lesquelles choisir, ou null si rien ne la situe',
        querystring: locateQuerySchema,
        response: { 200: locatedSchema.nullable(), ...errorResponses },
      },
    },
    async (request) => locateAddress(request.query.address),
  );
}
