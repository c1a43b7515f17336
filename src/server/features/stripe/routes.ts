import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { guards, requireRole, requireUser } from '../../platform/sessions.js';
import { payBalance, payDeposit } from './mission-payments.js';
import { connectPayoutAccount, validatePayout } from './payouts.js';
import { registerRepricing } from './reprice.js';
import { webhookRoutes } from './webhook.js';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
const stepResultSchema = z.object({
  /** Stripe's page to go to (Checkout), or null when nothing is left to pay there. */
  url: z.string().nullable(),
  /** What was refunded (the deposit's excess) or transferred to the driver, decimal strings. */
  refunded: z.string().nullable(),
  transferred: z.string().nullable(),
});
const connectBodySchema = z
  .object({ missionId: z.uuid({ error: 'Identifiant de mission invalide' }).optional() })
  .nullish();

/**
 * Stripe mode: the verified webhook, mission deposit/balance Checkout, Connect payouts, and payment pages kept in
 * step with what missions owe (decision 018).
 */
export async function stripeRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  await webhookRoutes(root, deps);
  registerRepricing(deps);
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/missions/:id/payment/deposit',
    {
      onRequest: guards.user,
      schema: {
        tags: ['payments'],
        summary: 'Payer l’acompte de la mission (30 %) sur Stripe Checkout (transporteur, Stripe activé)',
        params: idParams,
        response: { 200: stepResultSchema, ...errorResponses },
      },
    },
    async (request) => payDeposit(deps, request.log, requireRole(request, 'transporter'), request.params.id),
  );

  app.post(
    '/api/missions/:id/payment/balance',
    {
      onRequest: guards.user,
      schema: {
        tags: ['payments'],
        summary:
          'Payer le solde de la mission terminée sur Stripe Checkout, ou rembourser le trop-perçu de l’acompte',
        params: idParams,
        response: { 200: stepResultSchema, ...errorResponses },
      },
    },
    async (request) => payBalance(deps, request.log, requireRole(request, 'transporter'), request.params.id),
  );

  app.post(
    '/api/missions/:id/payment/validate',
    {
      onRequest: guards.user,
      schema: {
        tags: ['payments'],
        summary: 'Valider la mission payée : virement Stripe Connect au chauffeur (transporteur)',
        params: idParams,
        response: { 200: stepResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      validatePayout(deps, request.log, requireRole(request, 'transporter'), request.params.id),
  );

  app.post(
    '/api/billing/connect',
    {
      onRequest: guards.user,
      schema: {
        tags: ['billing'],
        summary: 'Ouvrir son compte de versement Stripe Express et aller à l’inscription Stripe (chauffeur)',
        body: connectBodySchema,
        response: { 200: z.object({ url: z.string() }), ...errorResponses },
      },
    },
    async (request) => connectPayoutAccount(deps, request.log, requireUser(request), request.body?.missionId),
  );
}
