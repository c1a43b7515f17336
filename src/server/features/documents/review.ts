import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { DRIVER_DOCUMENT_LABELS, type DriverDocumentType } from '#core/rules/documents.js';
import type { z } from 'zod';
import type { adminDocumentFilterSchema } from '#core/schemas/documents.js';
import type { Db } from '../../db/client.js';
import { documents } from '../../db/schema/documents.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { accountInWorld, REAL_WORLD } from '../../platform/demo-world.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { historyOf } from './history.js';
import { paperTypeCondition, syncDriverPapers } from '../../platform/driver-papers.js';
import { toDocumentView } from './papers.js';

const PAGE_SIZE = 20;

/**
 * The documents queue: waiting ones oldest first (the longest wait is handled first), others newest first. Real
 * accounts' papers only: a demo account's are scenery, not for the team to check (platform/demo-world.ts).
 */
export async function documentQueue(db: Db, filter: z.output<typeof adminDocumentFilterSchema>) {
  const where = and(
    paperTypeCondition(),
    accountInWorld(documents.userId, REAL_WORLD),
    filter.status === 'all' ? undefined : eq(documents.status, filter.status),
    filter.type ? eq(documents.type, filter.type) : undefined,
  );
  const [{ total }] = (await db.select({ total: count() }).from(documents).where(where)) as [
    { total: number },
  ];
  const rows = await db
    .select({ document: documents, driver: { id: users.id, fullName: users.fullName, email: users.email } })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.userId))
    .where(where)
    .orderBy(
      filter.status === 'pending' ? asc(documents.uploadedAt) : desc(documents.uploadedAt),
      asc(documents.id),
    )
    .limit(PAGE_SIZE)
    .offset((filter.page - 1) * PAGE_SIZE);
  const history = await historyOf(
    db,
    'document',
    rows.map((row) => row.document.id),
  );
  return {
    documents: rows.map((row) => ({
      ...toDocumentView(row.document),
      driver: row.driver,
      history: history.get(row.document.id) ?? [],
    })),
    total,
    page: filter.page,
    pageSize: PAGE_SIZE,
  };
}

type Decision = { decision: 'verified' } | { decision: 'rejected'; reason: string };

/**
 * An admin verifies or rejects a waiting document (a decided one stays decided: a forgery found later is a matter
 * for the account, not for this queue). Verifying retires the driver's earlier verified document of the same type.
 * The row is locked, so two admins deciding at once are served one after the other and the second is told.
 */
export async function reviewDocument(
  db: Db,
  events: EventBus,
  admin: User,
  id: string,
  decision: Decision,
  ipAddress: string,
) {
  const { row, told } = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ userId: documents.userId })
      .from(documents)
      .where(and(eq(documents.id, id), paperTypeCondition()));
    if (!found) throw notFound('Document introuvable');
    // The driver's row first, as every change to their papers does: no deadlock with an upload.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, found.userId)).for('update');
    const [current] = await tx.select().from(documents).where(eq(documents.id, id)).for('update');
    if (!current) throw notFound('Document introuvable');
    // Only a waiting document is decided: two admins at once get one decision and one 409.
    if (current.status !== 'pending')
      throw new AppError(
        409,
        current.status === 'replaced'
          ? 'Ce document a été remplacé par une version plus récente.'
          : `Ce document est déjà ${current.status === 'verified' ? 'vérifié' : 'refusé'}.`,
      );
    if (decision.decision === 'verified')
      await tx
        .update(documents)
        .set({ status: 'replaced' })
        .where(
          and(
            eq(documents.userId, current.userId),
            eq(documents.type, current.type),
            eq(documents.status, 'verified'),
            ne(documents.id, id),
          ),
        );
    const [updated] = await tx
      .update(documents)
      .set(
        decision.decision === 'verified'
          ? { status: 'verified', verifiedAt: sql`now()`, verifiedBy: admin.id, rejectionReason: null }
          : { status: 'rejected', verifiedAt: null, verifiedBy: admin.id, rejectionReason: decision.reason },
      )
      .where(eq(documents.id, id))
      .returning();
    await syncDriverPapers(tx, current.userId);
    await logAdminAction(tx, {
      adminId: admin.id,
      action: decision.decision === 'verified' ? 'document.verify' : 'document.reject',
      targetType: 'document',
      targetId: id,
      details: {
        driverId: current.userId,
        type: current.type,
        ...(decision.decision === 'rejected' ? { reason: decision.reason } : {}),
      },
      ipAddress,
    });
    const told = await recordDomainEvent(tx, {
      type: 'document.reviewed',
      documentId: updated!.id,
      driverId: updated!.userId,
      documentLabel: DRIVER_DOCUMENT_LABELS[updated!.type as DriverDocumentType] ?? 'Document',
      decision: decision.decision,
      reason: decision.decision === 'rejected' ? decision.reason : null,
    });
    return { row: updated!, told };
  });
  await events.publish(told);
  const history = await historyOf(db, 'document', [row.id]);
  const [driver] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, row.userId));
  return { ...toDocumentView(row), driver: driver!, history: history.get(row.id) ?? [] };
}
