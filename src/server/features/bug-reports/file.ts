import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BUG_REPORTS_PER_DAY, effectivePriority } from '#core/rules/bug-reports.js';
import {
  BUG_SCREENSHOT_MAX_BYTES,
  bugReportMessages,
  type bugReportInputSchema,
  type BugReport,
} from '#core/schemas/bug-reports.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { bugReports } from '../../db/schema/admin.js';
import { users, type User } from '../../db/schema/users.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { openAccountRow } from '../../platform/sessions.js';
import type { FormFile } from '../../platform/form-data.js';
import type { Storage } from '../../platform/storage.js';
import { inspectUpload, sanitizeUpload } from '../../platform/uploads.js';
import { contactEmail, reportView, screenshotRoute } from './shared.js';

type BugReportInput = z.output<typeof bugReportInputSchema>;

/** Midnight in Paris today, as the database reads it: a "day" of reports is a French day. */
const parisMidnight = sql`(date_trunc('day', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`;

/** How many reports the user has filed since midnight (Paris). */
export async function reportsToday(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bugReports)
    .where(and(eq(bugReports.userId, userId), sql`${bugReports.createdAt} >= ${parisMidnight}`));
  return row?.count ?? 0;
}

const tooMany = (contact: string) =>
  new AppError(
    429,
    `Vous avez déjà envoyé ${BUG_REPORTS_PER_DAY} signalements aujourd’hui, le maximum par jour. Vous pourrez en envoyer d’autres demain ; en cas d’urgence, écrivez à ${contact}.`,
  );

/**
 * The form's screenshot (file `screenshot`, one at most), checked by content and re-encoded (no metadata kept);
 * refused with a French message.
 */
async function cleanScreenshot(files: FormFile[]): Promise<{ bytes: Buffer; ext: string } | null> {
  const field = { screenshot: bugReportMessages.screenshot };
  const sent = files.filter((file) => file.field === 'screenshot');
  if (sent.length === 0) return null;
  if (sent.length > 1) throw new AppError(400, bugReportMessages.screenshot, field);
  const { bytes } = sent[0]!;
  if (bytes.length === 0) throw new AppError(400, bugReportMessages.screenshot, field);
  if (bytes.length > BUG_SCREENSHOT_MAX_BYTES)
    throw new AppError(413, bugReportMessages.screenshotTooLarge, {
      screenshot: bugReportMessages.screenshotTooLarge,
    });
  const type = inspectUpload(bytes);
  if (!type || type.kind === 'pdf') throw new AppError(415, bugReportMessages.screenshot, field);
  const clean = await sanitizeUpload(bytes, type.kind).catch((error: unknown) => {
    if (error instanceof AppError) throw new AppError(error.statusCode, bugReportMessages.screenshot, field);
    throw error;
  });
  return { bytes: clean, ext: type.ext };
}

/**
 * A member files a bug report (decision 020), with an optional screenshot kept privately. At most
 * BUG_REPORTS_PER_DAY a French day: counted with the reporter's row locked, so that a burst of parallel sends
 * cannot pass the limit. A security report is at least of high priority.
 */
export async function fileBugReport(
  deps: { db: Db; storage: Storage },
  reporter: User,
  input: BugReportInput,
  files: FormFile[],
): Promise<BugReport> {
  const { db, storage } = deps;
  const contact = await contactEmail(db);
  // Checked before the screenshot is decoded (a refused request costs no image work); again under the lock.
  if ((await reportsToday(db, reporter.id)) >= BUG_REPORTS_PER_DAY) throw tooMany(contact);
  const screenshot = await cleanScreenshot(files);
  const id = randomUUID();
  const key = screenshot ? `bug-reports/${id}.${screenshot.ext}` : null;
  const row = await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: users.id })
      .from(users)
      .where(openAccountRow(reporter.id))
      .for('update');
    if (!open) throw unauthorized();
    if ((await reportsToday(tx, reporter.id)) >= BUG_REPORTS_PER_DAY) throw tooMany(contact);
    if (key && screenshot) await storage.put(key, screenshot.bytes);
    const [saved] = await tx
      .insert(bugReports)
      .values({
        id,
        userId: reporter.id,
        title: input.title,
        description: input.description,
        category: input.category,
        priority: effectivePriority(input.category, input.priority),
        status: 'new',
        page: input.page ?? null,
        browserInfo: input.browserInfo ?? null,
        screenshotKey: key,
        screenshotUrl: key ? screenshotRoute(id) : null,
      })
      .returning();
    return saved!;
  });
  return reportView(row, contact);
}
