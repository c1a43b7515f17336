import { roleOf } from '#core/rules/roles.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInAnswerSchema } from '#core/schemas/admin.js';
import { loginSchema, registerSchema, registrationMessages, verifyEmailSchema } from '#core/schemas/auth.js';
import { messageSchema, publicUserSchema, sessionInfoSchema } from '#core/schemas/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { notFound, errorResponses } from '../../platform/errors.js';
import { toPublicUser } from '../../platform/public-user.js';
import { sendInBackground } from '../../platform/mailer.js';
import { addressKey, consumeRate, enforceRates } from '../../platform/rate-limit.js';
import { endOtherSessions, endSession, guards, listSessions, requireUser } from '../../platform/sessions.js';
import { logIn, secondFactorStep } from './login.js';
import { confirmRegistration, requestRegistration } from './registration.js';
import { issueVerificationToken, sendVerificationMail, verifyEmail } from './service.js';
import { OPTIONAL_SESSION, refusals } from '../../platform/openapi.js';

export async function authRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config, mailer, sessions, realtime } = deps;
  const limits = config.rateLimits;

  app.post(
    '/api/auth/register',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary:
          'Créer un compte chauffeur ou transporteur : un lien est envoyé à l’adresse (même réponse pour toute adresse)',
        body: registerSchema,
        response: { 202: messageSchema, ...errorResponses, ...refusals(429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await enforceRates(db, [{ key: `register:ip:${addressKey(request.ip)}`, rule: limits.registerPerIp }]);
      // Past the address's own limit the sign-up is kept but no more mail leaves — and the answer is the same (a
      // stranger can neither flood the inbox nor learn anything).
      const mails = await consumeRate(db, `register:email:${email}`, limits.registerMailsPerAddress);
      const mail = await requestRegistration(db, config, request.body);
      if (mails.allowed) sendInBackground(mailer, mail, request.log);
      return reply.status(202).send({ message: registrationMessages.sent });
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary: 'Se connecter',
        body: loginSchema,
        response: { 200: signInAnswerSchema, ...errorResponses, ...refusals(401, 429) },
      },
    },
    async (request, reply) => {
      const user = await logIn(db, limits, request.ip, request.body);
      // A new token at every login; the session the browser came with, if any, ends.
      await sessions.close(request, reply);
      await sessions.open(db, reply, request, user.id);
      // An administrator is not signed in yet: the session waits for the second factor (or its enrolment).
      return roleOf(user) === 'admin'
        ? { ...toPublicUser(user), secondFactor: secondFactorStep(user) }
        : toPublicUser(user);
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary: 'Se déconnecter',
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      await sessions.close(request, reply);
      // This browser's live connection closes with its session.
      if (request.user) await realtime.sessionsEnded(request.user.id);
      return { message: 'Vous êtes déconnecté' };
    },
  );

  app.get(
    '/api/auth/me',
    {
      schema: {
        security: OPTIONAL_SESSION,
        tags: ['auth'],
        summary: 'Utilisateur connecté (null pour un visiteur sans session)',
        // 401 for a cookie whose session ended (expired, signed out elsewhere, account closed).
        response: { 200: publicUserSchema.nullable(), ...refusals(401) },
      },
    },
    async (request, reply) => {
      const user = sessions.currentUser(request, reply);
      return user && toPublicUser(user);
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      preHandler: guards.user,
      schema: {
        tags: ['auth'],
        summary: 'Renvoyer l’email de vérification',
        response: { 200: messageSchema, ...refusals(429) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceRates(db, [
        { key: `resend:ip:${addressKey(request.ip)}`, rule: limits.resendPerIp },
        { key: `resend:account:${user.id}`, rule: limits.resendPerAccount },
      ]);
      const token = await issueVerificationToken(db, user);
      await sendVerificationMail(mailer, config, user, token);
      return { message: 'Un nouvel email de vérification a été envoyé à votre adresse' };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary: 'Vérifier l’adresse email (lien reçu par email)',
        body: verifyEmailSchema,
        response: {
          200: z.object({ message: z.string(), user: publicUserSchema, accountCreated: z.boolean() }),
          ...errorResponses,
          // A sign-up's link: the address got an account meanwhile (409), or the link is past its 24 hours (410).
          ...refusals(409, 410),
        },
      },
    },
    async (request, reply) => {
      // A sign-up's link creates the account and signs this browser in (decision 039), as signing in does.
      const created = await confirmRegistration(db, request.body.token);
      if (created) {
        await sessions.close(request, reply);
        await sessions.open(db, reply, request, created.id);
        return { message: registrationMessages.created, user: toPublicUser(created), accountCreated: true };
      }
      // Else the confirmation of an existing account's address (accounts from before decision 039, the back
      // office's « renvoyer le lien »).
      const user = await verifyEmail(db, request.body.token);
      return {
        message: 'Votre adresse email est vérifiée.',
        user: toPublicUser(user),
        accountCreated: false,
      };
    },
  );

  app.get(
    '/api/auth/sessions',
    {
      preHandler: guards.user,
      schema: {
        tags: ['auth'],
        summary: 'Mes sessions ouvertes',
        response: { 200: z.array(sessionInfoSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rows = await listSessions(db, user.id);
      return rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        current: row.id === request.sessionId,
      }));
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      preHandler: guards.user,
      schema: {
        tags: ['auth'],
        summary: 'Fermer une de mes sessions',
        params: z.object({ id: z.uuid('Session introuvable') }),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await endSession(db, user.id, request.params.id))) throw notFound('Session introuvable');
      await realtime.sessionsEnded(user.id);
      return { message: 'Session fermée' };
    },
  );

  app.delete(
    '/api/auth/sessions',
    {
      preHandler: guards.user,
      schema: {
        tags: ['auth'],
        summary: 'Fermer toutes mes autres sessions',
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const count = await endOtherSessions(db, user.id, request.sessionId);
      await realtime.sessionsEnded(user.id);
      return { message: count === 1 ? '1 autre session fermée' : `${count} autres sessions fermées` };
    },
  );
}
