import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserDetailSchema,
  adminUserListSchema,
  adminUserQuerySchema,
  deactivateUserSchema,
  deactivationResultSchema,
  reactivateUserSchema,
} from '#core/schemas/admin-users.js';
import { messageSchema } from '#core/schemas/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { guards, requireRecentPassword, requireRole } from '../../platform/sessions.js';
import { deactivateUser, reactivateUser } from './deactivation.js';
import { setDemo } from './demo.js';
import { userDetail } from './detail.js';
import { searchUsers } from './search.js';
import { checkResendRate, resendVerification } from './verification.js';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/** The back office's « Utilisateurs » (decision 021): search, a member's page, and the actions on the account. */
export async function adminUserRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const admin = { onRequest: guards.role('admin') };

  app.get(
    '/api/admin/users',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Rechercher les utilisateurs (nom, e-mail, téléphone, SIRET) avec des filtres',
        querystring: adminUserQuerySchema,
        response: { 200: adminUserListSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return searchUsers(db, request.query);
    },
  );

  app.get(
    '/api/admin/users/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'La fiche d’un utilisateur (sans ses messages)',
        params: idParams,
        response: { 200: adminUserDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return userDetail(db, request.params.id);
    },
  );

  app.post(
    '/api/admin/users/:id/deactivate',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Désactiver un compte, avec le motif (ses sessions sont fermées)',
        params: idParams,
        body: deactivateUserSchema,
        response: { 200: deactivationResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireRole(request, 'admin');
      requireRecentPassword(request);
      return deactivateUser(deps, actor, request.params.id, request.body.reason, request.ip);
    },
  );

  app.post(
    '/api/admin/users/:id/reactivate',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Réactiver un compte désactivé',
        params: idParams,
        body: reactivateUserSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireRole(request, 'admin');
      requireRecentPassword(request);
      return reactivateUser(db, actor, request.params.id, request.body.reason, request.ip);
    },
  );

  app.post(
    '/api/admin/users/:id/resend-verification',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Renvoyer le lien de confirmation de l’adresse e-mail',
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireRole(request, 'admin');
      requireRecentPassword(request);
      await checkResendRate(deps, actor, request.params.id);
      return resendVerification(deps, actor, request.params.id, request.ip, request.log);
    },
  );

  for (const [method, demo, summary] of [
    ['POST', true, 'Marquer comme compte de démonstration'],
    ['DELETE', false, 'Retirer la marque de compte de démonstration'],
  ] as const) {
    app.route({
      method,
      url: '/api/admin/users/:id/demo',
      ...admin,
      schema: {
        tags: ['admin'],
        summary,
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
      handler: async (request) => {
        const actor = requireRole(request, 'admin');
        requireRecentPassword(request);
        return setDemo(db, actor, request.params.id, demo, request.ip);
      },
    });
  }
}
