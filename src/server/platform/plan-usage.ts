import { and, eq, sql } from 'drizzle-orm';
import { applicationsLeft, applicationsLeftLabel, dailyMessageLimit } from '#core/rules/plans.js';
import { roleOf } from '#core/rules/roles.js';
import type { DbOrTx } from '../db/client.js';
import { parisPeriodStart } from '../db/paris.js';
import { messages } from '../db/schema/messaging.js';
import { missionApplications } from '../db/schema/missions.js';
import type { User } from '../db/schema/users.js';

/**
 * What the Freemium limits count, in one place: the server's refusals (missions/applications.ts,
 * messaging/service.ts) and the usage shown on the plan page (billing) read the same numbers.
 */

/** Applications this calendar month, Europe/Paris (withdrawn ones count: the limit is on applying). */
export async function applicationsThisMonth(tx: DbOrTx, driverId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(missionApplications)
    .where(
      and(
        eq(missionApplications.driverId, driverId),
        sql`${missionApplications.createdAt} >= ${parisPeriodStart('month')}`,
      ),
    );
  return row?.count ?? 0;
}

/**
 * Messages sent today (Europe/Paris) by the user that count against the daily limit: a mission's own
 * coordination messages (core isMissionCoordination, stored as `coordination`) never do (decision 014).
 */
export async function messagesSentToday(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.senderId, userId),
        eq(messages.coordination, false),
        sql`${messages.createdAt} >= ${parisPeriodStart('day')}`,
      ),
    );
  return row?.count ?? 0;
}

/** "3 messages restants aujourd’hui", or "Messages illimités". */
function messagesLeftLabel(left: number | null): string {
  if (left === null) return 'Messages illimités';
  if (left === 0) return 'Aucun message restant aujourd’hui';
  return left === 1 ? '1 message restant aujourd’hui' : `${left} messages restants aujourd’hui`;
}

export interface PlanUsage {
  /** null: unlimited (a paid plan, or a transporter, who never applies). */
  applicationsLeft: number | null;
  applicationsUsed: number;
  messagesLeftToday: number | null;
  messagesUsedToday: number;
  labels: string[];
}

/** Today's usage of the user's plan, as the limits count it (the plan read from the row given). */
export async function planUsage(
  db: DbOrTx,
  user: Pick<User, 'id' | 'userType' | 'isAdmin' | 'subscriptionPlan'>,
): Promise<PlanUsage> {
  const driver = roleOf(user) === 'driver';
  const [applicationsUsed, messagesUsedToday] = await Promise.all([
    driver ? applicationsThisMonth(db, user.id) : Promise.resolve(0),
    messagesSentToday(db, user.id),
  ]);
  const messageLimit = dailyMessageLimit(user.subscriptionPlan);
  const messagesLeftToday = messageLimit === null ? null : Math.max(0, messageLimit - messagesUsedToday);
  const left = driver ? applicationsLeft(user.subscriptionPlan, applicationsUsed) : null;
  return {
    applicationsLeft: left,
    applicationsUsed,
    messagesLeftToday,
    messagesUsedToday,
    labels: [...(driver ? [applicationsLeftLabel(left)] : []), messagesLeftLabel(messagesLeftToday)],
  };
}
