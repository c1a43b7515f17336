import type pg from 'pg';

/**
 * The population of scripts/bench-reads.ts, written by PostgreSQL itself (generate_series): `users` people, 70%
 * drivers and 30% transporters; ten missions per transporter over the last four months and the next month (a third
 * open, the rest assigned, under way, delivered, completed or cancelled), three applications each plus the chosen
 * driver's, a timeline, a payment for most completed ones; five conversations per driver (most about a mission) of
 * eight messages; thirty alerts per person (already in an e-mail digest: the digest job has nothing to send during the
 * run); one session each, whose token is 'bench' and the user's id without
 * dashes. Returns the row count of each table.
 */
export async function seedReaders(client: pg.Client, users: number): Promise<Record<string, number>> {
  const drivers = Math.round(users * 0.7);
  await client.query(
    `
    insert into users (email, password, user_type, full_name, phone, company_name, siret_number, email_verified,
      license_number, license_type, years_experience, certifications, vehicle_types, subscription_plan, created_at)
    select 'lecteur-' || g || '@exemple.fr', 'x', case when g <= $2 then 'driver' else 'company' end,
      'Personne ' || g, '0612345678',
      case when g > $2 then 'Transports ' || g end, case when g > $2 then '73282932000074' end, true,
      case when g <= $2 then 'P' || g end, case when g <= $2 then 'CE' end, g % 20,
      case when g <= $2 then array['ADR', 'FIMO'] else '{}' end,
      case when g <= $2 then array['semi_remorque', 'porteur'] else '{}' end,
      case when g > $2 then 'transporter' else (array['basic', 'premium', 'elite'])[1 + g % 3] end,
      now() - random() * interval '365 days'
    from generate_series(1, $1::int) g`,
    [users, drivers],
  );
  await client.query(`
    with d as (select array_agg(id) ids from users where user_type = 'driver'),
    c as (select array_agg(id) ids from users where user_type = 'company'),
    p as (
      select g, random() as r, random() as pick, 43 + random() * 7 as lat, -1.5 + random() * 8.5 as lng,
        case when random() < 0.35 then 'available'
          else (array['assigned', 'in_progress', 'delivered', 'completed', 'completed', 'completed', 'completed',
            'completed', 'completed', 'cancelled'])[1 + floor(random() * 10)::int] end as status
      from generate_series(1, (select cardinality(ids) * 10 from c)) g
    ),
    q as (
      select p.*, case when status = 'available' then now() + (1 + r * 720) * interval '1 hour'
        when status in ('assigned') then now() + (1 + r * 200) * interval '1 hour'
        else now() - (1 + r * 120) * interval '1 day' end as start_at
      from p
    )
    insert into missions (company_id, driver_id, title, description, pickup_address, delivery_address, pickup_city,
      delivery_city, pickup_lat, pickup_lng, delivery_lat, delivery_lng, vehicle_type, start_date, end_date, price,
      status, search_text, completed_at, created_at)
    select c.ids[1 + g % cardinality(c.ids)],
      case when status in ('assigned', 'in_progress', 'delivered', 'completed')
        then d.ids[1 + floor(pick * cardinality(d.ids))::int] end,
      'Mission ' || g, 'Transport de palettes', 'Adresse ' || g, 'Adresse ' || g, 'lyon', 'lille', lat, lng,
      lat + 0.5, lng + 0.5, 'semi_remorque', start_at, start_at + interval '8 hours',
      round((80 + r * 900)::numeric, 2), status, 'mission ' || g || ' lyon lille',
      case when status = 'completed' then start_at + interval '10 hours' end,
      least(now(), start_at) - interval '3 days'
    from q, c, d`);
  // The chosen driver's application first, then three others on every mission.
  await client.query(`
    insert into mission_applications (mission_id, driver_id, status, created_at)
    select id, driver_id, 'accepted', created_at + interval '1 hour' from missions where driver_id is not null`);
  await client.query(`
    with d as (select array_agg(id) ids from users where user_type = 'driver')
    insert into mission_applications (mission_id, driver_id, status, created_at)
    select m.id, d.ids[1 + floor(random() * cardinality(d.ids))::int],
      case when m.status = 'available' then (array['pending', 'pending', 'pending', 'withdrawn'])[1 + k]
        else 'rejected' end,
      m.created_at + k * interval '2 hours'
    from missions m, d, generate_series(0, 2) k
    on conflict do nothing`);
  await client.query(`
    insert into mission_events (mission_id, actor_id, type, status, created_at)
    select m.id, case when e.k in (2, 3) then m.driver_id else m.company_id end, e.type, e.status,
      m.created_at + e.k * interval '1 day'
    from missions m
    join (values (0, 'published', 'available'), (1, 'assigned', 'assigned'), (2, 'start', 'in_progress'),
      (3, 'deliver', 'delivered'), (4, 'complete', 'completed')) as e(k, type, status)
      on e.k <= case m.status when 'assigned' then 1 when 'in_progress' then 2 when 'delivered' then 3
        when 'completed' then 4 else 0 end`);
  await client.query(`
    insert into driver_payments (mission_id, driver_id, transporter_id, amount, unit_price, amount_excl_tax, due_date,
      completed_at)
    select id, driver_id, company_id, price, price, price, (completed_at + interval '30 days')::date, completed_at
    from missions where status = 'completed' and random() < 0.8`);
  await client.query(`
    with ms as (select array_agg(id) ids, array_agg(company_id) companies from missions),
    pick as (
      select u.id as driver, 1 + floor(random() * cardinality(ms.ids))::int as i, random() as r
      from users u, ms, generate_series(1, 5)
      where u.user_type = 'driver'
    )
    insert into conversations (user_one_id, user_two_id, mission_id, unread_count_one, unread_count_two, created_at)
    select least(driver, ms.companies[i]), greatest(driver, ms.companies[i]), case when r < 0.8 then ms.ids[i] end,
      case when r < 0.2 then 1 else 0 end, case when r > 0.7 then 2 else 0 end, now() - r * interval '90 days'
    from pick, ms
    on conflict do nothing`);
  await client.query(`
    insert into messages (conversation_id, sender_id, receiver_id, mission_id, content, read, created_at)
    select c.id, case when k % 2 = 0 then c.user_one_id else c.user_two_id end,
      case when k % 2 = 0 then c.user_two_id else c.user_one_id end, c.mission_id,
      'Bonjour, message ' || k || ' : je serai au quai de chargement vers 6 h, merci de prévenir l’accueil.',
      k < 8, c.created_at + k * interval '37 minutes'
    from conversations c, generate_series(1, 8) k`);
  await client.query(`update conversations set last_message_at = created_at + 8 * interval '37 minutes'`);
  await client.query(`
    insert into alerts (user_id, type, title, message, link, metadata, read, created_at, emailed_at)
    select u.id, (array['new_mission', 'application', 'mission', 'document', 'payment', 'reputation'])[1 + k % 6],
      'Nouvelle activité', 'Une mission près de chez vous correspond à vos critères de recherche.', '/missions',
      jsonb_build_object('n', k), random() < 0.8, now() - random() * interval '60 days', now()
    from users u, generate_series(1, 30) k`);
  await client.query(`
    insert into sessions (user_id, token_hash, user_agent, ip_address, expires_at, absolute_expires_at)
    select id, encode(sha256(convert_to('bench' || replace(id::text, '-', ''), 'UTF8')), 'hex'), 'bench', '127.0.0.1',
      now() + interval '30 days', now() + interval '60 days'
    from users`);
  await client.query('vacuum analyze');
  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'missions',
    'mission_applications',
    'mission_events',
    'driver_payments',
    'conversations',
    'messages',
    'alerts',
    'sessions',
  ])
    counts[table] = (
      (await client.query(`select count(*)::int as count from ${table}`)).rows[0] as { count: number }
    ).count;
  return counts;
}
