import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Paper } from '#core/rules/documents.js';
import { ENGAGEMENT_DOCUMENT_TYPE } from '#core/rules/documents.js';
import type { DbOrTx } from '../db/client.js';
import { documents } from '../db/schema/documents.js';

/**
 * Drivers' professional papers as the rules of core/rules/documents.ts read them (the documents table is the
 * source of truth). Read-only: the missions feature judges eligibility with it, the documents feature owns writes.
 */
export async function loadPapers(db: DbOrTx, driverIds: readonly string[]): Promise<Map<string, Paper[]>> {
  const byDriver = new Map<string, Paper[]>(driverIds.map((id) => [id, []]));
  if (driverIds.length === 0) return byDriver;
  const rows = await db
    .select({
      id: documents.id,
      userId: documents.userId,
      type: documents.type,
      status: documents.status,
      expirationDate: documents.expirationDate,
      rejectionReason: documents.rejectionReason,
      uploadedAt: documents.uploadedAt,
    })
    .from(documents)
    .where(
      and(
        inArray(documents.userId, [...new Set(driverIds)]),
        ne(documents.type, ENGAGEMENT_DOCUMENT_TYPE),
        ne(documents.status, 'replaced'),
      ),
    );
  for (const row of rows)
    byDriver.get(row.userId)?.push({ ...row, uploadedAt: row.uploadedAt.toISOString() });
  return byDriver;
}

/** Today in Europe/Paris, `YYYY-MM-DD` (a document valid "until the 12th" is valid all that French day). */
export function parisToday(now = new Date()): string {
  return now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
}

/** A mission's last day in Europe/Paris. */
export function parisDay(instant: Date): string {
  return instant.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
}

export const notEngagement = sql`${documents.type} <> ${ENGAGEMENT_DOCUMENT_TYPE}`;
