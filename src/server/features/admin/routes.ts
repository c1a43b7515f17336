import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSetupSchema } from '#core/schemas/auth.js';
import { signInAnswerSchema } from '#core/schemas/admin.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { toPublicUser } from '../../platform/public-user.js';
import { addressKey, enforceRates } from '../../platform/rate-limit.js';
import { adminExists, createFirstAdmin } from './service.js';
import { refusals } from '../../platform/openapi.js';

export async function adminRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, config } = deps;

  app.get(
    '/api/admin/setup',
    {
      schema: {
        security: [],
        tags: ['admin'],
        summary: 'La configuration initiale est-elle encore ouverte ?',
        response: { 200: z.object({ setupRequired: z.boolean() }) },
      },
    },
    async () => ({ setupRequired: !(await adminExists(db)) }),
  );

  app.post(
    '/api/admin/setup',
    {
      schema: {
        security: [],
        tags: ['admin'],
        summary: 'Créer le premier administrateur (une seule fois)',
        body: adminSetupSchema,
        response: { 201: signInAnswerSchema, ...refusals(429) },
      },
    },
    async (request, reply) => {
      await enforceRates(db, [
        { key: `admin-setup:ip:${addressKey(request.ip)}`, rule: config.rateLimits.adminSetupPerIp },
      ]);
      const admin = await createFirstAdmin(db, request.body, request.ip);
      await sessions.close(request, reply);
      // Signed in once the second factor is enrolled: the session waits for it (10 minutes).
      await sessions.open(db, reply, request, admin.id);
      return reply.status(201).send({ ...toPublicUser(admin), secondFactor: 'enrol' as const });
    },
  );
}
