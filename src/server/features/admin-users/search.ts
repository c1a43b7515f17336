import { and, count, desc, eq, gte, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SubscriptionPlan } from '#core/rules/enums.js';
import { roleOf } from '#core/rules/roles.js';
import type {
  AccountState,
  AdminUserList,
  AdminUserRow,
  adminUserQuerySchema,
} from '#core/schemas/admin-users.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { users, type User } from '../../db/schema/users.js';
import { inTeamWorlds } from '../../platform/demo-world.js';

type Query = z.output<typeof adminUserQuerySchema>;

/** Where the account stands for the team: deleted by its holder, closed (deactivated or suspended), or open. */
export function accountState(user: Pick<User, 'isActive' | 'accountStatus'>): AccountState {
  if (user.accountStatus === 'deleted') return 'deleted';
  return user.isActive && user.accountStatus === 'active' ? 'active' : 'deactivated';
}

const rowColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  phone: users.phone,
  userType: users.userType,
  isAdmin: users.isAdmin,
  companyName: users.companyName,
  siretNumber: users.siretNumber,
  subscriptionPlan: users.subscriptionPlan,
  isActive: users.isActive,
  accountStatus: users.accountStatus,
  emailVerified: users.emailVerified,
  isDemo: users.isDemo,
  createdAt: users.createdAt,
  lastLogin: users.lastLogin,
};
type RowFields = Pick<User, keyof typeof rowColumns>;

export function toRow(user: RowFields): AdminUserRow {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    phone: user.phone,
    role: roleOf(user),
    companyName: user.companyName,
    siretNumber: user.siretNumber,
    plan: user.subscriptionPlan as SubscriptionPlan,
    state: accountState(user),
    emailVerified: user.emailVerified,
    isDemo: user.isDemo,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
  };
}

/** Lower case, accents off, the way the columns are compared (PostgreSQL's unaccent). */
const folded = (column: AnyColumn) => sql`lower(unaccent(coalesce(${column}, '')))`;
const digitsOf = (column: AnyColumn) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;
/** `%`, `_` and `\` typed in the search are plain characters. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The words of the search, each found in the name, the company, the e-mail; its digits in the phone or the SIRET
 * (spaces, dots and dashes ignored; « +33 6… » finds « 06… »).
 */
function searchCondition(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 6);
  if (words.length === 0) return undefined;
  const text = and(
    ...words.map((word) => {
      const pattern = `%${likeEscaped(word)}%`;
      const needle = sql`lower(unaccent(${pattern}))`;
      return or(
        sql`${folded(users.fullName)} like ${needle}`,
        sql`${folded(users.companyName)} like ${needle}`,
        sql`lower(${users.email}) like lower(${pattern})`,
      );
    }),
  );
  let digits = q.replace(/[^0-9]/g, '');
  if (/^\s*(\+|00)33/.test(q)) digits = `0${digits.replace(/^(00)?33/, '')}`;
  // A phone or SIRET search only makes sense with a few digits, and only when the search is nothing but them.
  const onlyNumber = /^[\d\s.+()-]+$/.test(q) && digits.length >= 4;
  if (!onlyNumber) return text;
  return or(
    text,
    sql`${digitsOf(users.phone)} like ${`%${digits}%`}`,
    // +33 6… stored as such: its digits start with 33 instead of 0.
    digits.startsWith('0') ? sql`${digitsOf(users.phone)} like ${`%33${digits.slice(1)}%`}` : undefined,
    sql`${digitsOf(users.siretNumber)} like ${`%${digits}%`}`,
  );
}

function roleCondition(role: Query['role']): SQL | undefined {
  if (role === 'admin') return or(eq(users.isAdmin, true), eq(users.userType, 'admin'));
  if (role === 'driver') return and(eq(users.userType, 'driver'), eq(users.isAdmin, false));
  if (role === 'transporter') return and(eq(users.userType, 'company'), eq(users.isAdmin, false));
  return undefined;
}

function statusCondition(status: Query['status']): SQL | undefined {
  if (status === 'deleted') return eq(users.accountStatus, 'deleted');
  if (status === 'active') return and(eq(users.isActive, true), eq(users.accountStatus, 'active'));
  if (status === 'deactivated')
    return sql`${users.accountStatus} <> 'deleted' and (not ${users.isActive} or ${users.accountStatus} <> 'active')`;
  return undefined;
}

/**
 * GET /api/admin/users: newest first, paged. A role filter follows users_user_type_idx (user_type, created_at);
 * the text search reads every row (no trigram index on the names yet: fine for tens of thousands of accounts).
 */
export async function searchUsers(db: Db, query: Query): Promise<AdminUserList> {
  const where = and(
    // Never a visitor's demonstration sandbox (platform/demo-world.ts); the showroom's accounts are « démo ».
    inTeamWorlds(users.sandboxId),
    query.q ? searchCondition(query.q) : undefined,
    roleCondition(query.role),
    query.plan ? eq(users.subscriptionPlan, query.plan) : undefined,
    statusCondition(query.status),
    query.verified ? eq(users.emailVerified, query.verified === 'true') : undefined,
    query.demo ? eq(users.isDemo, query.demo === 'true') : undefined,
    query.createdFrom ? gte(users.createdAt, query.createdFrom) : undefined,
    query.createdTo ? lte(users.createdAt, query.createdTo) : undefined,
  );
  const { page, pageSize } = query;
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toRow), total: total?.value ?? 0, page, pageSize };
}
