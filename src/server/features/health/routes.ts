import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/deps.js';

export async function healthRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const health = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unavailable']) });
  app.get(
    '/api/health',
    {
      schema: {
        security: [],
        tags: ['site'],
        summary: 'État du service et de la base',
        response: { 200: health, 503: health },
      },
    },
    async (request, reply) => {
      try {
        await deps.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health: database does not answer');
        return reply.status(503).send({ status: 'degraded' as const, database: 'unavailable' as const });
      }
    },
  );
}
