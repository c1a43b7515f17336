import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReviewReportsSchema,
  missionReviewStateSchema,
  REVIEW_COMMENT_MAX,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTOS_MAX,
  reviewInputSchema,
  reviewMessages,
  reviewReportDecisionSchema,
  reviewReportInputSchema,
  userReviewsQuerySchema,
  userReviewsSchema,
} from '#core/schemas/reviews.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { fieldsOf, readFormData, registerFormData, type FormRules } from '../../platform/form-data.js';
import { guards, requireRole, requireUser } from '../../platform/sessions.js';
import { sendPrivateFile } from '../../platform/storage.js';
import { userReviews } from './list.js';
import { openReviewPhoto } from './photos.js';
import { publishDueReviews } from './publish-job.js';
import { decideReviewReport, listReviewReports, reportReview } from './reports.js';
import { missionReviewState } from './state.js';
import { submitReview } from './write.js';
import { fileAnswer } from '../../platform/openapi.js';

const idParam = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
const ok = z.object({ ok: z.literal(true) });
/** The review's form: its fields (a comment of 1,000 characters at most) and three photos at most. */
const REVIEW_FORM: FormRules = {
  maxParts: 12,
  maxFieldBytes: REVIEW_COMMENT_MAX * 4 + 64,
  maxFileBytes: REVIEW_PHOTO_MAX_BYTES,
  maxFiles: REVIEW_PHOTOS_MAX,
  tooLarge: reviewMessages.photoTooLarge,
};

/** Reviews after completion, double-blind reveal, reports and reputation (decision 019). */
export async function reviewRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, storage, jobs } = deps;
  // The review arrives as a browser's FormData (its photos as files).
  await registerFormData(app);

  // Reviews whose 14-day window closed without the other party's: published every hour.
  jobs.schedule(
    'reviews-publish',
    '7 * * * *',
    async (run) => {
      const published = await publishDueReviews(deps, run.slot);
      if (published > 0) run.log.info({ published }, 'reviews published at the end of their window');
    },
    { catchUpSeconds: 6 * 3600 },
  );

  app.get(
    '/api/missions/:id/review',
    {
      onRequest: guards.user,
      schema: {
        tags: ['reviews'],
        summary: 'Où en sont les avis de cette mission (parties et administrateurs)',
        params: idParam,
        response: { 200: missionReviewStateSchema, ...errorResponses },
      },
    },
    async (request) => missionReviewState(db, requireUser(request), request.params.id),
  );

  app.post(
    '/api/missions/:id/review',
    {
      onRequest: guards.user,
      schema: {
        tags: ['reviews'],
        summary:
          'Donner mon avis sur l’autre partie de la mission (une fois, dans les 14 jours ; multipart : rating, professionalismScore, communicationScore, drivingSkillScore, safetyScore, comment, 0 à 3 photos)',
        params: idParam,
        form: { fields: reviewInputSchema, files: { photos: '0 à 3 photos (PNG, JPEG ou WebP)' } },
        response: { 201: missionReviewStateSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const form = await readFormData(request, REVIEW_FORM);
      const input = fieldsOf(reviewInputSchema, form.fields);
      await submitReview(deps, user, request.params.id, input, form.files);
      return reply.status(201).send(await missionReviewState(db, user, request.params.id));
    },
  );

  app.get(
    '/api/reviews/user/:id',
    {
      schema: {
        security: [],
        tags: ['reviews'],
        summary: 'Avis publiés sur un membre, les plus récents d’abord, et leur synthèse',
        params: idParam,
        querystring: userReviewsQuerySchema,
        response: { 200: userReviewsSchema, ...errorResponses },
      },
    },
    async (request) =>
      userReviews(db, request.user ?? null, request.params.id, request.query.page, request.query.pageSize),
  );

  app.get(
    '/api/reviews/:id/photos/:index',
    {
      schema: {
        security: [],
        tags: ['reviews'],
        summary: 'Une photo jointe à un avis publié',
        response: { 200: fileAnswer(['image/png', 'image/jpeg', 'image/webp'], 'La photo') },
        params: z.object({
          id: z.uuid({ error: 'Identifiant invalide' }),
          index: z.coerce
            .number({ error: 'Photo introuvable' })
            .int('Photo introuvable')
            .min(0, 'Photo introuvable')
            .max(REVIEW_PHOTOS_MAX - 1, 'Photo introuvable'),
        }),
      },
    },
    async (request, reply) =>
      sendPrivateFile(
        reply,
        await openReviewPhoto(db, storage, request.user ?? null, request.params.id, request.params.index),
      ),
  );

  app.post(
    '/api/reviews/:id/report',
    {
      onRequest: guards.role('driver', 'transporter'),
      schema: {
        tags: ['reviews'],
        summary: 'Signaler un avis me concernant aux administrateurs (une fois)',
        params: idParam,
        body: reviewReportInputSchema,
        response: { 201: ok, ...errorResponses },
      },
    },
    async (request, reply) => {
      await reportReview(db, requireUser(request), request.params.id, request.body.reason);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/admin/review-reports',
    {
      onRequest: guards.role('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Avis signalés, les signalements ouverts d’abord',
        response: { 200: adminReviewReportsSchema, ...errorResponses },
      },
    },
    async () => listReviewReports(db),
  );

  app.post(
    '/api/admin/review-reports/:id',
    {
      onRequest: guards.role('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Garder (dismiss) ou retirer (remove) un avis signalé, avec la raison',
        params: idParam,
        body: reviewReportDecisionSchema,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      await decideReviewReport(
        db,
        admin,
        request.params.id,
        request.body.decision,
        request.body.reason,
        request.ip,
      );
      return { ok: true as const };
    },
  );
}
