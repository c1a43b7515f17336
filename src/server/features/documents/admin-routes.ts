import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDocumentFilterSchema,
  adminDocumentListSchema,
  adminDocumentSchema,
  adminDriverDetailSchema,
  adminDriverFilterSchema,
  adminDriverListSchema,
  approveSchema,
  interviewSchema,
  rejectSchema,
} from '#core/schemas/documents.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { guards, requireRole } from '../../platform/sessions.js';
import { documentQueue, reviewDocument } from './review.js';
import { advanceValidation, driverDetail, driverQueue } from './validation.js';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/** The admin side of documents (decision 017): the documents queue and the drivers' validation. */
export async function adminDocumentRoutes(root: FastifyInstance, { db, events }: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.role('admin') };

  app.get(
    '/api/admin/documents',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'File des documents à vérifier (les plus anciens d’abord)',
        querystring: adminDocumentFilterSchema,
        response: { 200: adminDocumentListSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return documentQueue(db, request.query);
    },
  );

  app.post(
    '/api/admin/documents/:id/verify',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Vérifier un document',
        params: idParams,
        response: { 200: adminDocumentSchema, ...errorResponses },
      },
    },
    async (request) =>
      reviewDocument(
        db,
        events,
        requireRole(request, 'admin'),
        request.params.id,
        { decision: 'verified' },
        request.ip,
      ),
  );

  app.post(
    '/api/admin/documents/:id/reject',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Refuser un document (avec la raison, montrée au chauffeur)',
        params: idParams,
        body: rejectSchema,
        response: { 200: adminDocumentSchema, ...errorResponses },
      },
    },
    async (request) =>
      reviewDocument(
        db,
        events,
        requireRole(request, 'admin'),
        request.params.id,
        { decision: 'rejected', reason: request.body.reason },
        request.ip,
      ),
  );

  app.get(
    '/api/admin/drivers',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Chauffeurs à valider',
        querystring: adminDriverFilterSchema,
        response: { 200: adminDriverListSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return driverQueue(db, request.query.status);
    },
  );

  app.get(
    '/api/admin/drivers/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Dossier d’un chauffeur : documents, validation, historique',
        params: idParams,
        response: { 200: adminDriverDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return driverDetail(db, request.params.id);
    },
  );

  app.post(
    '/api/admin/drivers/:id/interview',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Fixer l’entretien de validation',
        params: idParams,
        body: interviewSchema,
        response: { 200: adminDriverDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      advanceValidation(
        db,
        events,
        requireRole(request, 'admin'),
        request.params.id,
        { step: 'interview', interviewDate: request.body.interviewDate, notes: request.body.notes },
        request.ip,
      ),
  );

  app.post(
    '/api/admin/drivers/:id/approve',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Valider le chauffeur',
        params: idParams,
        body: approveSchema.nullish(),
        response: { 200: adminDriverDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      advanceValidation(
        db,
        events,
        requireRole(request, 'admin'),
        request.params.id,
        { step: 'approved', notes: request.body?.notes },
        request.ip,
      ),
  );

  app.post(
    '/api/admin/drivers/:id/reject',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Refuser le chauffeur (avec la raison)',
        params: idParams,
        body: rejectSchema,
        response: { 200: adminDriverDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      advanceValidation(
        db,
        events,
        requireRole(request, 'admin'),
        request.params.id,
        { step: 'rejected', reason: request.body.reason },
        request.ip,
      ),
  );
}
