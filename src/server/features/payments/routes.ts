import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingDetailsSchema,
  billingDetailsViewSchema,
  disputeSchema,
  markPaidSchema,
  missionPaymentSchema,
  paymentMessages,
} from '#core/schemas/payments.js';
import { requiredText } from '#core/schemas/text.js';
import type { User } from '../../db/schema/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { fieldsOf, readFormData, registerFormData, type FormRules } from '../../platform/form-data.js';
import { guards, requireRole, requireUser } from '../../platform/sessions.js';
import { sendPrivateFile } from '../../platform/storage.js';
import { billingDetailsView, saveBillingDetails } from './billing-details.js';
import { ensurePayment } from './create.js';
import { openMoneyDocument } from './files.js';
import { alertOverduePayments } from './overdue.js';
import { PAYSLIP_MAX_BYTES, PAYSLIP_TOO_LARGE, uploadPayslip } from './payslip.js';
import { settle, type SettlementInput } from './settle.js';
import { paymentView } from './view.js';
import { parisToday } from '#core/rules/days.js';
import { fileAnswer, refusals } from '../../platform/openapi.js';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
const documentParams = idParams.extend({
  documentId: z.uuid({ error: 'Identifiant de document invalide' }),
});
/** The text field of the payslip's form (the PDF is the file `file`). */
const payslipFields = z.object({
  number: requiredText(paymentMessages.payslipNumberRequired, {
    max: 60,
    tooLong: 'Le numéro du bulletin ne doit pas dépasser 60 caractères',
  }),
});
/** A payslip's form: its number and the PDF. */
const PAYSLIP_FORM: FormRules = {
  maxParts: 4,
  maxFieldBytes: 1024,
  maxFileBytes: PAYSLIP_MAX_BYTES,
  tooLarge: PAYSLIP_TOO_LARGE,
};

/** A mission's settlement between its two parties: what is owed, paid, confirmed or disputed, and its documents (decision 018). */
export async function paymentRoutes(root: FastifyInstance, features: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { events, jobs } = features;
  const deps = { ...features, log: root.log };

  // The payment is made when the transporter confirms the end of the mission.
  events.subscribe(async (event) => {
    if (event.type === 'mission.status_changed' && event.status === 'completed')
      await ensurePayment(deps, event.missionId);
  });
  // Each morning, the payments that fell overdue: both parties are told, once.
  jobs.schedule(
    'payments-overdue',
    '0 8 * * *',
    async (run) => {
      const overdue = await alertOverduePayments(deps, parisToday(run.slot));
      run.log.info({ overdue }, 'overdue payments');
    },
    { catchUpSeconds: 6 * 3600 },
  );
  // The payslip arrives as a browser's FormData.
  await registerFormData(app);

  const paymentRoute = { tags: ['payments'], params: idParams };
  const ok = { 200: missionPaymentSchema, ...errorResponses };

  app.get(
    '/api/missions/:id/payment',
    {
      onRequest: guards.user,
      schema: {
        ...paymentRoute,
        summary: 'Règlement de la mission terminée : montant dû, échéance, état, documents',
        // 409 when the payment cannot open yet (the mission is not finished, say).
        response: { ...ok, ...refusals(409) },
      },
    },
    async (request) => paymentView(deps, requireUser(request), request.params.id),
  );

  /** A settlement step, then the payment as it now stands. */
  const settleThen = async (user: User, missionId: string, step: SettlementInput) => {
    await settle(deps, user, missionId, step);
    return paymentView(deps, user, missionId);
  };

  app.post(
    '/api/missions/:id/payment/mark-paid',
    {
      onRequest: guards.user,
      schema: {
        ...paymentRoute,
        summary: 'Déclarer le virement effectué : date et référence (transporteur)',
        body: markPaidSchema,
        response: ok,
      },
    },
    async (request) =>
      settleThen(requireUser(request), request.params.id, { action: 'markPaid', input: request.body }),
  );

  app.post(
    '/api/missions/:id/payment/confirm',
    {
      onRequest: guards.user,
      schema: { ...paymentRoute, summary: 'Confirmer la réception du paiement (chauffeur)', response: ok },
    },
    async (request) => settleThen(requireUser(request), request.params.id, { action: 'confirm' }),
  );

  app.post(
    '/api/missions/:id/payment/dispute',
    {
      onRequest: guards.user,
      schema: {
        ...paymentRoute,
        summary: 'Contester le règlement, avec le motif (chauffeur)',
        body: disputeSchema,
        response: ok,
      },
    },
    async (request) =>
      settleThen(requireUser(request), request.params.id, { action: 'dispute', input: request.body }),
  );

  app.post(
    '/api/missions/:id/payment/payslip',
    {
      // The role first: a driver or an administrator is refused before 10 MB are read.
      onRequest: guards.role('transporter'),
      schema: {
        ...paymentRoute,
        summary:
          'Déposer le bulletin de paie (employeur ; multipart : number et le fichier `file`, un PDF de 10 Mo au plus)',
        form: { fields: payslipFields, files: { file: 'Le bulletin, un PDF de 10 Mo au plus' } },
        response: ok,
      },
    },
    async (request) => {
      const user = requireRole(request, 'transporter');
      const form = await readFormData(request, PAYSLIP_FORM);
      const { number } = fieldsOf(payslipFields, form.fields);
      await uploadPayslip(deps, user, request.params.id, number, form.files);
      return paymentView(deps, user, request.params.id);
    },
  );

  app.get(
    '/api/missions/:id/payment/documents/:documentId',
    {
      onRequest: guards.user,
      schema: {
        tags: ['paiements'],
        summary: 'Une pièce du paiement : facture (Factur-X, PDF/A-3) ou relevé d’heures (PDF)',
        params: documentParams,
        response: { 200: fileAnswer('application/pdf', 'Le document') },
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await openMoneyDocument(
        deps,
        requireUser(request),
        request.params.id,
        request.params.documentId,
      );
      return sendPrivateFile(reply, { bytes, type: 'application/pdf', fileName });
    },
  );

  app.get(
    '/api/billing/details',
    {
      onRequest: guards.role('driver', 'transporter'),
      schema: {
        tags: ['payments'],
        summary: 'Mes coordonnées de facturation (adresse ; SIRET, TVA et mandat pour un chauffeur)',
        response: { 200: billingDetailsViewSchema, ...errorResponses },
      },
    },
    async (request) => billingDetailsView(requireRole(request, 'driver', 'transporter')),
  );

  app.put(
    '/api/billing/details',
    {
      onRequest: guards.role('driver', 'transporter'),
      schema: {
        tags: ['payments'],
        summary: 'Enregistrer mes coordonnées de facturation (et accepter le mandat de facturation)',
        body: billingDetailsSchema,
        response: { 200: billingDetailsViewSchema, ...errorResponses },
      },
    },
    async (request) => saveBillingDetails(deps, requireRole(request, 'driver', 'transporter'), request.body),
  );
}
