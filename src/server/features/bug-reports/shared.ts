import { and, eq } from 'drizzle-orm';
import {
  disclosureNote,
  type BugCategory,
  type BugPriority,
  type BugStatus,
} from '#core/rules/bug-reports.js';
import { roleOf } from '#core/rules/roles.js';
import type { AdminBugReport, BugReport } from '#core/schemas/bug-reports.js';
import type { DbOrTx } from '../../db/client.js';
import type { bugReports } from '../../db/schema/admin.js';
import { siteSettings } from '../../db/schema/admin.js';
import type { User } from '../../db/schema/users.js';
import { notFound } from '../../platform/errors.js';

export type BugReportRow = typeof bugReports.$inferSelect;

export const missingReport = () => notFound('Signalement introuvable');

/** Where a report's screenshot is served from (access-checked). */
export const screenshotRoute = (id: string) => `/api/bug-reports/${id}/screenshot`;

/** The address security reports may write to, from the site settings (the same default as the public ones). */
export async function contactEmail(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(and(eq(siteSettings.key, 'contactEmail'), eq(siteSettings.isPublic, true)));
  return row?.value || 'contact@relais.fr';
}

/** A report as its author sees it: everything but the internal notes. */
export function reportView(row: BugReportRow, contact: string): BugReport {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category as BugCategory,
    priority: row.priority as BugPriority,
    status: row.status as BugStatus,
    page: row.page,
    browserInfo: row.browserInfo,
    screenshotUrl: row.screenshotKey ? screenshotRoute(row.id) : null,
    publicAnswer: row.publicAnswer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    disclosure: row.category === 'security' ? disclosureNote(contact) : null,
  };
}

/** Who filed a report, for the back office (null once their account is gone). */
export function reporterOf(
  user: Pick<User, 'id' | 'fullName' | 'email' | 'userType' | 'isAdmin' | 'companyName'> | null,
): AdminBugReport['reporter'] {
  if (!user) return null;
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    role: roleOf(user),
    companyName: user.companyName,
  };
}
