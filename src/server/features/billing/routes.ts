import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSubscriptionListSchema,
  adminSubscriptionSchema,
  checkoutResultSchema,
  endPlanSchema,
  grantPlanSchema,
  planChoiceSchema,
  subscriptionViewSchema,
} from '#core/schemas/billing.js';
import { messageSchema } from '#core/schemas/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { guards, requireRecentPassword, requireRole, requireUser } from '../../platform/sessions.js';
import { adminSubscriptionList, endPlan, expireGrantedPlans, grantPlan } from './admin.js';
import { billingPortal, checkout, setCancelAtPeriodEnd, withdrawRequest } from './subscribe.js';
import { subscriptionView } from './view.js';
import { fileAnswer, refusals } from '../../platform/openapi.js';
import { sendPrivateFile } from '../../platform/storage.js';
import { issuePendingPlanInvoices, planInvoiceFile } from './plan-invoices.js';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/** Plans and subscriptions: the holder's plan and usage, upgrade, cancel; administrators grant or end plans without Stripe (decision 018). */
export async function billingRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, events, jobs } = deps;
  const signedIn = { onRequest: guards.user };
  const admin = { onRequest: guards.role('admin') };

  // Each night, granted plans whose period is over end (once, whichever instance runs it).
  jobs.schedule(
    'plan-expiry',
    '5 0 * * *',
    async (run) => {
      const result = await expireGrantedPlans(deps);
      run.log.info(result, 'granted plans expired');
    },
    { catchUpSeconds: 6 * 3600 },
  );
  // A plan paid or granted: its invoice at once; every quarter of an hour, those that waited for the publisher's
  // details or the member's billing address (decision 043).
  const invoicing = { ...deps, log: root.log };
  events.subscribe(async (event) => {
    if (event.type === 'plan.paid') await issuePendingPlanInvoices(invoicing);
  });
  jobs.schedule('plan-invoices', '*/15 * * * *', async (run) => {
    const result = await issuePendingPlanInvoices(invoicing);
    if (result.issued > 0 || result.waiting > 0) run.log.info(result, 'plan invoices');
  });

  app.get(
    '/api/billing/subscription',
    {
      ...signedIn,
      schema: {
        tags: ['billing'],
        summary: 'Ma formule : ce qu’elle donne, mon utilisation du jour, mon abonnement, mes factures',
        response: { 200: subscriptionViewSchema, ...errorResponses },
      },
    },
    async (request) => subscriptionView(deps, requireUser(request)),
  );

  app.get(
    '/api/billing/invoices/:id/pdf',
    {
      ...signedIn,
      schema: {
        tags: ['billing'],
        summary: 'Une facture de ma formule (Factur-X, PDF/A-3)',
        params: idParams,
        response: { 200: fileAnswer('application/pdf', 'La facture') },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await planInvoiceFile(deps, requireUser(request), request.params.id);
      return sendPrivateFile(reply, { bytes, type: 'application/pdf', fileName });
    },
  );

  app.post(
    '/api/billing/checkout',
    {
      ...signedIn,
      schema: {
        tags: ['billing'],
        summary: 'Souscrire une formule : paiement Stripe, ou demande à Relais (facture, virement)',
        body: planChoiceSchema,
        response: { 200: checkoutResultSchema, ...errorResponses },
      },
    },
    async (request) => checkout(deps, requireUser(request), request.body, request.log),
  );

  app.delete(
    '/api/billing/request',
    {
      ...signedIn,
      schema: {
        tags: ['billing'],
        summary: 'Retirer ma demande de formule',
        response: { 200: subscriptionViewSchema, ...errorResponses, ...refusals(404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await withdrawRequest(db, user);
      return subscriptionView(deps, user);
    },
  );

  app.post(
    '/api/billing/portal',
    {
      ...signedIn,
      schema: {
        tags: ['billing'],
        summary: 'Ouvrir l’espace de facturation Stripe (moyen de paiement, factures, formule)',
        response: { 200: z.object({ url: z.string() }), ...errorResponses },
      },
    },
    async (request) => billingPortal(deps, requireUser(request), request.log),
  );

  for (const [path, cancel, summary] of [
    ['/api/billing/cancel', true, 'Résilier à la fin de la période en cours'],
    ['/api/billing/resume', false, 'Annuler la résiliation : l’abonnement continue'],
  ] as const) {
    app.post(
      path,
      {
        ...signedIn,
        schema: {
          tags: ['billing'],
          summary,
          response: { 200: subscriptionViewSchema, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await setCancelAtPeriodEnd(deps, user, cancel, request.log);
        return subscriptionView(deps, user);
      },
    );
  }

  app.get(
    '/api/admin/subscriptions',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Demandes de formule en attente, puis abonnements en cours',
        response: { 200: adminSubscriptionListSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return adminSubscriptionList(deps);
    },
  );

  app.post(
    '/api/admin/users/:id/plan',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Accorder une formule (facture B2B réglée par virement)',
        params: idParams,
        body: grantPlanSchema,
        response: { 200: adminSubscriptionSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireRole(request, 'admin');
      // A sensitive action (decision 021): the password typed again within 5 minutes.
      requireRecentPassword(request);
      return grantPlan({ db, events }, actor, request.params.id, request.body, request.ip);
    },
  );

  app.delete(
    '/api/admin/users/:id/plan',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Mettre fin à une formule (retour à la formule gratuite), avec la raison',
        params: idParams,
        body: endPlanSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireRole(request, 'admin');
      requireRecentPassword(request);
      return endPlan({ db, events }, actor, request.params.id, request.body.reason, request.ip);
    },
  );
}
