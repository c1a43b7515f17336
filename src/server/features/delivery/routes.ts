import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DELIVERY_FORM_MAX_BYTES,
  deliveryMessages,
  MAX_PHOTOS,
  missionDeliverySchema,
  PHOTO_MAX_BYTES,
  waitingStartSchema,
  waitingStopSchema,
} from '#core/schemas/delivery.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { readFormData, registerFormData, type FormRules } from '../../platform/form-data.js';
import { guards, requireUser } from '../../platform/sessions.js';
import { sendPrivateFile } from '../../platform/storage.js';
import { incidentPhoto, proofPdf, proofPhoto, proofSignature, type PrivateFile } from './downloads.js';
import { reportIncident } from './incidents.js';
import { ensureProofDocument } from './proof-document.js';
import { submitProof } from './proof.js';
import { deliveryView } from './view.js';
import { startWaiting, stopWaiting } from './waiting.js';
import { fileAnswer } from '../../platform/openapi.js';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
/** Photo n (from 1), written the one way the view writes it: "1", not "1e0", " 1" nor "0x1". */
const photoIndex = z.enum(
  Array.from({ length: MAX_PHOTOS }, (_, index) => String(index + 1)) as [string, ...string[]],
  { error: 'Numéro de photo invalide' },
);
const photoParams = idParams.extend({ index: photoIndex });
const incidentPhotoParams = photoParams.extend({ incidentId: z.uuid({ error: 'Identifiant invalide' }) });
/** The fields of a proof or an incident (a handful) and their photos: a form never needs more parts. */
const DELIVERY_FORM_MAX_PARTS = 24;
const ok = { 200: missionDeliverySchema, ...errorResponses };
const created = { 201: missionDeliverySchema, ...errorResponses };
const PROOF_JOB = 'delivery-proof-pdf';

/** Proof of delivery, incidents and waiting times of a mission (decision 019). */
export async function deliveryRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, storage, events, jobs } = deps;

  // At delivery, the proof-of-delivery PDF is made by a queued job: a failure (storage down) is retried.
  jobs.define<{ missionId: string }>(
    PROOF_JOB,
    async (run) => {
      const document = await ensureProofDocument(db, storage, run.data.missionId);
      run.log.info({ missionId: run.data.missionId, made: document !== null }, 'delivery proof pdf');
    },
    { retryLimit: 5, retryDelaySeconds: 20 },
  );
  events.subscribe(async (event) => {
    if (event.type === 'mission.status_changed' && event.status === 'delivered')
      await jobs.send(PROOF_JOB, { missionId: event.missionId }, { singletonKey: event.missionId });
  });

  // The proof and incidents arrive as a browser's FormData.
  await registerFormData(app);
  const form = { onRequest: guards.user };
  const formRules: FormRules = {
    maxParts: DELIVERY_FORM_MAX_PARTS,
    maxFieldBytes: 8 * 1024,
    maxFileBytes: PHOTO_MAX_BYTES,
    maxTotalBytes: DELIVERY_FORM_MAX_BYTES,
    tooLarge: deliveryMessages.photoTooLarge,
    totalTooLarge: deliveryMessages.formTooLarge,
  };

  app.get(
    '/api/missions/:id/delivery',
    {
      onRequest: guards.user,
      schema: {
        tags: ['missions'],
        summary: 'Preuve de livraison, incidents et temps d’attente de la mission (ses deux parties)',
        params: idParams,
        response: ok,
      },
    },
    async (request) => deliveryView(db, requireUser(request), request.params.id),
  );

  app.post(
    '/api/missions/:id/delivery-proof',
    {
      ...form,
      schema: {
        tags: ['missions'],
        summary:
          'Preuve de livraison (chauffeur, mission en cours ; multipart : recipientName, signature PNG, 0 à 5 photos, latitude, longitude, accuracy, note)',
        params: idParams,
        form: {
          fields: {
            recipientName: 'Nom de la personne qui reçoit',
            latitude: 'Latitude du lieu de remise (facultative)',
            longitude: 'Longitude du lieu de remise (facultative)',
            accuracy: 'Précision de la position, en mètres (facultative)',
            note: 'Remarque (facultative)',
          },
          files: {
            signature: 'La signature du destinataire (PNG)',
            photos: '0 à 5 photos (PNG, JPEG ou WebP)',
          },
        },
        response: created,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const parsed = await readFormData(request, formRules);
      await submitProof(db, storage, user, request.params.id, parsed);
      return reply.status(201).send(await deliveryView(db, user, request.params.id));
    },
  );

  app.post(
    '/api/missions/:id/incidents',
    {
      ...form,
      schema: {
        tags: ['missions'],
        summary:
          'Signaler un incident (chauffeur ; multipart : type, occurredAt, latitude, longitude, note, 0 à 5 photos)',
        params: idParams,
        form: {
          fields: {
            type: 'Le type d’incident',
            occurredAt: 'Quand (ISO 8601)',
            latitude: 'Latitude (facultative)',
            longitude: 'Longitude (facultative)',
            note: 'Ce qui s’est passé',
          },
          files: { photos: '0 à 5 photos (PNG, JPEG ou WebP)' },
        },
        response: created,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const parsed = await readFormData(request, formRules);
      await reportIncident(deps, user, request.params.id, parsed);
      return reply.status(201).send(await deliveryView(db, user, request.params.id));
    },
  );

  app.post(
    '/api/missions/:id/waiting/start',
    {
      onRequest: guards.user,
      schema: {
        tags: ['missions'],
        summary: 'Commencer à compter une attente, au chargement ou à la livraison (chauffeur)',
        params: idParams,
        body: waitingStartSchema,
        response: ok,
      },
    },
    async (request) => {
      const user = requireUser(request);
      await startWaiting(db, user, request.params.id, request.body.place, request.body.at);
      return deliveryView(db, user, request.params.id);
    },
  );

  app.post(
    '/api/missions/:id/waiting/stop',
    {
      onRequest: guards.user,
      schema: {
        tags: ['missions'],
        summary: 'Arrêter l’attente en cours (chauffeur)',
        params: idParams,
        body: waitingStopSchema,
        response: ok,
      },
    },
    async (request) => {
      const user = requireUser(request);
      await stopWaiting(db, user, request.params.id, request.body?.at);
      return deliveryView(db, user, request.params.id);
    },
  );

  const send = (reply: FastifyReply, file: PrivateFile) => sendPrivateFile(reply, file);
  const signedIn = { onRequest: guards.user };

  app.get(
    '/api/missions/:id/delivery/pdf',
    {
      ...signedIn,
      schema: {
        tags: ['missions'],
        summary: 'La preuve de livraison (PDF)',
        params: idParams,
        response: { 200: fileAnswer('application/pdf', 'La preuve de livraison') },
      },
    },
    async (request, reply) =>
      send(reply, await proofPdf(db, storage, requireUser(request), request.params.id)),
  );
  app.get(
    '/api/missions/:id/delivery/signature',
    {
      ...signedIn,
      schema: {
        tags: ['missions'],
        summary: 'La signature du destinataire (PNG)',
        params: idParams,
        response: { 200: fileAnswer('image/png', 'La signature') },
      },
    },
    async (request, reply) =>
      send(reply, await proofSignature(db, storage, requireUser(request), request.params.id)),
  );
  app.get(
    '/api/missions/:id/delivery/photos/:index',
    {
      ...signedIn,
      schema: {
        tags: ['missions'],
        summary: 'Une photo de la preuve de livraison',
        params: photoParams,
        response: { 200: fileAnswer(['image/png', 'image/jpeg', 'image/webp'], 'La photo') },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await proofPhoto(db, storage, requireUser(request), request.params.id, Number(request.params.index)),
      ),
  );
  app.get(
    '/api/missions/:id/incidents/:incidentId/photos/:index',
    {
      ...signedIn,
      schema: {
        tags: ['missions'],
        summary: 'Une photo d’un incident',
        params: incidentPhotoParams,
        response: { 200: fileAnswer(['image/png', 'image/jpeg', 'image/webp'], 'La photo') },
      },
    },
    async (request, reply) => {
      const { id, incidentId, index } = request.params;
      return send(
        reply,
        await incidentPhoto(db, storage, requireUser(request), id, incidentId, Number(index)),
      );
    },
  );
}
