import { and, desc, eq, sql } from 'drizzle-orm';
import { roleOf } from '#core/rules/roles.js';
import type { Db } from '../../db/client.js';
import { documentAccesses, documents } from '../../db/schema/documents.js';
import { users, type User } from '../../db/schema/users.js';
import { notFound } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import type { DocumentRow } from './papers.js';
import { paperTypeCondition } from '../../platform/driver-papers.js';

/**
 * Whether a transporter works with the driver now: a pending application to one of their missions, or the
 * driver assigned to one of their missions not yet finished. Only then may they open the driver's verified papers.
 */
async function transporterMayView(db: Db, transporterId: string, driverId: string): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(sql`
    select exists (
      select 1 from mission_applications a join missions m on m.id = a.mission_id
      where a.driver_id = ${driverId} and m.company_id = ${transporterId}
        and a.status = 'pending' and m.status = 'available'
      union all
      select 1 from missions m
      where m.driver_id = ${driverId} and m.company_id = ${transporterId}
        and m.status in ('assigned', 'in_progress', 'delivered')
    ) as ok`);
  return Boolean(rows[0]?.ok);
}

/**
 * A driver's file for someone allowed to see it: the driver, an admin, or a transporter working with the driver
 * (verified documents only). Anyone else gets the same 404 as for a document that does not exist. Every opening
 * by someone other than the driver is recorded and shown to the driver.
 */
export async function openDocumentFile(
  db: Db,
  storage: Storage,
  viewer: User,
  id: string,
  ipAddress: string,
): Promise<{ row: DocumentRow; bytes: Buffer }> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), paperTypeCondition()));
  if (!row) throw notFound('Document introuvable');
  const role = roleOf(viewer);
  const owner = row.userId === viewer.id;
  const allowed =
    owner ||
    role === 'admin' ||
    (role === 'transporter' &&
      row.status === 'verified' &&
      (await transporterMayView(db, viewer.id, row.userId)));
  if (!allowed) throw notFound('Document introuvable');
  const bytes = await storage.get(row.fileUrl);
  if (!bytes) throw notFound('Le fichier de ce document est introuvable');
  if (!owner)
    await db.insert(documentAccesses).values({
      documentId: row.id,
      documentType: row.type,
      ownerId: row.userId,
      viewerId: viewer.id,
      viewerRole: role,
      ipAddress,
    });
  return { row, bytes };
}

/** Who opened the driver's papers, newest first. */
export async function listAccesses(db: Db, driver: User) {
  const rows = await db
    .select({
      id: documentAccesses.id,
      documentId: documentAccesses.documentId,
      documentType: documentAccesses.documentType,
      viewerRole: documentAccesses.viewerRole,
      viewerName: sql<string>`coalesce(${users.companyName}, ${users.fullName}, 'Compte supprimé')`,
      createdAt: documentAccesses.createdAt,
    })
    .from(documentAccesses)
    .leftJoin(users, eq(users.id, documentAccesses.viewerId))
    .where(eq(documentAccesses.ownerId, driver.id))
    .orderBy(desc(documentAccesses.createdAt), desc(documentAccesses.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    documentId: row.documentId,
    documentType: row.documentType,
    viewerRole: row.viewerRole as 'transporter' | 'admin',
    // An admin is "Relais" to the driver: the person behind it does not matter to them.
    viewerName: row.viewerRole === 'admin' ? 'Équipe Relais' : row.viewerName,
    viewedAt: row.createdAt.toISOString(),
  }));
}
