import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  documentsVerified,
  DRIVER_DOCUMENT_TYPES,
  type DriverDocumentType,
  type Paper,
} from '#core/rules/documents.js';
import type { DbOrTx } from '../db/client.js';
import { documents } from '../db/schema/documents.js';
import { users } from '../db/schema/users.js';
import { parisToday } from '#core/rules/days.js';

/**
 * Drivers' professional papers as the rules of core/rules/documents.ts read them (the documents table is the
 * source of truth). Read-only: the missions feature judges eligibility with it, the documents feature owns writes.
 */
/** A documents row as the rules read it. */
export function toPaper(row: typeof documents.$inferSelect): Paper {
  return { ...row, uploadedAt: row.uploadedAt.toISOString() };
}

/**
 * A driver's own papers among the rows of `documents`, which also holds the documents of missions (engagements,
 * invoices, hours statements, payslips): those are never papers, whoever issued them.
 */
const PAPER_TYPES: readonly string[] = DRIVER_DOCUMENT_TYPES;
export const isPaperType = (type: string) => PAPER_TYPES.includes(type);
/** `documents.type` is a paper's (Drizzle condition). */
export const paperTypeCondition = () => inArray(documents.type, [...DRIVER_DOCUMENT_TYPES]);
/** The same for raw SQL on an alias: `d.type in ('permis', …)`. */
export const paperTypeSql = (alias: string) =>
  sql.raw(`${alias}.type in (${DRIVER_DOCUMENT_TYPES.map((type) => `'${type}'`).join(', ')})`);

/** The papers that count among a driver's document rows (mission documents and replaced ones aside). */
export const papersOf = (rows: readonly (typeof documents.$inferSelect)[]): Paper[] =>
  rows.filter((row) => isPaperType(row.type) && row.status !== 'replaced').map(toPaper);

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
        paperTypeCondition(),
        ne(documents.status, 'replaced'),
      ),
    );
  for (const row of rows)
    byDriver.get(row.userId)?.push({ ...row, uploadedAt: row.uploadedAt.toISOString() });
  return byDriver;
}

export const fileUrlOf = (id: string) => `/api/documents/${id}/file`;

/** The verified document of a type that lasts longest, if any (what users.*Url/*Expiry show). */
function bestVerified(papers: readonly Paper[], type: DriverDocumentType, today: string): Paper | null {
  return (
    papers
      .filter((paper) => paper.type === type && paper.status === 'verified')
      .filter((paper) => !paper.expirationDate || paper.expirationDate >= today)
      .sort((a, b) => (b.expirationDate ?? '9999').localeCompare(a.expirationDate ?? '9999'))[0] ?? null
  );
}

/**
 * Keeps the `users` document columns in step with the documents table (the source of truth): call it in the
 * transaction of every change to a driver's papers, after locking the driver's row.
 */
export async function syncDriverPapers(tx: DbOrTx, userId: string, today = parisToday()): Promise<boolean> {
  const [driver] = await tx
    .select({ certifications: users.certifications })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!driver) return false;
  const papers = (await loadPapers(tx, [userId])).get(userId) ?? [];
  const pick = (type: DriverDocumentType) => {
    const paper = bestVerified(papers, type, today);
    return { url: paper ? fileUrlOf(paper.id) : null, expiry: paper?.expirationDate ?? null };
  };
  const licence = pick('permis');
  const card = pick('carte_conducteur');
  const adr = pick('adr');
  const fimo = pick('fimo');
  const fco = pick('fco');
  const verified = documentsVerified(papers, driver.certifications, today);
  await tx
    .update(users)
    .set({
      drivingLicenseUrl: licence.url,
      drivingLicenseExpiry: licence.expiry,
      driverCardUrl: card.url,
      driverCardExpiry: card.expiry,
      adrCardUrl: adr.url,
      adrCardExpiry: adr.expiry,
      fimoUrl: fimo.url,
      fimoExpiry: fimo.expiry,
      fcosUrl: fco.url,
      fcosExpiry: fco.expiry,
      documentsVerified: verified,
    })
    .where(eq(users.id, userId));
  return verified;
}
