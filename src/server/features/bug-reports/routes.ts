import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBugReportListSchema,
  adminBugReportSchema,
  adminBugReportsQuerySchema,
  adminBugReportUpdateSchema,
  BUG_SCREENSHOT_MAX_BYTES,
  BUG_TEXT_MAX,
  bugReportMessages,
  bugReportInputSchema,
  bugReportSchema,
  myBugReportsSchema,
} from '#core/schemas/bug-reports.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { fieldsOf, readFormData, registerFormData, type FormRules } from '../../platform/form-data.js';
import { errorResponses } from '../../platform/errors.js';
import { guards, requireRole, requireUser } from '../../platform/sessions.js';
import { sendPrivateFile } from '../../platform/storage.js';
import { adminBugReport, listBugReports, updateBugReport } from './admin.js';
import { fileBugReport } from './file.js';
import { BUG_MAIL_JOB, defineBugReportMail } from './mail.js';
import { myBugReport, myBugReports } from './mine.js';
import { openBugScreenshot } from './screenshot.js';
import { fileAnswer, refusals } from '../../platform/openapi.js';

const idParam = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/** A report's form: six text fields (5,000 characters at most each) and one screenshot. */
const BUG_REPORT_FORM: FormRules = {
  maxParts: 12,
  maxFieldBytes: BUG_TEXT_MAX * 4 + 64,
  maxFileBytes: BUG_SCREENSHOT_MAX_BYTES,
  tooLarge: bugReportMessages.screenshotTooLarge,
};

/** Bug reports (decision 020): members file them and follow their answer; administrators handle them. */
export async function bugReportRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, storage, events, jobs } = deps;
  defineBugReportMail(deps);
  // A report arrives as a browser's FormData (its screenshot as a file).
  await registerFormData(app);

  app.post(
    '/api/bug-reports',
    {
      onRequest: guards.user,
      schema: {
        tags: ['bug-reports'],
        summary:
          'Signaler un bug (10 par jour au plus ; multipart : title, description, category, priority, page, browserInfo, capture d’écran facultative `screenshot`)',
        form: { fields: bugReportInputSchema, files: { screenshot: 'Capture d’écran (facultative)' } },
        response: { 201: bugReportSchema, ...errorResponses, ...refusals(429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const form = await readFormData(request, BUG_REPORT_FORM);
      const input = fieldsOf(bugReportInputSchema, form.fields);
      return reply.status(201).send(await fileBugReport({ db, storage }, user, input, form.files));
    },
  );

  app.get(
    '/api/bug-reports/mine',
    {
      onRequest: guards.user,
      schema: {
        tags: ['bug-reports'],
        summary: 'Mes signalements, les plus récents d’abord, avec la réponse de l’équipe',
        response: { 200: myBugReportsSchema, ...errorResponses },
      },
    },
    async (request) => myBugReports(db, requireUser(request)),
  );

  app.get(
    '/api/bug-reports/:id',
    {
      onRequest: guards.user,
      schema: {
        tags: ['bug-reports'],
        summary: 'Un de mes signalements',
        params: idParam,
        response: { 200: bugReportSchema, ...errorResponses },
      },
    },
    async (request) => myBugReport(db, requireUser(request), request.params.id),
  );

  app.get(
    '/api/bug-reports/:id/screenshot',
    {
      onRequest: guards.user,
      schema: {
        tags: ['bug-reports'],
        summary: 'La capture d’écran jointe à un signalement',
        params: idParam,
        response: { 200: fileAnswer(['image/png', 'image/jpeg', 'image/webp'], 'La capture') },
      },
    },
    async (request, reply) =>
      sendPrivateFile(reply, await openBugScreenshot(db, storage, requireUser(request), request.params.id)),
  );

  app.get(
    '/api/admin/bug-reports',
    {
      onRequest: guards.role('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Signalements de bugs, filtrés, les ouverts d’abord, avec le nombre par statut',
        querystring: adminBugReportsQuerySchema,
        response: { 200: adminBugReportListSchema, ...errorResponses },
      },
    },
    async (request) => listBugReports(db, request.query),
  );

  app.get(
    '/api/admin/bug-reports/:id',
    {
      onRequest: guards.role('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Un signalement de bug, notes internes comprises',
        params: idParam,
        response: { 200: adminBugReportSchema, ...errorResponses },
      },
    },
    async (request) => adminBugReport(db, request.params.id),
  );

  app.patch(
    '/api/admin/bug-reports/:id',
    {
      onRequest: guards.role('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Changer le statut, la priorité, les notes internes ou la réponse au déclarant',
        params: idParam,
        body: adminBugReportUpdateSchema,
        response: { 200: adminBugReportSchema, ...errorResponses },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const { report, told } = await updateBugReport(db, admin, request.params.id, request.body, request.ip);
      if (told) {
        const { event } = told;
        await events.publish(told);
        // After the commit: the change stands even if the queue is down for a moment (the alert still goes).
        await jobs
          .send(BUG_MAIL_JOB, {
            bugReportId: event.bugReportId,
            statusChanged: event.statusChanged,
            answerChanged: event.answerChanged,
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'bug report mail not queued'));
      }
      return report;
    },
  );
}
