import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALERT_FILTERS,
  alertSchema,
  notificationPreferencesSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
} from '#core/schemas/alerts.js';
import { alertListJson } from './alert-list.js';
import { loadPreferences, savePreferences } from './preferences.js';
import { subscribeDevice, unsubscribeDevice } from './push-subscriptions.js';
import { toAlert } from './to-alert.js';
import { smsRoutes } from './sms-routes.js';
import { unsubscribeRoutes } from './unsubscribe-routes.js';
import { sendJsonText } from '../../platform/json-text.js';
import { alerts } from '../../db/schema/messaging.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses, notFound } from '../../platform/errors.js';
import { guards, requireUser } from '../../platform/sessions.js';

const idParams = z.object({ id: z.uuid({ error: 'Alerte introuvable' }) });

/** GET /api/alerts (polled every 30 s by the app), mark one or all read, delete. Each user sees only theirs. */
export async function alertRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, push, config } = deps;
  await unsubscribeRoutes(root, deps);
  await smsRoutes(root, deps);
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
    async (request, reply) =>
      sendJsonText(reply, await alertListJson(db, requireUser(request).id, request.query.filtre)),
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

  app.get(
    '/api/alerts/preferences',
    {
      onRequest: guards.user,
      schema: {
        tags: ['alerts'],
        summary: 'Mes préférences de notification (types, push, e-mail, zone)',
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => loadPreferences(db, requireUser(request).id),
  );

  app.put(
    '/api/alerts/preferences',
    {
      onRequest: guards.user,
      schema: {
        tags: ['alerts'],
        summary: 'Enregistrer mes préférences de notification',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses },
      },
    },
    async (request) => savePreferences(db, requireUser(request), request.body),
  );

  app.get(
    '/api/push/public-key',
    {
      schema: {
        security: [],
        tags: ['alerts'],
        summary: 'Clé publique VAPID pour s’abonner aux notifications push',
        response: { 200: z.object({ publicKey: z.string() }) },
      },
    },
    async () => ({ publicKey: await push.publicKey() }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      onRequest: guards.user,
      schema: {
        tags: ['alerts'],
        summary: 'Recevoir les notifications push sur cet appareil',
        body: pushSubscriptionSchema,
        response: { 201: z.object({ message: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      await subscribeDevice(
        db,
        requireUser(request),
        request.body,
        userAgent,
        config.push,
        request.sessionId,
      );
      return reply.status(201).send({ message: 'Notifications activées sur cet appareil' });
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      onRequest: guards.user,
      schema: {
        tags: ['alerts'],
        summary: 'Ne plus recevoir les notifications push sur cet appareil',
        body: z.object({ endpoint: pushEndpointSchema }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await unsubscribeDevice(db, requireUser(request), request.body.endpoint);
      return { message: 'Notifications désactivées sur cet appareil' };
    },
  );
}
