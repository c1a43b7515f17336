import { and, desc, eq } from 'drizzle-orm';
import { BUG_REPORTS_PER_DAY } from '#core/rules/bug-reports.js';
import type { BugReport, MyBugReports } from '#core/schemas/bug-reports.js';
import type { Db } from '../../db/client.js';
import { bugReports } from '../../db/schema/admin.js';
import type { User } from '../../db/schema/users.js';
import { reportsToday } from './file.js';
import { contactEmail, missingReport, reportView } from './shared.js';

const MINE_SHOWN = 100;

/** My reports, newest first, with the team's answer (never its internal notes), and how many I may still send. */
export async function myBugReports(db: Db, viewer: User): Promise<MyBugReports> {
  const [rows, contact, today] = await Promise.all([
    db
      .select()
      .from(bugReports)
      .where(eq(bugReports.userId, viewer.id))
      .orderBy(desc(bugReports.createdAt), desc(bugReports.id))
      .limit(MINE_SHOWN),
    contactEmail(db),
    reportsToday(db, viewer.id),
  ]);
  return {
    reports: rows.map((row) => reportView(row, contact)),
    remainingToday: Math.max(0, BUG_REPORTS_PER_DAY - today),
  };
}

/** One of my reports; anyone else's is "not found" (not "forbidden": its existence is not told). */
export async function myBugReport(db: Db, viewer: User, id: string): Promise<BugReport> {
  const [row] = await db
    .select()
    .from(bugReports)
    .where(and(eq(bugReports.id, id), eq(bugReports.userId, viewer.id)));
  if (!row) throw missingReport();
  return reportView(row, await contactEmail(db));
}
