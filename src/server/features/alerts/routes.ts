import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALERT_FILTERS, alertSchema } from '#core/schemas/alerts.js';
import { toAlert } from './to-alert.js';
import { alerts } from '../../db/schema/messaging.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { guards, requireUser } from '../../platform/sessions.js';

const FILTER_TYPES: Record<string, string[]> = {
  missions: ['mission', 'application'],
  messages: ['message'],
  documents: ['document'],
};
const idParams = z.object({ id: z.uuid({ error: 'Alerte introuvable' }) });

/** GET /api/alerts (polled every 30 s by the app), mark one or all read, delete. Each user sees only theirs. */
export async function alertRoutes(root: FastifyInstance, { db }: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/alerts',
    {
      onRequest: guards.user,
      schema: {
        tags: ['alerts'],
        summary: 'Mes alertes, les plus récentes d’abord',
        querystring: z.object({ filtre: z.enum(ALERT_FILTERS, { error: 'Filtre inconnu' }).optional() }),
        response: { 200: z.array(alertSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const conditions: SQL[] = [eq(alerts.userId, user.id)];
      const filter = request.query.filtre;
      if (filter === 'non-lues') conditions.push(eq(alerts.read, false));
      else if (filter) conditions.push(inArray(alerts.type, FILTER_TYPES[filter]!));
      const rows = await db
        .select()
        .from(alerts)
        .where(and(...conditions))
        .orderBy(desc(alerts.createdAt))
        .limit(200);
      return rows.map(toAlert);
    },
  );

  app.post(
    '/api/alerts/read-all',
    {
      onRequest: guards.user,
      schema: {
        tags: ['alerts'],
        summary: 'Tout marquer comme lu',
        response: { 200: z.object({ read: z.number() }) },
      },
    },
    async (request) => {
      const updated = await db
        .update(alerts)
        .set({ read: true })
        .where(and(eq(alerts.userId, requireUser(request).id), eq(alerts.read, false)))
        .returning({ id: alerts.id });
      return { read: updated.length };
    },
  );

  app.post(
    '/api/alerts/:id/read',
    {
      onRequest: guards.user,
      schema: {
        tags: ['alerts'],
        summary: 'Marquer une alerte comme lue',
        params: idParams,
        response: { 200: alertSchema },
      },
    },
    async (request) => {
      const [row] = await db
        .update(alerts)
        .set({ read: true })
        .where(and(eq(alerts.id, request.params.id), eq(alerts.userId, requireUser(request).id)))
        .returning();
      if (!row) throw notFound('Alerte introuvable');
      return toAlert(row);
    },
  );

  app.delete(
    '/api/alerts/:id',
    {
      onRequest: guards.user,
      schema: {
        tags: ['alerts'],
        summary: 'Supprimer une alerte',
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const [row] = await db
        .delete(alerts)
        .where(and(eq(alerts.id, request.params.id), eq(alerts.userId, requireUser(request).id)))
        .returning({ id: alerts.id });
      if (!row) throw notFound('Alerte introuvable');
      return { message: 'Alerte supprimée' };
    },
  );
}
