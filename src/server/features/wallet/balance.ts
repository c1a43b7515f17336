import { sql, type SQL } from 'drizzle-orm';
import { monthLabel } from '#core/rules/money.js';
import type { WalletBalance, WalletChart } from '#core/schemas/payments.js';
import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema/users.js';
import { parisDate } from '#core/rules/days.js';

export type WalletRole = 'driver' | 'transporter';

/**
 * Sums of numeric(12,2) stay exact in PostgreSQL and travel as text ("1234.50"), never through a float; the cast
 * keeps two decimals and room for any number of rows (a narrower one overflows, a 500, on large accounts).
 */
const SUM = 'numeric(30,2)';
const total = (condition: SQL, column = 'amount') =>
  sql`coalesce(sum(${sql.raw(column)}) filter (where ${condition}), 0)::${sql.raw(SUM)}::text`;
/** A driver earns the amount before VAT (the VAT collected is the state's); a transporter pays it all. */
const earnedColumn = (role: WalletRole) => (role === 'driver' ? 'amount_excl_tax' : 'amount');
const count = (condition: SQL) => sql`(count(*) filter (where ${condition}))::int`;

/** The user's side of the payments: what they are owed (driver) or owe (transporter). */
const mine = (user: User, role: WalletRole) =>
  role === 'driver' ? sql`driver_id = ${user.id}` : sql`transporter_id = ${user.id}`;

/** The start of the current month or year in Paris, as an instant. */
const parisStart = (period: 'month' | 'year') =>
  sql.raw(`(date_trunc('${period}', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`);

/**
 * Settled: a driver counts what they confirmed receiving; a transporter what they paid (declared paid, or
 * confirmed by the driver). The day it counts for is the payment's date, else when it was declared or confirmed.
 */
function settled(role: WalletRole): { condition: SQL; day: SQL } {
  const at = (column: string) => sql.raw(`(${column} at time zone 'Europe/Paris')::date`);
  return role === 'driver'
    ? {
        condition: sql`settlement_status = 'confirmed'`,
        day: sql`coalesce(paid_on, ${at('paid_at')}, ${at('confirmed_at')}, ${at('updated_at')})`,
      }
    : {
        condition: sql`settlement_status in ('marked_paid', 'confirmed')`,
        day: sql`coalesce(paid_on, ${at('marked_paid_at')}, ${at('paid_at')}, ${at('confirmed_at')}, ${at('updated_at')})`,
      };
}

/**
 * GET /api/wallet/balance. Overdue: owed or disputed after its due date (Paris today, core isOverdue); pending:
 * owed and not yet due, and, for a driver, declared paid and waiting for their confirmation; disputed: every
 * disputed payment (one past its due date is also overdue). This month / year: what the missions completed then owe.
 * A driver's received, this month and this year are before VAT, the VAT apart (`vat`).
 */
export async function walletBalance(
  db: Db,
  user: User,
  role: WalletRole,
  today = parisDate(new Date()),
): Promise<WalletBalance> {
  // A mission paid by card waits for the transporter's validation of the transfer: pending, never late.
  const overdue = sql`settlement_status in ('owed', 'disputed') and method = 'transfer' and due_date < ${today}::date`;
  const notYetDue = sql`settlement_status = 'owed' and (due_date >= ${today}::date or method = 'stripe')`;
  const pending = role === 'driver' ? sql`(${notYetDue}) or settlement_status = 'marked_paid'` : notYetDue;
  const disputed = sql`settlement_status = 'disputed'`;
  const completed = sql`coalesce(completed_at, created_at)`;
  const {
    rows: [row],
  } = await db.execute<{
    settled: string;
    pending: string;
    overdue: string;
    disputed: string;
    this_month: string;
    this_year: string;
    settled_vat: string;
    this_month_vat: string;
    this_year_vat: string;
    pending_count: number;
    overdue_count: number;
    disputed_count: number;
  }>(sql`
    select
      ${total(settled(role).condition, earnedColumn(role))} as settled,
      ${total(pending)} as pending,
      ${total(overdue)} as overdue,
      ${total(disputed)} as disputed,
      ${total(sql`${completed} >= ${parisStart('month')}`, earnedColumn(role))} as this_month,
      ${total(sql`${completed} >= ${parisStart('year')}`, earnedColumn(role))} as this_year,
      ${total(settled(role).condition, 'vat_amount')} as settled_vat,
      ${total(sql`${completed} >= ${parisStart('month')}`, 'vat_amount')} as this_month_vat,
      ${total(sql`${completed} >= ${parisStart('year')}`, 'vat_amount')} as this_year_vat,
      ${count(pending)} as pending_count,
      ${count(overdue)} as overdue_count,
      ${count(disputed)} as disputed_count
    from driver_payments
    where ${mine(user, role)}`);
  return {
    role,
    currency: 'eur',
    settled: row!.settled,
    pending: row!.pending,
    overdue: row!.overdue,
    disputed: row!.disputed,
    thisMonth: row!.this_month,
    thisYear: row!.this_year,
    counts: { pending: row!.pending_count, overdue: row!.overdue_count, disputed: row!.disputed_count },
    vat:
      role === 'driver'
        ? { settled: row!.settled_vat, thisMonth: row!.this_month_vat, thisYear: row!.this_year_vat }
        : null,
  };
}

/**
 * GET /api/wallet/chart: the 12 months ending with this one (Paris calendar), oldest first, each month present
 * (zero when nothing happened). Earned: what the missions completed that month owe; settled: what was settled
 * that month (see `settled`). A driver's before VAT, as their balance.
 */
export async function walletChart(db: Db, user: User, role: WalletRole): Promise<WalletChart> {
  const { condition, day } = settled(role);
  const { rows } = await db.execute<{ month: string; earned: string; settled: string }>(sql`
    with months as (
      select generate_series(
        date_trunc('month', now() at time zone 'Europe/Paris') - interval '11 months',
        date_trunc('month', now() at time zone 'Europe/Paris'),
        interval '1 month')::date as month
    ), mine as (
      select * from driver_payments where ${mine(user, role)}
    ), earned as (
      select date_trunc('month', coalesce(completed_at, created_at) at time zone 'Europe/Paris')::date as month,
        sum(${sql.raw(earnedColumn(role))}) as total
      from mine group by 1
    ), settled as (
      select date_trunc('month', (${day})::timestamp)::date as month, sum(${sql.raw(earnedColumn(role))}) as total
      from mine where ${condition} group by 1
    )
    select to_char(m.month, 'YYYY-MM') as month,
      coalesce(e.total, 0)::${sql.raw(SUM)}::text as earned,
      coalesce(s.total, 0)::${sql.raw(SUM)}::text as settled
    from months m
    left join earned e on e.month = m.month
    left join settled s on s.month = m.month
    order by m.month`);
  return {
    role,
    months: rows.map((row) => ({
      month: row.month,
      label: monthLabel(row.month),
      earned: row.earned,
      settled: row.settled,
    })),
  };
}
