import { sql, type SQL } from 'drizzle-orm';
import type { TRANSACTION_TYPES } from '#core/rules/enums.js';
import { planInvoiceAmounts, vatAmountsDecimal } from '#core/rules/billing.js';
import { paymentOverdue, settlementState, toCents, type SettlementStatus } from '#core/rules/money.js';
import {
  LINE_CATEGORIES,
  stateOfCategory,
  type WalletLineKind,
  type WalletLineState,
} from '#core/rules/wallet.js';
import type { TransactionQuery, WalletLine } from '#core/schemas/payments.js';
import type { Db } from '../../db/client.js';
import { isoText } from '../../db/json-sql.js';
import type { User } from '../../db/schema/users.js';
import { AppError } from '../../platform/errors.js';

export type TransactionFilters = Omit<TransactionQuery, 'page' | 'pageSize'>;

export const walletMessages = {
  adminRefused: 'Le portefeuille concerne les chauffeurs et les transporteurs',
  dateOrder: 'La date de fin doit suivre la date de début',
} as const;

/**
 * The caller's money events (decision 040): one line per mission payment of theirs, read from the payment (its
 * amounts before VAT, VAT and with VAT, its settlement state: the one computation every screen and paper shows),
 * and one per card payment, refund or subscription recorded in their transactions. The mission_* steps and the
 * payout are not lines: they are the payment's states.
 */
const lines = (user: User) => sql`
  select p.id, 'mission' as kind, p.mission_id,
    case when p.driver_id = ${user.id} then 'credit' else 'debit' end as type,
    p.amount::text as amount, p.amount_excl_tax::text as amount_excl_tax, p.vat_amount::text as vat_amount,
    p.vat_rate::text as vat_rate, p.settlement_status, p.method, p.engagement_type, p.due_date::text as due_date,
    p.paid_on::text as paid_on, p.payment_reference as reference, p.dispute_reason, null::text as description,
    p.created_at
  from driver_payments p
  where p.driver_id = ${user.id} or p.transporter_id = ${user.id}
  union all
  select t.id, t.category, t.mission_id, t.type, t.amount::text, null, null, null, null, null, null, null, null,
    null, null, t.description, t.created_at
  from transactions t
  where t.user_id = ${user.id} and t.category in (${sql.join(
    LINE_CATEGORIES.map((category) => sql`${category}`),
    sql`, `,
  )})`;

/** The filters on the lines; days are Paris calendar days of when the event began. */
function conditions(filters: TransactionFilters): SQL {
  if (filters.from && filters.to && filters.from > filters.to) {
    throw new AppError(400, walletMessages.dateOrder, { to: walletMessages.dateOrder });
  }
  const parts: SQL[] = [sql`true`];
  if (filters.type) parts.push(sql`l.type = ${filters.type}`);
  if (filters.category) parts.push(sql`l.kind = ${filters.category}`);
  if (filters.missionId) parts.push(sql`l.mission_id = ${filters.missionId}`);
  if (filters.from)
    parts.push(sql`l.created_at >= (${filters.from}::date::timestamp at time zone 'Europe/Paris')`);
  if (filters.to)
    parts.push(sql`l.created_at < ((${filters.to}::date + 1)::timestamp at time zone 'Europe/Paris')`);
  return sql.join(parts, sql` and `);
}

interface LineRow extends Record<string, unknown> {
  id: string;
  kind: WalletLineKind;
  mission_id: string | null;
  mission_title: string | null;
  invoice_number: string | null;
  type: (typeof TRANSACTION_TYPES)[number];
  amount: string;
  amount_excl_tax: string | null;
  vat_amount: string | null;
  vat_rate: string | null;
  settlement_status: SettlementStatus | null;
  method: 'transfer' | 'stripe' | null;
  engagement_type: 'employment' | 'independent' | null;
  due_date: string | null;
  paid_on: string | null;
  reference: string | null;
  dispute_reason: string | null;
  description: string | null;
  created_at: string;
}

function stateOf(row: LineRow, today: string): WalletLineState {
  if (row.kind !== 'mission') return stateOfCategory(row.kind);
  const status = row.settlement_status!;
  const overdue = paymentOverdue(
    { settlementStatus: status, dueDate: row.due_date, method: row.method! },
    today,
  );
  return settlementState(status, overdue, row.method === 'stripe');
}

/**
 * Before VAT, the VAT and its rate: a mission's from its payment; a plan's (Relais's own VAT, decision 041) split
 * from what was paid, as its invoice shows it; none on the other lines.
 */
function vatOf(row: LineRow): Pick<WalletLine, 'amountExclTax' | 'vatAmount' | 'vatRate'> {
  if (row.kind === 'subscription') {
    const { amountExclTax, vatAmount, vatRate } = vatAmountsDecimal(planInvoiceAmounts(toCents(row.amount)));
    return { amountExclTax, vatAmount, vatRate };
  }
  return { amountExclTax: row.amount_excl_tax, vatAmount: row.vat_amount, vatRate: row.vat_rate };
}

const toLine = (row: LineRow, today: string): WalletLine => ({
  id: row.id,
  kind: row.kind,
  missionId: row.mission_id,
  missionTitle: row.mission_title,
  type: row.type,
  state: stateOf(row, today),
  amount: row.amount,
  ...vatOf(row),
  invoiceNumber: row.invoice_number,
  engagementType: row.engagement_type,
  method: row.method,
  dueDate: row.due_date,
  paidOn: row.paid_on,
  reference: row.reference,
  disputeReason: row.dispute_reason,
  description: row.description,
  createdAt: row.created_at,
});

/** The caller's lines that pass the filters, newest first (same instant: by id), `limit` from `offset`. */
export async function walletLines(
  db: Db,
  user: User,
  filters: TransactionFilters,
  today: string,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<WalletLine[]> {
  const where = conditions(filters);
  const { rows } = await db.execute<LineRow>(sql`
    select l.id, l.kind, l.mission_id, m.title as mission_title,
      case when l.kind = 'mission' then m.invoice_number end as invoice_number,
      l.type, l.amount, l.amount_excl_tax, l.vat_amount, l.vat_rate, l.settlement_status, l.method,
      l.engagement_type, l.due_date, l.paid_on, l.reference, l.dispute_reason, l.description,
      ${sql.raw(isoText('l.created_at'))} as created_at
    from (${lines(user)}) l
    left join missions m on m.id = l.mission_id
    where ${where}
    order by l.created_at desc, l.id desc
    limit ${limit} offset ${offset}`);
  return rows.map((row) => toLine(row, today));
}

/** How many of the caller's lines pass the filters. */
export async function countWalletLines(db: Db, user: User, filters: TransactionFilters): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(sql`
    select count(*)::int as total from (${lines(user)}) l where ${conditions(filters)}`);
  return rows[0]?.total ?? 0;
}
