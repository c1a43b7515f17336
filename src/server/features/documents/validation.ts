import { and, asc, eq, sql } from 'drizzle-orm';
import { profileVerdicts } from '#core/rules/documents.js';
import type { ValidationView } from '#core/schemas/documents.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { documents, driverApplications } from '../../db/schema/documents.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import {
  papersOf,
  paperTypeCondition,
  paperTypeSql,
  syncDriverPapers,
} from '../../platform/driver-papers.js';
import { inWorld, REAL_WORLD } from '../../platform/demo-world.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { historyOf } from './history.js';
import { toDocumentView } from './papers.js';
import { parisToday } from '#core/rules/days.js';

type ApplicationRow = typeof driverApplications.$inferSelect;

/** A driver with no row yet is waiting for validation: every driver account starts there. */
function toValidation(row: ApplicationRow | null | undefined): ValidationView {
  return {
    status: (row?.status ?? 'pending_validation') as ValidationView['status'],
    interviewDate: row?.interviewDate?.toISOString() ?? null,
    rejectionReason: row?.status === 'rejected' ? (row.rejectionReason ?? null) : null,
    validatedAt: row?.validatedAt?.toISOString() ?? null,
  };
}

export async function validationOf(db: DbOrTx, driverId: string): Promise<ValidationView> {
  const [row] = await db.select().from(driverApplications).where(eq(driverApplications.userId, driverId));
  return toValidation(row);
}

const driverColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  phone: users.phone,
  licenseType: users.licenseType,
  certifications: users.certifications,
  createdAt: users.createdAt,
  documentsVerified: users.documentsVerified,
};

function toAdminDriver(
  driver: Pick<User, keyof typeof driverColumns>,
  application: ApplicationRow | null,
  counts: { pending: number; verified: number; rejected: number },
) {
  return {
    id: driver.id,
    fullName: driver.fullName,
    email: driver.email,
    phone: driver.phone,
    licenseType: driver.licenseType,
    certifications: driver.certifications,
    registeredAt: driver.createdAt.toISOString(),
    documentsVerified: driver.documentsVerified,
    documentCounts: counts,
    validation: {
      ...toValidation(application),
      interviewNotes: application?.interviewNotes ?? null,
      adminNotes: application?.adminNotes ?? null,
    },
  };
}

/**
 * The validation queue: drivers by status, the longest waiting first. Real drivers only: a demo account's papers
 * are scenery, not for the team to validate (platform/demo-world.ts).
 */
export async function driverQueue(db: Db, status: 'pending_validation' | 'approved' | 'rejected' | 'all') {
  const statusOf = sql<string>`coalesce(${driverApplications.status}, 'pending_validation')`;
  const rows = await db
    .select({
      driver: driverColumns,
      application: driverApplications,
      pending: sql<number>`(select count(*)::int from documents d where d.user_id = ${users.id} and d.status = 'pending' and ${paperTypeSql('d')})`,
      verified: sql<number>`(select count(*)::int from documents d where d.user_id = ${users.id} and d.status = 'verified' and ${paperTypeSql('d')})`,
      rejected: sql<number>`(select count(*)::int from documents d where d.user_id = ${users.id} and d.status = 'rejected' and ${paperTypeSql('d')})`,
    })
    .from(users)
    .leftJoin(driverApplications, eq(driverApplications.userId, users.id))
    .where(
      and(
        eq(users.userType, 'driver'),
        eq(users.accountStatus, 'active'),
        inWorld(users.sandboxId, REAL_WORLD),
        status === 'all' ? undefined : sql`${statusOf} = ${status}`,
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(200);
  return {
    drivers: rows.map((row) =>
      toAdminDriver(row.driver, row.application, {
        pending: row.pending,
        verified: row.verified,
        rejected: row.rejected,
      }),
    ),
  };
}

export async function driverDetail(db: Db, driverId: string) {
  const [row] = await db
    .select({ driver: driverColumns, application: driverApplications })
    .from(users)
    .leftJoin(driverApplications, eq(driverApplications.userId, users.id))
    .where(and(eq(users.id, driverId), eq(users.userType, 'driver')));
  if (!row) throw notFound('Chauffeur introuvable');
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, driverId), paperTypeCondition()))
    .orderBy(asc(documents.type), asc(documents.uploadedAt), asc(documents.id));
  const views = rows.map((document) => toDocumentView(document));
  const count = (status: string) => views.filter((view) => view.status === status).length;
  const papers = papersOf(rows);
  const today = parisToday();
  const history = await historyOf(db, 'driver', [driverId]);
  return {
    ...toAdminDriver(row.driver, row.application, {
      pending: count('pending'),
      verified: count('verified'),
      rejected: count('rejected'),
    }),
    documents: views,
    requirements: profileVerdicts(papers, row.driver.certifications, today),
    history: history.get(driverId) ?? [],
  };
}

type Step =
  | { step: 'interview'; interviewDate: Date; notes: string | null | undefined }
  | { step: 'approved'; notes: string | null | undefined }
  | { step: 'rejected'; reason: string };

/**
 * An admin moves a driver's validation on: an interview (date, notes), then approval or rejection. The driver's
 * row is locked so two admins cannot decide at once; approval needs the driver's papers verified.
 */
export async function advanceValidation(
  db: Db,
  events: EventBus,
  admin: User,
  driverId: string,
  step: Step,
  ipAddress: string,
) {
  const told = await db.transaction(async (tx) => {
    const [driver] = await tx
      .select({ id: users.id, documentsVerified: users.documentsVerified, userType: users.userType })
      .from(users)
      .where(and(eq(users.id, driverId), eq(users.accountStatus, 'active')))
      .for('update');
    if (!driver || driver.userType !== 'driver') throw notFound('Chauffeur introuvable');
    const [existing] = await tx
      .select()
      .from(driverApplications)
      .where(eq(driverApplications.userId, driverId));
    const status = existing?.status ?? 'pending_validation';
    if (step.step === 'interview' && status !== 'pending_validation')
      throw new AppError(409, 'Ce chauffeur a déjà reçu une décision.');
    if (step.step === 'approved') {
      if (status === 'approved') throw new AppError(409, 'Ce chauffeur est déjà validé.');
      // Judged now, from the papers and the qualifications declared today, not from a stored flag.
      if (!(await syncDriverPapers(tx, driverId)))
        throw new AppError(
          409,
          'Vérifiez d’abord les documents du chauffeur : permis, carte de conducteur et FIMO/FCO valides.',
        );
    }
    if (step.step === 'rejected' && status === 'rejected')
      throw new AppError(409, 'Ce chauffeur est déjà refusé.');
    const values =
      step.step === 'interview'
        ? {
            interviewDate: step.interviewDate,
            interviewNotes: step.notes ?? existing?.interviewNotes ?? null,
          }
        : step.step === 'approved'
          ? {
              status: 'approved',
              validatedBy: admin.id,
              validatedAt: new Date(),
              rejectionReason: null,
              adminNotes: step.notes ?? existing?.adminNotes ?? null,
            }
          : {
              status: 'rejected',
              validatedBy: admin.id,
              validatedAt: new Date(),
              rejectionReason: step.reason,
            };
    const [row] = await tx
      .insert(driverApplications)
      .values({ userId: driverId, ...values })
      .onConflictDoUpdate({ target: driverApplications.userId, set: values })
      .returning();
    await logAdminAction(tx, {
      adminId: admin.id,
      action: `driver.${step.step === 'interview' ? 'interview' : step.step === 'approved' ? 'approve' : 'reject'}`,
      targetType: 'driver',
      targetId: driverId,
      details:
        step.step === 'interview'
          ? { interviewDate: step.interviewDate.toISOString() }
          : step.step === 'rejected'
            ? { reason: step.reason }
            : {},
      ipAddress,
    });
    return recordDomainEvent(tx, {
      type: 'driver.validation',
      driverId,
      step: step.step,
      interviewDate: row!.interviewDate?.toISOString() ?? null,
      reason: step.step === 'rejected' ? step.reason : null,
    });
  });
  await events.publish(told);
  return driverDetail(db, driverId);
}
