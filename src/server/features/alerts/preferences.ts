import { eq, inArray } from 'drizzle-orm';
import {
  ALERT_TYPES,
  alertTypesFor,
  DEFAULT_PREFERENCES,
  type AlertType,
  type NotificationPreferences,
} from '#core/rules/notifications.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { notificationPreferences } from '../../db/schema/messaging.js';

type Row = typeof notificationPreferences.$inferSelect;

const known = (types: string[]): AlertType[] =>
  types.filter((type): type is AlertType => (ALERT_TYPES as readonly string[]).includes(type));

function fromRow(row: Row | undefined): NotificationPreferences {
  if (!row) return { ...DEFAULT_PREFERENCES };
  return {
    alertTypes: known(row.alertTypes),
    pushTypes: known(row.pushTypes),
    emailTypes: known(row.emailTypes),
    zoneRadiusKm: row.zoneRadiusKm,
  };
}

/** A user's preferences (the defaults while they have not chosen). */
export async function loadPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return fromRow(row);
}

/** The preferences of several users at once, by id. */
export async function loadPreferencesOf(
  db: DbOrTx,
  userIds: string[],
): Promise<Map<string, NotificationPreferences>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(notificationPreferences)
          .where(inArray(notificationPreferences.userId, userIds));
  const found = new Map(rows.map((row) => [row.userId, fromRow(row)]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? { ...DEFAULT_PREFERENCES }]));
}

/** Saves the user's choice; types that do not concern their role are kept out. */
export async function savePreferences(
  db: DbOrTx,
  user: { id: string; userType: string },
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  const theirs = new Set(alertTypesFor(user.userType));
  const only = (types: AlertType[]) => [...new Set(types)].filter((type) => theirs.has(type));
  const values = {
    alertTypes: only(input.alertTypes),
    pushTypes: only(input.pushTypes),
    emailTypes: only(input.emailTypes),
    zoneRadiusKm: input.zoneRadiusKm,
  };
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values })
    .returning();
  return fromRow(row);
}

/**
 * From an unsubscribe link: e-mails of this alert type (or of every type, `all`) stop for this member. The row is
 * locked while it changes (a preference saved at the same moment is not lost). Returns the types e-mailed now.
 */
export async function stopEmails(
  db: Db,
  user: { id: string; userType: string },
  scope: AlertType | 'all',
): Promise<AlertType[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, user.id))
      .for('update');
    const current = fromRow(row);
    const emailTypes = scope === 'all' ? [] : current.emailTypes.filter((type) => type !== scope);
    return (await savePreferences(tx, user, { ...current, emailTypes })).emailTypes;
  });
}
