import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationSchema,
  adminMessages,
  administratorsSchema,
  invitationCheckSchema,
  invitationInfoSchema,
  invitationSentSchema,
  inviteAdminSchema,
  signInAnswerSchema,
} from '#core/schemas/admin.js';
import { messageSchema } from '#core/schemas/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { toPublicUser } from '../../platform/public-user.js';
import { addressKey, enforceRates } from '../../platform/rate-limit.js';
import { guards, requireRecentPassword } from '../../platform/sessions.js';
import { listAdministrators, removeAdministrator } from './administrators.js';
import {
  acceptInvitation,
  checkInvitation,
  invitationView,
  inviteAdmin,
  revokeInvitation,
  sendInvitationMail,
  waitingInvitations,
} from './invitations.js';
import { refusals } from '../../platform/openapi.js';

/** Links followed without an account: a few per minute is all a person needs. */
const INVITATION_LINKS_PER_IP = { limit: 30, windowSeconds: 15 * 60 };

/** « Administrateurs »: the team, invitations by e-mail, removal; and the invitation page's two public calls. */
export async function administratorRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config, mailer, sessions, realtime } = deps;
  const admin = guards.role('admin');
  const idParams = (message: string) => z.object({ id: z.uuid(message) });

  app.get(
    '/api/admin/administrators',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Les administrateurs et les invitations en attente',
        response: { 200: administratorsSchema },
      },
    },
    async (request) => ({
      administrators: await listAdministrators(db, request.user!.id),
      invitations: await waitingInvitations(db),
    }),
  );

  app.delete(
    '/api/admin/administrators/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Retirer un administrateur (compte fermé, sessions terminées)',
        params: idParams(adminMessages.adminNotFound),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireRecentPassword(request);
      await removeAdministrator(db, {
        adminId: request.user!.id,
        targetId: request.params.id,
        ipAddress: request.ip,
      });
      // Their open pages and live connections end now.
      await realtime.sessionsEnded(request.params.id);
      return { message: 'Administrateur retiré' };
    },
  );

  app.post(
    '/api/admin/invitations',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Inviter un administrateur par e-mail (lien valable 72 heures)',
        body: inviteAdminSchema,
        response: { 201: invitationSentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      requireRecentPassword(request);
      const { invitation, token, inviterName } = await inviteAdmin(db, {
        adminId: request.user!.id,
        email: request.body.email,
        ipAddress: request.ip,
      });
      let mailSent = true;
      try {
        await sendInvitationMail(mailer, config, { email: invitation.email, token, inviterName });
      } catch (error) {
        // The invitation stands: the page says the mail did not leave, and it can be sent again.
        mailSent = false;
        request.log.error({ err: error, invitationId: invitation.id }, 'invitation e-mail not sent');
      }
      return reply.status(201).send({ invitation: invitationView(invitation, inviterName), mailSent });
    },
  );

  app.delete(
    '/api/admin/invitations/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        summary: 'Retirer une invitation (son lien ne sert plus)',
        params: idParams(adminMessages.invitationNotFound),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await revokeInvitation(db, {
        adminId: request.user!.id,
        invitationId: request.params.id,
        ipAddress: request.ip,
      });
      return { message: 'Invitation retirée' };
    },
  );

  app.post(
    '/api/admin/invitation/check',
    {
      schema: {
        security: [],
        tags: ['admin'],
        summary: 'L’invitation de ce lien peut-elle être acceptée ?',
        body: invitationCheckSchema,
        response: { 200: invitationInfoSchema, ...errorResponses, ...refusals(404, 429) },
      },
    },
    async (request) => {
      await enforceRates(db, [
        { key: `admin-invitation:ip:${addressKey(request.ip)}`, rule: INVITATION_LINKS_PER_IP },
      ]);
      return checkInvitation(db, request.body.token);
    },
  );

  app.post(
    '/api/admin/invitation/accept',
    {
      schema: {
        security: [],
        tags: ['admin'],
        summary: 'Accepter une invitation : créer son compte administrateur',
        body: acceptInvitationSchema,
        response: { 201: signInAnswerSchema, ...errorResponses, ...refusals(404, 429) },
      },
    },
    async (request, reply) => {
      await enforceRates(db, [
        { key: `admin-invitation:ip:${addressKey(request.ip)}`, rule: INVITATION_LINKS_PER_IP },
      ]);
      // Whoever was signed in on this browser is signed out: the new administrator's session replaces it.
      await sessions.close(request, reply);
      const user = await acceptInvitation(db, { ...request.body, ipAddress: request.ip }, (tx, userId) =>
        sessions.open(tx, reply, request, userId),
      );
      return reply.status(201).send({ ...toPublicUser(user), secondFactor: 'enrol' as const });
    },
  );
}
