import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DRIVER_DOCUMENT_LABELS } from '#core/rules/documents.js';
import { DOCUMENT_MAX_BYTES, documentMessages, type DocumentUploadInput } from '#core/schemas/documents.js';
import { cleanText } from '#core/schemas/text.js';
import type { Db } from '../../db/client.js';
import { documents } from '../../db/schema/documents.js';
import { users, type User } from '../../db/schema/users.js';
import { AppError, notFound, unauthorized } from '../../platform/errors.js';
import { sha256Hex } from '../../platform/pdf.js';
import { openAccountRow } from '../../platform/sessions.js';
import type { FormFile } from '../../platform/form-data.js';
import type { Storage } from '../../platform/storage.js';
import { inspectUpload, NOT_A_DOCUMENT, sanitizeUpload } from '../../platform/uploads.js';
import { paperTypeCondition, syncDriverPapers } from '../../platform/driver-papers.js';
import { toDocumentView, type DocumentRow } from './papers.js';

/** Papers a driver keeps at once (history of replaced ones aside): enough for every type and a few others. */
const MAX_LIVE_DOCUMENTS = 30;
const tooMany = `Vous avez déjà ${MAX_LIVE_DOCUMENTS} documents : supprimez ceux qui ne servent plus.`;

/** The name shown for the file: what the browser sent with it, cleaned, or the type's label. */
function displayName(raw: string | null, fallback: string, ext: string): string {
  const cleaned = cleanText((raw ?? '').replace(/[\\/]/g, '_'));
  const base = cleaned.ok && cleaned.text ? cleaned.text.slice(0, 120) : fallback;
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
}

/**
 * Stores a driver's new document: the content decides the type (never the name), images lose their metadata,
 * the file is written first and the row after, so a failure leaves no row without its file (and the file of a
 * refused row is removed). A pending document of the same type is replaced by the new one (one waits per type,
 * "autre" aside); a verified one stays in force until Relais verifies its successor.
 */
export async function uploadDocument(
  db: Db,
  storage: Storage,
  driver: User,
  input: DocumentUploadInput,
  files: FormFile[],
) {
  const sent = files.filter((file) => file.field === 'file');
  if (sent.length !== 1) throw new AppError(400, documentMessages.file, { file: documentMessages.file });
  const { bytes, fileName: rawName } = sent[0]!;
  if (bytes.length === 0) throw new AppError(400, documentMessages.file, { file: documentMessages.file });
  if (bytes.length > DOCUMENT_MAX_BYTES)
    throw new AppError(413, documentMessages.fileTooLarge, { file: documentMessages.fileTooLarge });
  const kind = inspectUpload(bytes);
  if (!kind) throw new AppError(415, NOT_A_DOCUMENT, { file: NOT_A_DOCUMENT });
  const clean = await sanitizeUpload(bytes, kind.kind).catch((error: unknown) => {
    // The form shows why under the file field.
    if (error instanceof AppError)
      throw new AppError(error.statusCode, error.message, { file: error.message });
    throw error;
  });
  const id = randomUUID();
  const key = `documents/${driver.id}/${id}.${kind.ext}`;
  await storage.put(key, clean);
  const removedKeys: string[] = [];
  try {
    const row = await db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: users.id })
        .from(users)
        .where(openAccountRow(driver.id))
        .for('update');
      if (!open) throw unauthorized();
      const [{ live }] = (await tx
        .select({ live: sql<number>`count(*)::int` })
        .from(documents)
        .where(
          and(
            eq(documents.userId, driver.id),
            paperTypeCondition(),
            inArray(documents.status, ['pending', 'verified', 'rejected']),
          ),
        )) as [{ live: number }];
      if (input.type !== 'autre') {
        const stale = await tx
          .delete(documents)
          .where(
            and(
              eq(documents.userId, driver.id),
              eq(documents.type, input.type),
              inArray(documents.status, ['pending', 'rejected']),
            ),
          )
          .returning({ fileUrl: documents.fileUrl });
        removedKeys.push(...stale.map((old) => old.fileUrl));
        if (live - stale.length >= MAX_LIVE_DOCUMENTS) throw new AppError(409, tooMany);
      } else if (live >= MAX_LIVE_DOCUMENTS) throw new AppError(409, tooMany);
      const [saved] = await tx
        .insert(documents)
        .values({
          id,
          userId: driver.id,
          type: input.type,
          fileName: displayName(rawName, DRIVER_DOCUMENT_LABELS[input.type], kind.ext),
          fileUrl: key,
          mimeType: kind.mime,
          sizeBytes: clean.length,
          sha256: sha256Hex(clean),
          number: input.number,
          issuedAt: input.issuedAt,
          expirationDate: input.expiresAt,
          details: {
            ...(input.categories.length ? { categories: input.categories } : {}),
            ...(input.adrKinds.length ? { adrKinds: input.adrKinds } : {}),
            ...(input.label ? { label: input.label } : {}),
          },
        })
        .returning();
      await syncDriverPapers(tx, driver.id);
      return saved!;
    });
    for (const old of removedKeys) await storage.remove(old).catch(() => undefined);
    return toDocumentView(row);
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    throw error;
  }
}

/** A driver removes one of their papers (a mistake, an old one): the file goes with it. */
export async function deleteDocument(db: Db, storage: Storage, driver: User, id: string): Promise<void> {
  const removed: DocumentRow | undefined = await db.transaction(async (tx) => {
    // The driver's row first, as every change to their papers does (no deadlock with a review).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, driver.id)).for('update');
    const [row] = await tx
      .delete(documents)
      .where(and(eq(documents.id, id), eq(documents.userId, driver.id), paperTypeCondition()))
      .returning();
    if (row) await syncDriverPapers(tx, driver.id);
    return row;
  });
  if (!removed) throw notFound('Document introuvable');
  await storage.remove(removed.fileUrl).catch(() => undefined);
}
