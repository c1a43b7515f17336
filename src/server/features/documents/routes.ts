import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileVerdicts } from '#core/rules/documents.js';
import {
  DOCUMENT_MAX_BYTES,
  documentAccessListSchema,
  documentMessages,
  documentSchema,
  documentUploadSchema,
  myDocumentsSchema,
} from '#core/schemas/documents.js';
import { documents } from '../../db/schema/documents.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { papersOf, paperTypeCondition } from '../../platform/driver-papers.js';
import { errorResponses } from '../../platform/errors.js';
import { fieldsOf, readFormData, registerFormData, type FormRules } from '../../platform/form-data.js';
import { guards, requireRole, requireUser } from '../../platform/sessions.js';
import { sendPrivateFile } from '../../platform/storage.js';
import { adminDocumentRoutes } from './admin-routes.js';
import { listAccesses, openDocumentFile } from './files.js';
import { toDocumentView } from './papers.js';
import { sendExpiryReminders } from './reminders.js';
import { deleteDocument, uploadDocument } from './upload.js';
import { validationOf } from './validation.js';
import { parisToday } from '#core/rules/days.js';
import { fileAnswer } from '../../platform/openapi.js';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
/** A document's form: its details (a few short fields) and the file `file`; the content decides its kind. */
const DOCUMENT_FORM: FormRules = {
  maxParts: 12,
  maxFieldBytes: 1024,
  maxFileBytes: DOCUMENT_MAX_BYTES,
  tooLarge: documentMessages.fileTooLarge,
};

export async function documentRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, storage, events, jobs } = deps;
  // Each morning, the expiry reminders of the day (once per document and stage, whichever instance runs it).
  jobs.schedule(
    'document-reminders',
    '15 7 * * *',
    async (run) => {
      const sent = await sendExpiryReminders(db, events, parisToday(run.slot));
      run.log.info(sent, 'document reminders');
    },
    { catchUpSeconds: 6 * 3600 },
  );
  // A document arrives as a browser's FormData.
  await registerFormData(app);

  app.get(
    '/api/documents',
    {
      schema: {
        tags: ['documents'],
        summary: 'Mes documents, ce qu’il manque et où en est ma validation (chauffeur)',
        response: { 200: myDocumentsSchema },
      },
    },
    async (request) => {
      const driver = requireRole(request, 'driver');
      const rows = await db
        .select()
        .from(documents)
        .where(and(eq(documents.userId, driver.id), paperTypeCondition()))
        .orderBy(asc(documents.type), asc(documents.uploadedAt), asc(documents.id));
      const today = parisToday();
      return {
        documents: rows.map((row) => toDocumentView(row, today)),
        requirements: profileVerdicts(papersOf(rows), driver.certifications, today),
        documentsVerified: driver.documentsVerified,
        validation: await validationOf(db, driver.id),
      };
    },
  );

  app.post(
    '/api/documents',
    {
      // The role first: a visitor or a transporter is refused before 10 MB are read.
      onRequest: guards.role('driver'),
      schema: {
        tags: ['documents'],
        summary:
          'Ajouter un document (multipart : type, number, label, issuedAt, expiresAt, categories, adrKinds et le fichier `file`, PDF, JPEG, PNG ou WebP, 10 Mo au plus)',
        form: { fields: documentUploadSchema, files: { file: 'PDF, JPEG, PNG ou WebP, 10 Mo au plus' } },
        response: { 201: documentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const driver = requireRole(request, 'driver');
      const form = await readFormData(request, DOCUMENT_FORM);
      const input = fieldsOf(documentUploadSchema, form.fields);
      return reply.status(201).send(await uploadDocument(db, storage, driver, input, form.files));
    },
  );

  app.delete(
    '/api/documents/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'Supprimer un de mes documents',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const driver = requireRole(request, 'driver');
      await deleteDocument(db, storage, driver, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/documents/accesses',
    {
      schema: {
        tags: ['documents'],
        summary: 'Qui a consulté mes documents',
        response: { 200: documentAccessListSchema },
      },
    },
    async (request) => ({ accesses: await listAccesses(db, requireRole(request, 'driver')) }),
  );

  app.get(
    '/api/documents/:id/file',
    {
      schema: {
        tags: ['documents'],
        summary:
          'Le fichier d’un document (son propriétaire, un transporteur qui travaille avec lui, un administrateur)',
        params: idParams,
        response: {
          200: fileAnswer(['application/pdf', 'image/png', 'image/jpeg', 'image/webp'], 'Le fichier'),
        },
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      const { row, bytes } = await openDocumentFile(db, storage, viewer, request.params.id, request.ip);
      return sendPrivateFile(reply, {
        bytes,
        type: row.mimeType ?? 'application/octet-stream',
        fileName: row.fileName,
      });
    },
  );

  await app.register(adminDocumentRoutes, deps);
}
