import { sql } from 'drizzle-orm';
import { DRIVER_DOCUMENT_LABELS, type DriverDocumentType } from '#core/rules/documents.js';
import type { Db } from '../../db/client.js';
import { paperTypeSql, syncDriverPapers } from '../../platform/driver-papers.js';
import type { DocumentEvent, EventBus } from '../../platform/events.js';
import { recordDomainEvents } from '../../platform/outbox.js';
import { parisToday } from '#core/rules/days.js';

/** The papers a mission depends on: an expiring one concerns the transporter of an assigned mission too. */
const PROFESSIONAL = ['permis', 'carte_conducteur', 'fimo', 'fco', 'adr'];

/**
 * The daily expiry reminders (decision 017): at 90, 30 and 7 days before a document expires, and on the day.
 * Each document gets each reminder once: the row in document_reminders is claimed with an insert that does nothing
 * when it exists, so two workers (or a job run twice) cannot both send it. A document already renewed (a newer
 * one of the same type, verified or waiting) is not reminded; a day missed by the job is caught up the next day.
 * Then drivers whose verified papers lapsed lose `documentsVerified`.
 */
export async function sendExpiryReminders(db: Db, events: EventBus, today = parisToday()) {
  // The claims and the events they cause commit together: a crash in between loses no reminder.
  const told = await db.transaction(async (tx) => {
    const { rows: claimed } = await tx.execute<{
      document_id: string;
      user_id: string;
      type: string;
      expiration_date: string;
      days_left: number;
      stage: number;
    }>(sql`
      with candidates as (
        select d.id, d.user_id, d.type, d.expiration_date, (d.expiration_date - ${today}::date) as days_left
        from documents d join users u on u.id = d.user_id
        where ${paperTypeSql('d')} and d.status in ('verified', 'pending')
          and d.expiration_date between ${today}::date - 2 and ${today}::date + 90
          and u.account_status = 'active'
          and not exists (
            select 1 from documents newer
            where newer.user_id = d.user_id and newer.type = d.type and newer.id <> d.id
              and newer.status in ('verified', 'pending') and newer.expiration_date > d.expiration_date)
      ), staged as (
        select *, case when days_left <= 0 then 0 when days_left <= 7 then 7 when days_left <= 30 then 30 else 90 end
          as stage
        from candidates
      ), claimed as (
        insert into document_reminders (document_id, stage)
        select id, stage from staged
        on conflict do nothing
        returning document_id, stage
      )
      select s.id as document_id, s.user_id, s.type, to_char(s.expiration_date, 'YYYY-MM-DD') as expiration_date,
        s.days_left, c.stage
      from claimed c join staged s on s.id = c.document_id`);
    const reminders: DocumentEvent[] = [];
    for (const reminder of claimed) {
      const missions = PROFESSIONAL.includes(reminder.type)
        ? (
            await tx.execute<{
              mission_id: string;
              company_id: string;
              title: string;
              driver_name: string;
            }>(sql`
              select m.id as mission_id, m.company_id, m.title, u.full_name as driver_name
              from missions m join users u on u.id = m.driver_id
              where m.driver_id = ${reminder.user_id} and m.status in ('assigned', 'in_progress')
                and (m.end_date at time zone 'Europe/Paris')::date >= ${reminder.expiration_date}::date`)
          ).rows
        : [];
      reminders.push({
        type: 'document.expiring',
        documentId: reminder.document_id,
        driverId: reminder.user_id,
        documentLabel: DRIVER_DOCUMENT_LABELS[reminder.type as DriverDocumentType] ?? 'Document',
        expiresOn: reminder.expiration_date,
        daysLeft: Math.max(0, reminder.days_left),
        missions: missions.map((mission) => ({
          missionId: mission.mission_id,
          companyId: mission.company_id,
          title: mission.title,
          driverName: mission.driver_name,
        })),
      });
    }
    return recordDomainEvents(tx, reminders);
  });
  await events.publish(told);
  // Papers that lapsed: the driver is no longer "documents vérifiés".
  const { rows: lapsed } = await db.execute<{ id: string }>(sql`
    select u.id from users u
    where u.documents_verified and exists (
      select 1 from documents d where d.user_id = u.id and d.status = 'verified' and d.expiration_date < ${today}::date)`);
  for (const driver of lapsed) await db.transaction((tx) => syncDriverPapers(tx, driver.id, today));
  return { reminders: told.length, lapsed: lapsed.length };
}
