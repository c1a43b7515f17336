import { documentState, type DriverDocumentType } from '#core/rules/documents.js';
import type { DocumentView } from '#core/schemas/documents.js';
import type { documents } from '../../db/schema/documents.js';
import { fileUrlOf, toPaper } from '../../platform/driver-papers.js';
import { parisToday } from '#core/rules/days.js';

export type DocumentRow = typeof documents.$inferSelect;

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
    state: documentState(toPaper(row), today),
    rejectionReason: row.rejectionReason,
    uploadedAt: row.uploadedAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    fileUrl: fileUrlOf(row.id),
  };
}
