import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  linkTokenSchema,
  resetPasswordSchema,
} from '#core/schemas/account.js';
import { messageSchema, publicUserSchema } from '#core/schemas/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { sendInBackground } from '../../platform/mailer.js';
import { toPublicUser } from '../../platform/public-user.js';
import { addressKey, consumeRate, enforceRates } from '../../platform/rate-limit.js';
import { guards, requireUser } from '../../platform/sessions.js';
import { checkCurrentPassword } from './current-password.js';
import { deleteAccount, deletionMail } from './deletion.js';
import { confirmEmailChange, requestEmailChange } from './email.js';
import { exportPersonalData } from './export.js';
import { changePassword } from './password.js';
import {
  passwordChangedMail,
  requestPasswordReset,
  resetLinkIsValid,
  resetPassword,
} from './password-reset.js';
import { refusals, textAnswer } from '../../platform/openapi.js';

/**
 * A person's account beyond signing in: a forgotten password, and /parametres (password, e-mail address, personal
 * data: download, deletion). Signing in and the sessions are in the auth feature.
 */
export async function accountRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config, mailer, sessions, realtime, events, storage } = deps;
  const limits = config.rateLimits;

  app.post(
    '/api/auth/password/forgot',
    {
      schema: {
        security: [],
        tags: ['account'],
        summary: 'Mot de passe oublié : recevoir un lien par e-mail (réponse identique pour toute adresse)',
        body: forgotPasswordSchema,
        response: { 200: messageSchema, ...errorResponses, ...refusals(429) },
      },
    },
    async (request) => {
      const { email } = request.body;
      await enforceRates(db, [
        { key: `forgot:ip:${addressKey(request.ip)}`, rule: limits.passwordForgotPerIp },
      ]);
      // Past the address's own limit, no more mail — and the same answer: the links already sent still work
      // (a stranger asking for this address can neither flood its inbox nor lock its owner out).
      const perAccount = await consumeRate(db, `forgot:account:${email}`, limits.passwordForgotPerAccount);
      if (perAccount.allowed) {
        const mail = await requestPasswordReset(db, config, email);
        if (mail) sendInBackground(mailer, mail, request.log);
      }
      return { message: accountMessages.forgotSent };
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        security: [],
        tags: ['account'],
        summary:
          'Choisir un nouveau mot de passe avec le lien reçu (connecte cet appareil, déconnecte les autres)',
        body: resetPasswordSchema,
        response: {
          200: z.object({ message: z.string(), user: publicUserSchema }),
          ...errorResponses,
          ...refusals(429),
        },
      },
    },
    async (request, reply) => {
      await enforceRates(db, [
        { key: `reset:ip:${addressKey(request.ip)}`, rule: limits.passwordResetPerIp },
      ]);
      const user = await resetPassword(db, request.body);
      await realtime.sessionsEnded(user.id);
      await sessions.close(request, reply);
      await sessions.open(db, reply, request, user.id);
      sendInBackground(mailer, passwordChangedMail(config, user), request.log);
      return { message: accountMessages.passwordReset, user: toPublicUser(user) };
    },
  );

  app.post(
    '/api/auth/password/reset/check',
    {
      schema: {
        security: [],
        tags: ['account'],
        summary: 'Ce lien de nouveau mot de passe est-il encore valable ?',
        body: linkTokenSchema,
        response: { 200: z.object({ valid: z.boolean() }), ...errorResponses, ...refusals(429) },
      },
    },
    async (request) => {
      await enforceRates(db, [
        { key: `reset-check:ip:${addressKey(request.ip)}`, rule: limits.passwordResetPerIp },
      ]);
      return { valid: await resetLinkIsValid(db, request.body.token) };
    },
  );

  app.post(
    '/api/account/password',
    {
      onRequest: guards.user,
      schema: {
        tags: ['account'],
        summary: 'Changer mon mot de passe (les autres appareils sont déconnectés)',
        body: changePasswordSchema,
        response: { 200: messageSchema, ...errorResponses, ...refusals(429) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await checkCurrentPassword(db, limits, user, request.body.currentPassword, 'currentPassword');
      const updated = await changePassword(db, user, request.body.newPassword, request.sessionId);
      await realtime.sessionsEnded(user.id);
      sendInBackground(mailer, passwordChangedMail(config, updated), request.log);
      return { message: accountMessages.passwordChanged };
    },
  );

  app.post(
    '/api/account/email',
    {
      onRequest: guards.user,
      schema: {
        tags: ['account'],
        summary: 'Changer mon adresse e-mail (confirmée par un lien envoyé à la nouvelle adresse)',
        body: changeEmailSchema,
        response: { 200: messageSchema, ...errorResponses, ...refusals(429) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await checkCurrentPassword(db, limits, user, request.body.password, 'password');
      // Each request mails two addresses: a handful an hour is what a person needs.
      await enforceRates(db, [{ key: `email-change:${user.id}`, rule: limits.emailChangePerUser }]);
      const mails = await requestEmailChange(db, config, user, request.body.newEmail);
      for (const mail of mails) sendInBackground(mailer, mail, request.log);
      return { message: accountMessages.emailChangeSent };
    },
  );

  app.post(
    '/api/account/email/confirm',
    {
      schema: {
        security: [],
        tags: ['account'],
        summary: 'Confirmer ma nouvelle adresse e-mail (lien reçu)',
        body: linkTokenSchema,
        response: {
          200: z.object({ message: z.string(), user: publicUserSchema }),
          ...errorResponses,
          ...refusals(429),
        },
      },
    },
    async (request) => {
      await enforceRates(db, [
        { key: `email-confirm:ip:${addressKey(request.ip)}`, rule: limits.passwordResetPerIp },
      ]);
      const user = await confirmEmailChange(db, request.body.token);
      return { message: accountMessages.emailChanged, user: toPublicUser(user) };
    },
  );

  app.get(
    '/api/account/export',
    {
      onRequest: guards.user,
      schema: {
        tags: ['account'],
        summary: 'Télécharger mes données (RGPD, article 20) : un fichier JSON',
        response: { 200: textAnswer('application/json', 'Toutes mes données (JSON)'), ...refusals(429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRates(db, [{ key: `export:${user.id}`, rule: limits.exportPerUser }]);
      const data = await exportPersonalData(db, user);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="relais-mes-donnees-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    '/api/account',
    {
      onRequest: guards.user,
      schema: {
        tags: ['account'],
        summary: 'Supprimer mon compte (RGPD, article 17) : confirmation par mot de passe',
        body: deleteAccountSchema,
        response: { 200: messageSchema, ...errorResponses, ...refusals(429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await checkCurrentPassword(db, limits, user, request.body.password, 'password');
      const { events: told, avatar, files } = await deleteAccount(db, user);
      sendInBackground(mailer, deletionMail(config, user), request.log);
      await realtime.sessionsEnded(user.id);
      await sessions.close(request, reply);
      if (avatar) await storage.remove(avatar).catch(() => undefined);
      for (const file of files) await storage.remove(file).catch(() => undefined);
      await events.publish(told);
      return { message: accountMessages.deleted };
    },
  );
}
