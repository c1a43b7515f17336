import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';

export interface AudienceRow {
  /** Paris day, YYYY-MM-DD. */
  day: string;
  page: string;
  deviceType: string;
  views: number;
}

export interface SessionRow {
  sessionId: string;
  userId: string | null;
  userAgent: string | null;
  /** Already truncated. */
  ipAddress: string | null;
  /** A host only. */
  referrer: string | null;
  landingPage: string | null;
  deviceType: string;
  startedAt: Date;
  endedAt: Date;
  pageViews: number;
}

export interface VisitRow {
  visitorId: string;
  sessionId: string;
  page: string;
  userType: string;
  userId: string | null;
  at: Date;
}

export interface EventRow {
  sessionId: string;
  userId: string | null;
  eventType: string;
  eventCategory: string | null;
  eventLabel: string | null;
  pagePath: string;
  pageTitle: string | null;
  at: Date;
}

interface ConversionRow {
  visitorId: string;
  userId: string;
}

/** What a flush writes: sums keyed so each key is written once per statement. */
export interface Batch {
  audience: Map<string, AudienceRow>;
  sessions: Map<string, SessionRow>;
  visits: VisitRow[];
  events: EventRow[];
  conversions: ConversionRow[];
}

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;
/** A user id that may have gone meanwhile (account deleted between the beacon and the flush): null then. */
const liveUser = sql`(select u.id from users u where u.id = x."userId")`;

async function writeAudience(tx: DbOrTx, rows: AudienceRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  // Sorted: two instances flushing at once take the row locks in the same order (no deadlock).
  const sorted = [...rows].sort((a, b) =>
    a.day === b.day
      ? a.page === b.page
        ? a.deviceType.localeCompare(b.deviceType)
        : a.page < b.page
          ? -1
          : 1
      : a.day < b.day
        ? -1
        : 1,
  );
  await tx.execute(sql`
    insert into analytics_audience (day, page, device_type, views)
    select x.day, x.page, x."deviceType", x.views
    from jsonb_to_recordset(${json(sorted)}) as x(day date, page text, "deviceType" text, views int)
    on conflict (day, page, device_type) do update set views = analytics_audience.views + excluded.views`);
  return rows.length;
}

async function writeSessions(tx: DbOrTx, rows: SessionRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const sorted = [...rows].sort((a, b) => (a.sessionId < b.sessionId ? -1 : 1));
  await tx.execute(sql`
    insert into analytics_sessions
      (session_id, user_id, user_agent, ip_address, referrer, landing_page, device_type, started_at, ended_at,
       duration, page_views)
    select x."sessionId", ${liveUser}, x."userAgent", x."ipAddress", x.referrer, x."landingPage", x."deviceType",
      x."startedAt", x."endedAt", floor(extract(epoch from x."endedAt" - x."startedAt"))::int, x."pageViews"
    from jsonb_to_recordset(${json(sorted)}) as x("sessionId" text, "userId" uuid, "userAgent" text,
      "ipAddress" text, referrer text, "landingPage" text, "deviceType" text, "startedAt" timestamptz,
      "endedAt" timestamptz, "pageViews" int)
    on conflict (session_id) do update set
      user_id = coalesce(analytics_sessions.user_id, excluded.user_id),
      referrer = coalesce(analytics_sessions.referrer, excluded.referrer),
      landing_page = case when excluded.started_at < analytics_sessions.started_at
        then excluded.landing_page else analytics_sessions.landing_page end,
      started_at = least(analytics_sessions.started_at, excluded.started_at),
      ended_at = greatest(analytics_sessions.ended_at, excluded.ended_at),
      duration = floor(extract(epoch from greatest(analytics_sessions.ended_at, excluded.ended_at)
        - least(analytics_sessions.started_at, excluded.started_at)))::int,
      page_views = analytics_sessions.page_views + excluded.page_views`);
  return rows.length;
}

async function writeVisits(tx: DbOrTx, rows: VisitRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  await tx.execute(sql`
    insert into analytics_visits (visitor_id, session_id, page, user_type, user_id, created_at)
    select x."visitorId", x."sessionId", x.page, x."userType", ${liveUser}, x.at
    from jsonb_to_recordset(${json(rows)}) as x("visitorId" text, "sessionId" text, page text,
      "userType" text, "userId" uuid, at timestamptz)`);
  return rows.length;
}

async function writeEvents(tx: DbOrTx, rows: EventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  await tx.execute(sql`
    insert into analytics_events
      (session_id, user_id, event_type, event_category, event_label, page_path, page_title, created_at)
    select x."sessionId", ${liveUser}, x."eventType", x."eventCategory", x."eventLabel", x."pagePath",
      x."pageTitle", x.at
    from jsonb_to_recordset(${json(rows)}) as x("sessionId" text, "userId" uuid, "eventType" text,
      "eventCategory" text, "eventLabel" text, "pagePath" text, "pageTitle" text, at timestamptz)
    where exists (select 1 from analytics_sessions s where s.session_id = x."sessionId")`);
  return rows.length;
}

/**
 * A registration: every visit of that browser (not made by another account) is marked converted and tied to the
 * new account.
 */
async function writeConversions(tx: DbOrTx, rows: ConversionRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await tx.execute(sql`
    update analytics_visits v set converted = true, user_id = coalesce(v.user_id, x."userId")
    from jsonb_to_recordset(${json(rows)}) as x("visitorId" text, "userId" uuid)
    where v.visitor_id = x."visitorId" and exists (select 1 from users u where u.id = x."userId")
      -- Visits made by another account under that browser id are not this account's to claim.
      and (v.user_id is null or v.user_id = x."userId")`);
  return result.rowCount ?? 0;
}

/** Writes a batch in one transaction; returns how many rows were inserted or updated. */
export async function writeBatch(db: Db, batch: Batch): Promise<number> {
  return db.transaction(async (tx) => {
    let rows = await writeAudience(tx, [...batch.audience.values()]);
    rows += await writeSessions(tx, [...batch.sessions.values()]);
    rows += await writeVisits(tx, batch.visits);
    rows += await writeEvents(tx, batch.events);
    rows += await writeConversions(tx, batch.conversions);
    return rows;
  });
}

/** Transactions a refused batch may still cost before what is left is given up (bounds a flush's time). */
const MAX_RETRY_TRANSACTIONS = 200;

/**
 * When the database refuses a batch (a row it will not take), the same rows again, table by table, each table's
 * rows halved until the refused ones are alone: one bad row must not lose every visitor's rows with it. Costs
 * about 2·log2(n) transactions per bad row, at most MAX_RETRY_TRANSACTIONS; returns the rows written and refused.
 */
export async function writeBatchApart(db: Db, batch: Batch): Promise<{ written: number; refused: number }> {
  let budget = MAX_RETRY_TRANSACTIONS;
  let written = 0;
  let refused = 0;
  async function apart<T>(write: (tx: DbOrTx, rows: T[]) => Promise<number>, rows: T[]): Promise<void> {
    if (rows.length === 0) return;
    if (budget-- <= 0) {
      refused += rows.length;
      return;
    }
    try {
      written += await db.transaction((tx) => write(tx, rows));
    } catch {
      if (rows.length === 1) {
        refused += 1;
        return;
      }
      const half = Math.ceil(rows.length / 2);
      await apart(write, rows.slice(0, half));
      await apart(write, rows.slice(half));
    }
  }
  // The same order as writeBatch: events need their session, conversions their visits.
  await apart(writeAudience, [...batch.audience.values()]);
  await apart(writeSessions, [...batch.sessions.values()]);
  await apart(writeVisits, batch.visits);
  await apart(writeEvents, batch.events);
  await apart(writeConversions, batch.conversions);
  return { written, refused };
}
