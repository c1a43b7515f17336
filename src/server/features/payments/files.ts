import { and, eq, inArray } from 'drizzle-orm';
import { documents } from '../../db/schema/documents.js';
import type { User } from '../../db/schema/users.js';
import { notFound } from '../../platform/errors.js';
import { MONEY_TYPES, sideOf, type PaymentDeps } from './shared.js';

const missingDocument = () => notFound('Document introuvable');

/**
 * A money document's PDF (invoice, hours statement, payslip, a replaced one included) for the mission's two
 * parties and administrators; anyone else is told it is not there.
 */
export async function openMoneyDocument(
  { db, storage }: Pick<PaymentDeps, 'db' | 'storage'>,
  viewer: User,
  missionId: string,
  documentId: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  await sideOf(db, viewer, missionId).catch(() => {
    throw missingDocument();
  });
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.missionId, missionId),
        inArray(documents.type, MONEY_TYPES),
      ),
    );
  if (!row) throw missingDocument();
  const bytes = await storage.get(row.fileUrl);
  if (!bytes) throw notFound('Le fichier de ce document est introuvable');
  return { bytes, fileName: row.fileName };
}
