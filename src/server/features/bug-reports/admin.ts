import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isFinishedBugStatus, OPEN_BUG_STATUSES, type BugStatus } from '#core/rules/bug-reports.js';
import { BUG_STATUSES } from '#core/rules/enums.js';
import type {
  AdminBugReport,
  AdminBugReportList,
  adminBugReportsQuerySchema,
  adminBugReportUpdateSchema,
} from '#core/schemas/bug-reports.js';
import type { Db } from '../../db/client.js';
import { bugReports } from '../../db/schema/admin.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { accountInWorld, REAL_WORLD } from '../../platform/demo-world.js';
import type { RecordedEvent, SupportEvent } from '../../platform/events.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { contactEmail, missingReport, reportView, reporterOf, type BugReportRow } from './shared.js';

type ListQuery = z.output<typeof adminBugReportsQuerySchema>;
type Update = z.output<typeof adminBugReportUpdateSchema>;

const ADMIN_PAGE_SIZE = 20;

const reporterColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  userType: users.userType,
  isAdmin: users.isAdmin,
  companyName: users.companyName,
};

/** `%`, `_` and `\` typed in the search are looked for as such. */
const likeWords = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The back office's list (/admin/signalements): filtered by status, priority, category and words (title,
 * description, reporter's name or e-mail), open ones first then newest first; with the count of every status.
 * Reports of the real world only (visitors' included): a demo account's would have the team chase fictional data
 * (platform/demo-world.ts).
 */
export async function listBugReports(db: Db, query: ListQuery): Promise<AdminBugReportList> {
  const real = accountInWorld(bugReports.userId, REAL_WORLD);
  const conditions: SQL[] = [real];
  if (query.status) conditions.push(eq(bugReports.status, query.status));
  if (query.priority) conditions.push(eq(bugReports.priority, query.priority));
  if (query.category) conditions.push(eq(bugReports.category, query.category));
  if (query.q) {
    const words = likeWords(query.q);
    conditions.push(
      or(
        ilike(bugReports.title, words),
        ilike(bugReports.description, words),
        ilike(users.fullName, words),
        ilike(users.email, words),
      )!,
    );
  }
  const where = and(...conditions);
  const open = sql`${bugReports.status} in ('new', 'in_progress')`;
  const [rows, [total], byStatus] = await Promise.all([
    db
      .select({ report: bugReports, reporter: reporterColumns })
      .from(bugReports)
      .leftJoin(users, eq(users.id, bugReports.userId))
      .where(where)
      .orderBy(
        desc(open),
        desc(sql`case ${bugReports.priority} when 'high' then 3 when 'medium' then 2 else 1 end`),
        desc(bugReports.createdAt),
        desc(bugReports.id),
      )
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(bugReports)
      .leftJoin(users, eq(users.id, bugReports.userId))
      .where(where),
    db
      .select({ status: bugReports.status, n: count() })
      .from(bugReports)
      .where(real)
      .groupBy(bugReports.status),
  ]);
  const counts = Object.fromEntries(BUG_STATUSES.map((status) => [status, 0])) as Record<BugStatus, number>;
  for (const row of byStatus) counts[row.status as BugStatus] = row.n;
  return {
    reports: rows.map(({ report, reporter }) => ({
      id: report.id,
      title: report.title,
      category: report.category as AdminBugReport['category'],
      priority: report.priority as AdminBugReport['priority'],
      status: report.status as BugStatus,
      page: report.page,
      hasScreenshot: report.screenshotKey !== null,
      hasAnswer: report.publicAnswer !== null,
      createdAt: report.createdAt.toISOString(),
      updatedAt: report.updatedAt.toISOString(),
      resolvedAt: report.resolvedAt?.toISOString() ?? null,
      reporter: reporterOf(reporter),
    })),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    counts,
    open: OPEN_BUG_STATUSES.reduce((sum, status) => sum + counts[status], 0),
  };
}

async function adminView(db: Db, row: BugReportRow): Promise<AdminBugReport> {
  const [reporter] = row.userId
    ? await db.select(reporterColumns).from(users).where(eq(users.id, row.userId))
    : [];
  return {
    ...reportView(row, await contactEmail(db)),
    adminNotes: row.adminNotes,
    reporter: reporterOf(reporter ?? null),
  };
}

/** One report with everything, internal notes included. */
export async function adminBugReport(db: Db, id: string): Promise<AdminBugReport> {
  const [row] = await db.select().from(bugReports).where(eq(bugReports.id, id));
  if (!row) throw missingReport();
  return adminView(db, row);
}

/**
 * An administrator's change to a report: status (resolvedAt set when it becomes resolved or closed, cleared when
 * it is reopened), priority, internal notes, public answer (answeredAt when it changes). The row is locked so that
 * two administrators saving at once each see the other's change; each change is logged with what changed. Returns
 * the report and, when its author should be told (status changed, or an answer given), the event recorded with
 * the change, to publish once committed.
 */
export async function updateBugReport(
  db: Db,
  admin: User,
  id: string,
  input: Update,
  ipAddress: string,
): Promise<{ report: AdminBugReport; told: (RecordedEvent & { event: SupportEvent }) | null }> {
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(bugReports).where(eq(bugReports.id, id)).for('update');
    if (!current) throw missingReport();
    const now = new Date();
    const changes: Partial<typeof bugReports.$inferInsert> = {};
    const details: Record<string, unknown> = {};
    if (input.status !== undefined && input.status !== current.status) {
      changes.status = input.status;
      details.status = { from: current.status, to: input.status };
      if (isFinishedBugStatus(input.status)) {
        // Resolved then closed keeps the moment it was first handled.
        if (!isFinishedBugStatus(current.status) || !current.resolvedAt) changes.resolvedAt = now;
      } else changes.resolvedAt = null;
    }
    if (input.priority !== undefined && input.priority !== current.priority) {
      changes.priority = input.priority;
      details.priority = { from: current.priority, to: input.priority };
    }
    if (input.adminNotes !== undefined && input.adminNotes !== current.adminNotes) {
      changes.adminNotes = input.adminNotes;
      details.adminNotes = input.adminNotes === null ? 'effacées' : 'modifiées';
    }
    if (input.publicAnswer !== undefined && input.publicAnswer !== current.publicAnswer) {
      changes.publicAnswer = input.publicAnswer;
      changes.answeredAt = input.publicAnswer === null ? null : now;
      details.publicAnswer = input.publicAnswer;
    }
    if (Object.keys(changes).length === 0) return { row: current, told: null };
    const [row] = await tx
      .update(bugReports)
      .set({ ...changes, updatedAt: now })
      .where(eq(bugReports.id, id))
      .returning();
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'bug_report.update',
      targetType: 'bug_report',
      targetId: id,
      details,
      ipAddress,
    });
    const statusChanged = 'status' in details;
    const answerChanged = 'publicAnswer' in details && input.publicAnswer !== null;
    const told =
      row!.userId && (statusChanged || answerChanged)
        ? await recordDomainEvent(tx, {
            type: 'bug_report.updated',
            bugReportId: id,
            userId: row!.userId,
            title: row!.title,
            status: row!.status,
            statusChanged,
            answerChanged,
          } satisfies SupportEvent)
        : null;
    return { row: row!, told };
  });
  return { report: await adminView(db, result.row), told: result.told };
}
