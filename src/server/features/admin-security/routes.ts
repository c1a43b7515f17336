import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMessages,
  enrolmentDoneSchema,
  enrolmentSchema,
  reauthSchema,
  recoveryCodesSchema,
  secondFactorCodeSchema,
  secondFactorStatusSchema,
  secondFactorVerifySchema,
  securityOverviewSchema,
  verifiedSchema,
} from '#core/schemas/admin.js';
import { messageSchema } from '#core/schemas/users.js';
import type { User } from '../../db/schema/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { toPublicUser } from '../../platform/public-user.js';
import { guards, requireRecentPassword, requireRole } from '../../platform/sessions.js';
import { administratorRoutes } from './administrators-routes.js';
import { limitAttempts } from './attempts.js';
import { reauthenticate } from './reauth.js';
import {
  confirmEnrolment,
  regenerateRecoveryCodes,
  securityOverview,
  startEnrolment,
  stepOf,
  verifySecondFactor,
} from './second-factor.js';
import { refusals } from '../../platform/openapi.js';

/** Who enrols: the administrator of a session waiting for its second factor, or a signed-in one (another phone). */
function enrolling(request: FastifyRequest): { user: User; pending: boolean; sessionId: string } {
  if (request.pendingAdmin && request.sessionId)
    return { user: request.pendingAdmin, pending: true, sessionId: request.sessionId };
  return { user: requireRole(request, 'admin'), pending: false, sessionId: request.sessionId! };
}

/** Pending: the second factor's own routes are the only ones a session waiting for it reaches. */
function pendingAdmin(request: FastifyRequest): { user: User; sessionId: string } {
  if (request.pendingAdmin && request.sessionId)
    return { user: request.pendingAdmin, sessionId: request.sessionId };
  // Anonymous: 401; a member: 403; an administrator signed in already: nothing left to verify.
  requireRole(request, 'admin');
  throw new AppError(409, 'Cette session a déjà passé la double authentification.');
}

export async function adminSecurityRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const admin = guards.role('admin');

  app.get(
    '/api/admin/second-factor',
    {
      schema: {
        security: [],
        tags: ['admin'],
        summary: 'Étape de double authentification en attente dans ce navigateur',
        response: { 200: secondFactorStatusSchema },
      },
    },
    async (request) => {
      const user = request.pendingAdmin;
      return user ? { state: stepOf(user), email: user.email } : { state: 'none' as const };
    },
  );

  app.post(
    '/api/admin/second-factor/enrol',
    {
      schema: {
        tags: ['admin'],
        summary: 'Afficher un nouveau secret (QR code) à enregistrer dans l’application d’authentification',
        response: { 200: enrolmentSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = enrolling(request);
      // Moving to another phone from a signed-in session: the password again.
      if (!actor.pending) requireRecentPassword(request);
      return startEnrolment(db, actor.user.id, actor.pending);
    },
  );

  app.post(
    '/api/admin/second-factor/enrol/confirm',
    {
      schema: {
        tags: ['admin'],
        summary: 'Confirmer l’application d’authentification avec un premier code',
        body: secondFactorCodeSchema,
        response: { 200: enrolmentDoneSchema, ...errorResponses, ...refusals(429) },
      },
    },
    async (request, reply) => {
      const actor = enrolling(request);
      const done = await limitAttempts(
        deps,
        request,
        reply,
        {
          kind: '2fa',
          userId: actor.user.id,
          sessionId: actor.sessionId,
          endedMessage: adminMessages.tooManyCodes,
        },
        () =>
          confirmEnrolment(db, {
            userId: actor.user.id,
            sessionId: actor.sessionId,
            fromPendingSession: actor.pending,
            code: request.body.code,
            ipAddress: request.ip,
          }),
      );
      return { user: toPublicUser(done.user), recoveryCodes: done.recoveryCodes };
    },
  );

  app.post(
    '/api/admin/second-factor/verify',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deuxième étape de la connexion : code de l’application ou code de secours',
        body: secondFactorVerifySchema,
        response: { 200: verifiedSchema, ...errorResponses, ...refusals(429) },
      },
    },
    async (request, reply) => {
      const actor = pendingAdmin(request);
      const verified = await limitAttempts(
        deps,
        request,
        reply,
        {
          kind: '2fa',
          userId: actor.user.id,
          sessionId: actor.sessionId,
          endedMessage: adminMessages.tooManyCodes,
        },
        () =>
          verifySecondFactor(db, {
            userId: actor.user.id,
            sessionId: actor.sessionId,
            code: request.body.code,
            recoveryCode: request.body.recoveryCode,
            ipAddress: request.ip,
          }),
      );
      return { ...verified, user: toPublicUser(verified.user) };
    },
  );

  app.get(
    '/api/admin/security',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Ma double authentification et mes codes de secours',
        response: { 200: securityOverviewSchema },
      },
    },
    async (request) => securityOverview(db, request.user!, request.reauthAt),
  );

  app.post(
    '/api/admin/recovery-codes',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Générer dix nouveaux codes de secours (les anciens ne servent plus)',
        response: { 200: recoveryCodesSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireRecentPassword(request);
      return { recoveryCodes: await regenerateRecoveryCodes(db, request.user!.id, request.ip) };
    },
  );

  app.post(
    '/api/admin/reauth',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Confirmer son mot de passe avant une action sensible (valable 5 minutes)',
        body: reauthSchema,
        response: { 200: messageSchema, ...errorResponses, ...refusals(429) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      await limitAttempts(
        deps,
        request,
        reply,
        {
          kind: 'reauth',
          userId: user.id,
          sessionId: request.sessionId!,
          endedMessage: 'Trop de mots de passe incorrects : reconnectez-vous.',
        },
        () => reauthenticate(db, user, request.sessionId!, request.body.password),
      );
      return { message: 'Mot de passe confirmé' };
    },
  );

  await administratorRoutes(root, deps);
}
