import type pg from 'pg';
import type { Finding } from './checks.js';

/**
 * The alerts someone must have been left, read from what the database holds rather than from the acknowledged
 * answers: a write committed just before the kill (its answer lost with the server) must be announced too. Each
 * line of EXPECTED is one rule of platform/alert-rows alertsFor, for the steps this load takes:
 * - an application → its transporter (« Nouvelle candidature », naming the driver), a withdrawal → the same
 *   (« Candidature retirée »), the choice → the driver chosen (« Candidature acceptée ») and each driver set
 *   aside or refused (« Candidature non retenue »);
 * - start and delivery → the transporter, the end confirmed → the driver;
 * - a message → its receiver, one alert per conversation while unread (the load never reads alerts, so every
 *   conversation a user received a message in has one).
 * New missions' alerts depend on drivers' zones and are not counted.
 */
const EXPECTED = `
  select 'apply:' || a.id as key, m.company_id as user_id, a.mission_id, 'Nouvelle candidature' as title,
    a.driver_id::text as actor, null::text as conversation
  from mission_applications a join missions m on m.id = a.mission_id
  union all
  select 'withdraw:' || a.id, m.company_id, a.mission_id, 'Candidature retirée', a.driver_id::text, null
  from mission_applications a join missions m on m.id = a.mission_id where a.status = 'withdrawn'
  union all
  select 'accept:' || a.id, a.driver_id, a.mission_id, 'Candidature acceptée', null, null
  from mission_applications a where a.status = 'accepted'
  union all
  select 'reject:' || a.id, a.driver_id, a.mission_id, 'Candidature non retenue', null, null
  from mission_applications a where a.status = 'rejected'
  union all
  select e.type || ':' || m.id, case when e.type = 'complete' then m.driver_id else m.company_id end, m.id,
    case e.type when 'start' then 'Mission démarrée' when 'deliver' then 'Mission livrée' else 'Mission terminée' end,
    null, null
  from mission_events e join missions m on m.id = e.mission_id where e.type in ('start', 'deliver', 'complete')
  union all
  select distinct 'message:' || conversation_id || ':' || receiver_id, receiver_id, null::uuid, 'Nouveau message',
    null, conversation_id::text
  from messages`;

export async function missingAlerts(pool: pg.Pool): Promise<Finding[]> {
  const { rows } = await pool.query<{ key: string; user_id: string; title: string }>(`
    with expected as (${EXPECTED})
    select x.key, x.user_id, x.title from expected x
    where not exists (
      select 1 from alerts al
      where al.user_id = x.user_id and al.title = x.title
        and (x.mission_id is null or al.mission_id = x.mission_id)
        and (x.actor is null or al.metadata->>'actorId' = x.actor)
        and (x.conversation is null or al.metadata->>'conversationId' = x.conversation))`);
  return rows.map((row) => ({
    key: row.key,
    message: `no « ${row.title} » alert for ${row.user_id} (${row.key.split(':')[0]} ${row.key.split(':')[1]})`,
  }));
}
