import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEMO_IDLE_HOURS, demoLoginSchema, demoMessages } from '#core/schemas/demo.js';
import { messageSchema, publicUserSchema } from '#core/schemas/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError, errorResponses, unauthorized } from '../../platform/errors.js';
import { toPublicUser } from '../../platform/public-user.js';
import { openSandbox, removeIdleSandboxes, removeSandbox, resetSandbox, sandboxOf } from './sandbox.js';
import { subscribeScriptedReplies } from './scripted-replies.js';
import { prepareDemoSeed } from './seed/index.js';
import { OPTIONAL_SESSION, refusals } from '../../platform/openapi.js';

/**
 * The demonstration (decision 022, docs/specification.md §7): a door per role, the demo session's own "me", logout and reset. The
 * data calls' /api/demo/* twins are the normal routes themselves (platform/demo-guard.ts).
 */
export async function demoRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  subscribeScriptedReplies(root, deps);
  // The first visitor of a process opens as fast as the next: the communes and the builder are warmed once
  // started (not in the tests, which build hundreds of apps and measure nothing).
  if (deps.config.env !== 'test') root.addHook('onReady', async () => void setImmediate(prepareDemoSeed));
  deps.jobs.schedule('demo-cleanup', '*/15 * * * *', () => removeIdleSandboxes(deps, DEMO_IDLE_HOURS));

  app.post(
    '/api/demo/login',
    {
      schema: {
        security: [],
        tags: ['demo'],
        summary: 'Ouvrir une démonstration (bac à sable privé) en chauffeur ou en transporteur',
        body: demoLoginSchema,
        response: { 201: publicUserSchema, ...errorResponses, ...refusals(429) },
      },
    },
    async (request, reply) => {
      const user = await openSandbox(deps, request, reply, request.body.role);
      return reply.status(201).send(toPublicUser(user));
    },
  );

  app.get(
    '/api/demo/me',
    {
      schema: {
        security: OPTIONAL_SESSION,
        tags: ['demo'],
        summary: 'Utilisateur connecté (pages de démonstration ; null pour un visiteur sans session)',
        // 401 for a cookie whose session ended (expired, signed out elsewhere, account closed).
        response: { 200: publicUserSchema.nullable(), ...errorResponses, ...refusals(401) },
      },
    },
    // Whoever is signed in: a member arriving on /demo with a stale flag is then seen as who they are.
    async (request, reply) => {
      const user = deps.sessions.currentUser(request, reply);
      return user && toPublicUser(user);
    },
  );

  app.post(
    '/api/demo/logout',
    {
      schema: {
        security: [],
        tags: ['demo'],
        summary: 'Quitter la démonstration : la session se ferme et le bac à sable est supprimé',
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.user;
      await deps.sessions.close(request, reply);
      if (user?.isDemo) {
        const sandbox = await sandboxOf(deps.db, user);
        if (sandbox) await removeSandbox(deps, sandbox.id);
      }
      return { message: 'Déconnecté' };
    },
  );

  app.post(
    '/api/demo/reset',
    {
      schema: {
        tags: ['demo'],
        summary: 'Réinitialiser les données de la démonstration',
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      if (!request.user.isDemo) throw new AppError(403, demoMessages.notDemo);
      await resetSandbox(deps, request.user);
      return { message: demoMessages.resetDone };
    },
  );
}
