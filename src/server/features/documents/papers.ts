import { eq } from 'drizzle-orm';
import {
  documentState,
  documentsVerified,
  type DriverDocumentType,
  type Paper,
} from '#core/rules/documents.js';
import type { DocumentView } from '#core/schemas/documents.js';
import type { DbOrTx } from '../../db/client.js';
import type { documents } from '../../db/schema/documents.js';
import { users } from '../../db/schema/users.js';
import { loadPapers, parisToday } from '../../platform/driver-papers.js';

export type DocumentRow = typeof documents.$inferSelect;

export const fileUrlOf = (id: string) => `/api/documents/${id}/file`;

/** The one place a document row becomes what the API answers. */
export function toDocumentView(row: DocumentRow, today = parisToday()): DocumentView {
  return {
    id: row.id,
    type: row.type as DriverDocumentType,
    fileName: row.fileName,
    mimeType: row.mimeType ?? 'application/octet-stream',
    sizeBytes: row.sizeBytes ?? 0,
    number: row.number,
    label: row.details?.label ?? null,
    categories: row.details?.categories ?? [],
    adrKinds: row.details?.adrKinds ?? [],
    issuedAt: row.issuedAt,
    expiresAt: row.expirationDate,
    status: row.status as DocumentView['status'],
    state: documentState({ ...row, uploadedAt: row.uploadedAt.toISOString() }, today),
    rejectionReason: row.rejectionReason,
    uploadedAt: row.uploadedAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    fileUrl: fileUrlOf(row.id),
  };
}

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
