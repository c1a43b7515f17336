import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReviewReportsSchema,
  missionReviewStateSchema,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTOS_MAX,
  reviewInputSchema,
  reviewReportDecisionSchema,
  reviewReportInputSchema,
  userReviewsQuerySchema,
  userReviewsSchema,
} from '#core/schemas/reviews.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { guards, requireRole, requireUser } from '../../platform/sessions.js';
import { sendPrivateFile } from '../../platform/storage.js';
import { userReviews } from './list.js';
import { openReviewPhoto } from './photos.js';
import { publishDueReviews } from './publish-job.js';
import { decideReviewReport, listReviewReports, reportReview } from './reports.js';
import { missionReviewState } from './state.js';
import { submitReview } from './write.js';

const idParam = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
const ok = z.object({ ok: z.literal(true) });
/** Three photos in base64 (4/3 of their bytes) and the rest of the form. */
const REVIEW_BODY_LIMIT = REVIEW_PHOTOS_MAX * Math.ceil((REVIEW_PHOTO_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Reviews after completion, double-blind reveal, reports and reputation (decision 019). */
export async function reviewRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, storage, jobs } = deps;

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
      bodyLimit: REVIEW_BODY_LIMIT,
      schema: {
        tags: ['reviews'],
        summary: 'Donner mon avis sur l’autre partie de la mission (une fois, dans les 14 jours)',
        params: idParam,
        body: reviewInputSchema,
        response: { 201: missionReviewStateSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await submitReview(deps, user, request.params.id, request.body);
      return reply.status(201).send(await missionReviewState(db, user, request.params.id));
    },
  );

  app.get(
    '/api/reviews/user/:id',
    {
      schema: {
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
        hide: true,
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
