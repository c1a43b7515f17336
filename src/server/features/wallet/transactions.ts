import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { toCsv } from '#core/rules/csv.js';
import { TRANSACTION_CATEGORY_LABELS, type TransactionCategory } from '#core/rules/money.js';
import type { Transaction, TransactionPage, TransactionQuery } from '#core/schemas/payments.js';
import type { Db } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments, transactions } from '../../db/schema/payments.js';
import type { User } from '../../db/schema/users.js';
import { AppError } from '../../platform/errors.js';
import { formatNumericDateTime } from '#core/rules/french-dates.js';

export type TransactionFilters = Omit<TransactionQuery, 'page' | 'pageSize'>;

/** The most rows one export carries (years of a busy account). */
const EXPORT_LIMIT = 20_000;

export const walletMessages = {
  adminRefused: 'Le portefeuille concerne les chauffeurs et les transporteurs',
  dateOrder: 'La date de fin doit suivre la date de début',
} as const;

/** The user's own rows only, with the filters; days are Paris calendar days of the row's creation. */
function conditions(user: User, filters: TransactionFilters): SQL {
  if (filters.from && filters.to && filters.from > filters.to) {
    throw new AppError(400, walletMessages.dateOrder, { to: walletMessages.dateOrder });
  }
  const parts: SQL[] = [eq(transactions.userId, user.id)];
  if (filters.type) parts.push(eq(transactions.type, filters.type));
  if (filters.category) parts.push(eq(transactions.category, filters.category));
  if (filters.missionId) parts.push(eq(transactions.missionId, filters.missionId));
  if (filters.from)
    parts.push(
      sql`${transactions.createdAt} >= (${filters.from}::date::timestamp at time zone 'Europe/Paris')`,
    );
  if (filters.to)
    parts.push(
      sql`${transactions.createdAt} < ((${filters.to}::date + 1)::timestamp at time zone 'Europe/Paris')`,
    );
  return and(...parts)!;
}

const columns = {
  id: transactions.id,
  invoiceNumber: missions.invoiceNumber,
  missionId: transactions.missionId,
  missionTitle: missions.title,
  type: transactions.type,
  category: transactions.category,
  amount: transactions.amount,
  description: transactions.description,
  createdAt: transactions.createdAt,
};

function rows(db: Db, where: SQL) {
  return db
    .select(columns)
    .from(transactions)
    .leftJoin(missions, eq(missions.id, transactions.missionId))
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
}

type Row = Awaited<ReturnType<typeof rows>>[number];

const toTransaction = (row: Row): Transaction => ({
  id: row.id,
  missionId: row.missionId,
  missionTitle: row.missionTitle,
  type: row.type as Transaction['type'],
  category: row.category as Transaction['category'],
  amount: row.amount,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
});

/** GET /api/transactions: the caller's own rows, newest first, one page. */
export async function listTransactions(
  db: Db,
  user: User,
  query: TransactionQuery,
): Promise<TransactionPage> {
  const where = conditions(user, query);
  const [page, [counted]] = await Promise.all([
    rows(db, where)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(transactions)
      .where(where),
  ]);
  return {
    items: page.map(toTransaction),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

const comma = (value: string | null) => (value === null ? '' : value.replace('.', ','));

/**
 * The same rows as a French spreadsheet (toCsv: `;`, BOM, formula-safe cells), amounts with a decimal comma. A
 * row about what a mission owes also carries that amount before VAT, the VAT and with VAT, from the mission's
 * payment (the one computation every screen and paper shows), and the invoice's number once issued.
 */
export async function transactionsCsv(db: Db, user: User, filters: TransactionFilters): Promise<string> {
  const found = await rows(db, conditions(user, filters)).limit(EXPORT_LIMIT);
  const missionIds = [...new Set(found.map((row) => row.missionId).filter((id) => id !== null))];
  const owed = new Map(
    (missionIds.length === 0
      ? []
      : await db
          .select({
            missionId: driverPayments.missionId,
            net: driverPayments.amountExclTax,
            vat: driverPayments.vatAmount,
            gross: driverPayments.amount,
          })
          .from(driverPayments)
          .where(inArray(driverPayments.missionId, missionIds))
    ).map((payment) => [payment.missionId, payment]),
  );
  return toCsv([
    [
      'Date',
      'Mission',
      'Type',
      'Catégorie',
      'Montant (€)',
      'Montant HT de la mission (€)',
      'TVA de la mission (€)',
      'Montant TTC de la mission (€)',
      'N° de facture',
      'Description',
    ],
    ...found.map((row) => {
      const payment =
        row.category.startsWith('mission_') && row.missionId ? owed.get(row.missionId) : undefined;
      return [
        formatNumericDateTime(row.createdAt),
        row.missionTitle,
        row.type === 'credit' ? 'Crédit' : 'Débit',
        TRANSACTION_CATEGORY_LABELS[row.category as TransactionCategory] ?? row.category,
        comma(row.amount),
        comma(payment?.net ?? null),
        comma(payment?.vat ?? null),
        comma(payment?.gross ?? null),
        row.invoiceNumber,
        row.description,
      ];
    }),
  ]);
}
