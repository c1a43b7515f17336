import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badgeAwardSchema, memberBadgesSchema, myBadgesSchema } from '#core/schemas/badges.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { guards, requireRole } from '../../platform/sessions.js';
import { setEcoDriver } from './awards.js';
import { registerBadgeJobs } from './jobs.js';
import { memberBadges, myBadges } from './read.js';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/** Badges: recomputed when their inputs change, eco_driver awarded by admins (core/rules/badges.ts). */
export async function badgeRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, events } = deps;
  registerBadgeJobs(deps);

  app.get(
    '/api/users/:id/badges',
    {
      schema: {
        security: [],
        tags: ['badges'],
        summary: 'Badges d’un membre (visibles comme son profil ; les badges concernent les chauffeurs)',
        params: idParams,
        response: { 200: memberBadgesSchema, ...errorResponses },
      },
    },
    async (request) => memberBadges(db, request.user ?? null, request.params.id),
  );

  app.get(
    '/api/badges/mine',
    {
      schema: {
        tags: ['badges'],
        summary: 'Mes badges et où j’en suis pour chacun (chauffeur)',
        response: { 200: myBadgesSchema, ...errorResponses },
      },
    },
    async (request) => myBadges(db, requireRole(request, 'driver')),
  );

  const common = { tags: ['admin'], params: idParams, body: badgeAwardSchema };
  // The role first (onRequest): nobody else has their body read.
  app.post(
    '/api/admin/users/:id/badges/eco_driver',
    {
      onRequest: guards.role('admin'),
      schema: {
        ...common,
        summary: 'Attribuer le badge Éco-conduite à un chauffeur (avec la raison)',
        response: { 201: memberBadgesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const { id } = request.params;
      const result = await setEcoDriver(db, events, admin, id, true, request.body.reason, request.ip);
      return reply.code(201).send(result);
    },
  );
  app.delete(
    '/api/admin/users/:id/badges/eco_driver',
    {
      onRequest: guards.role('admin'),
      schema: {
        ...common,
        summary: 'Retirer le badge Éco-conduite d’un chauffeur (avec la raison)',
        response: { 200: memberBadgesSchema, ...errorResponses },
      },
    },
    async (request) =>
      setEcoDriver(
        db,
        events,
        requireRole(request, 'admin'),
        request.params.id,
        false,
        request.body.reason,
        request.ip,
      ),
  );
}
