/**
 * npm run soak — a long run: the built server (`--source`: src/server/main.ts through tsx) with its
 * embedded PostgreSQL on a fresh data folder, pinned to core 0 (this process on core 1), 500 signed-in drivers
 * holding a websocket each, and for SOAK_MINUTES (default 10) the traffic of that many people:
 *  - every user (the 500 drivers and 20 transporters) polls what the app polls every 30 s: /api/auth/me, the
 *    dashboard, the conversations, the alerts (staggered: about 70 requests a second);
 *  - mission searches around a new random point each time (20/s, half signed in), messages between transporters and
 *    their applicants (5/s, their receipt timed on the drivers' sockets), publications (0.5/s), applications (2/s).
 * Requests are sent on schedule whether the previous ones have answered or not (no coordinated omission).
 * Every minute: requests and p99 per route, errors, the server's RSS (VmRSS), sockets open, messages received on the
 * sockets. At the end: the error count (must be 0: any non-2xx answer, failed request, socket closed or message not
 * received), and whether RSS stayed flat — no growth beyond 10% after the warm-up (minute 2). Exit 1 otherwise.
 */
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { quantile, Session } from './chaos/http.js';
import { freePort, RelaisProcess, rssMb, sleep } from './chaos/server.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SOCKETS = Number(process.env.SOAK_SOCKETS ?? 500);
const TRANSPORTERS = 20;
const POLL_SECONDS = 30;
const RATES = { search: 20, message: 5, publish: 0.5, apply: 2 };
/** The minute after which RSS must stay within 10% (the first minutes fill caches and pools). */
const WARM_UP = Math.min(2, MINUTES - 1);
const SOURCE = process.argv.includes('--source');
/** This process on core 1 and the server on core 0, where there are two cores and taskset. */
const pinned = (() => {
  if (os.cpus().length < 2) return false;
  try {
    execFileSync('taskset', ['-a', '-pc', '1', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const pin = (core: number) => (pinned ? ['taskset', '-c', String(core)] : []);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'relais-soak-'));
const server = new RelaisProcess({ dataDir, port: await freePort(), source: SOURCE, command: pin(0) });
console.log(
  `soak: ${MINUTES} min, ${SOCKETS} sockets, ${SOURCE ? 'server from source (tsx)' : 'built server'}`,
);
await server.start();
const pool = server.database();

// People: transporters on the paid plan, Premium drivers (no Freemium refusal in the traffic), each driver an
// applicant of one transporter's mission (so the two may write to each other), all with sessions.
const token = () => randomBytes(32).toString('base64url');
const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const { rows: transporters } = await pool.query<{ id: string }>(
  `insert into users (email, password, user_type, full_name, company_name, siret_number, email_verified, subscription_plan)
   select 'soak-transporteur-' || g || '@exemple.fr', 'x', 'company', 'Claire Martin ' || g, 'Transports Soak ' || g,
     '73282932000074', true, 'transporter' from generate_series(1, $1::int) g returning id`,
  [TRANSPORTERS],
);
const { rows: drivers } = await pool.query<{ id: string }>(
  `insert into users (email, password, user_type, full_name, license_type, license_number, email_verified, subscription_plan)
   select 'soak-chauffeur-' || g || '@exemple.fr', 'x', 'driver', 'Jean Routier ' || g, 'CE', '12AB34567', true, 'premium'
   from generate_series(1, $1::int) g returning id`,
  [SOCKETS],
);
// 5,000 open missions across mainland France over the next three weeks, what the searches find.
await pool.query(
  `insert into missions (company_id, title, description, pickup_address, delivery_address, pickup_city, delivery_city,
     pickup_lat, pickup_lng, delivery_lat, delivery_lng, vehicle_type, start_date, end_date, price, urgency, search_text)
   select ($1::uuid[])[1 + g % array_length($1::uuid[], 1)], 'Mission soak ' || g, 'Transport de palettes',
     'Adresse ' || g, 'Adresse ' || g, 'lyon', 'lille', lat, lng, lat + 0.5, lng + 0.5,
     (array['porteur','semi_remorque','semi_frigorifique','plateau'])[1 + g % 4], start_at, start_at + interval '8 hours',
     round((80 + random() * 900)::numeric, 2), g % 5 = 0, 'mission soak ' || g || ' transport de palettes lyon lille'
   from (select g, 43.0 + random() * 7.0 as lat, -1.5 + random() * 8.5 as lng,
           now() + (24 + random() * 480) * interval '1 hour' as start_at from generate_series(1, 5000) g) p`,
  [transporters.map((t) => t.id)],
);
await pool.query('vacuum analyze missions');
const { rows: links } = await pool.query<{ driver_id: string; company_id: string; mission_id: string }>(
  `insert into mission_applications (mission_id, driver_id)
   select (select id from missions where company_id = ($2::uuid[])[1 + (d.n % array_length($2::uuid[], 1))] limit 1), d.id
   from unnest($1::uuid[]) with ordinality as d(id, n)
   returning driver_id, mission_id, (select company_id from missions where id = mission_id)`,
  [drivers.map((d) => d.id), transporters.map((t) => t.id)],
);
const { rows: seeded } = await pool.query<{ id: string }>(`select id from missions`);
const sessions = new Map<string, Session>();
for (const user of [...transporters, ...drivers]) {
  const value = token();
  await pool.query(
    `insert into sessions (user_id, token_hash, expires_at, absolute_expires_at)
     values ($1, $2, now() + interval '1 day', now() + interval '1 day')`,
    [user.id, hash(value)],
  );
  sessions.set(user.id, new Session(server.base, `relais_session=${value}`));
}
await pool.end();

// The sockets: each driver's, as the app opens it; every message it receives is matched with its send.
const sentAt = new Map<string, number>();
/** Messages to a socket whose send was acknowledged and that have not arrived yet, with the acknowledgement's time. */
const awaited = new Map<string, number>();
const received: number[][] = [];
let errors = 0;
const examples: string[] = [];
const fail = (what: string) => {
  errors++;
  if (examples.length < 10) examples.push(what);
};
let open = 0;
let finished = false;
const sockets: WebSocket[] = [];
for (let start = 0; start < drivers.length; start += 100)
  await Promise.all(
    drivers.slice(start, start + 100).map(
      (driver) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`${server.base.replace('http', 'ws')}/ws`, {
            headers: { cookie: sessions.get(driver.id)!.cookie! },
          });
          ws.on('message', (data) => {
            const event = JSON.parse(String(data)) as { type: string; message?: { content: string } };
            const key = event.type === 'new-message' ? event.message!.content.split(' ')[1]! : '';
            const at = sentAt.get(key);
            if (at === undefined) return;
            sentAt.delete(key);
            awaited.delete(key);
            (received[minute] ??= []).push(performance.now() - at);
          });
          ws.once('open', () => {
            open++;
            resolve();
          });
          ws.once('close', (code, reason) => {
            open--;
            if (!finished) fail(`socket closed: ${code} ${String(reason)}`);
          });
          ws.once('error', reject);
          sockets.push(ws);
        }),
    ),
  );
console.log(
  `seeded ${TRANSPORTERS} transporters, ${SOCKETS} drivers, ${seeded.length} missions; ${open} sockets open`,
);

// The traffic. Each request is timed per route and minute; anything but a 2xx is an error.
const timings = new Map<string, number[][]>();
let minute = 0;
let inFlight = 0;
let skipped = 0;
const MAX_IN_FLIGHT = 400;
function fire(
  route: string,
  call: () => Promise<{ kind: string; status?: number; ms: number; body?: unknown }>,
) {
  if (inFlight >= MAX_IN_FLIGHT) return void skipped++;
  inFlight++;
  const at = minute;
  void call()
    .then((outcome) => {
      const list = timings.get(route) ?? [];
      timings.set(route, list);
      (list[at] ??= []).push(outcome.ms);
      if (outcome.kind !== 'ack')
        fail(
          `${route}: ${outcome.status ?? outcome.kind} ${JSON.stringify(outcome.body ?? '').slice(0, 200)}`,
        );
    })
    .finally(() => inFlight--);
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const everyone = [...transporters, ...drivers].map((user) => user.id);
const nextPoll = new Map(everyone.map((id, index) => [id, (index / everyone.length) * POLL_SECONDS * 1000]));
const applied = new Set(links.map((link) => `${link.driver_id}|${link.mission_id}`));
const published: string[] = [];
let sequence = 0;

const steps: Record<keyof typeof RATES, () => void> = {
  search: () => {
    const query = new URLSearchParams({
      lat: (43 + Math.random() * 7).toFixed(5),
      lng: (-1.5 + Math.random() * 8.5).toFixed(5),
      radiusKm: '50',
      sort: pick(['distance', 'start']),
      ...pick<Record<string, string>>([
        {},
        { vehicleType: 'semi_remorque' },
        { minPrice: '300' },
        { urgent: 'true' },
      ]),
    });
    const session = Math.random() < 0.5 ? sessions.get(pick(drivers).id)! : new Session(server.base);
    fire('GET /api/missions/search', () => session.get(`/api/missions/search?${query}`));
  },
  message: () => {
    const link = pick(links);
    const toDriver = Math.random() < 0.6;
    const key = `m${++sequence}`;
    const [from, to] = toDriver ? [link.company_id, link.driver_id] : [link.driver_id, link.company_id];
    if (toDriver) sentAt.set(key, performance.now());
    fire('POST /api/messages/:userId', async () => {
      const outcome = await sessions.get(from)!.post(`/api/messages/${to}`, {
        content: `soak ${key} : le camion est au quai 4.`,
        missionId: link.mission_id,
      });
      // A send refused is one error already: no receipt is awaited for it. One received already is not awaited.
      if (outcome.kind !== 'ack') sentAt.delete(key);
      else if (sentAt.has(key)) awaited.set(key, performance.now());
      return outcome;
    });
  },
  publish: () => {
    const start = new Date(Date.now() + (24 + Math.random() * 200) * 3600_000);
    fire('POST /api/missions', async () => {
      const outcome = await sessions.get(pick(transporters).id)!.post('/api/missions', {
        title: `Mission soak publiée ${++sequence}`,
        description: 'Chargement de palettes, livraison sur plateforme.',
        pickupAddress: 'Zone industrielle, 69200 Vénissieux',
        deliveryAddress: 'Zone logistique, 59810 Lesquin',
        vehicleType: 'semi_remorque',
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 8 * 3600_000).toISOString(),
        price: '450',
        pricingType: 'flat',
        requiredDocuments: [],
        urgency: false,
        engagementType: 'employment',
      });
      if (outcome.kind === 'ack') published.push((outcome.body as { mission: { id: string } }).mission.id);
      return outcome;
    });
  },
  apply: () => {
    const mission = published.length > 0 && Math.random() < 0.7 ? pick(published) : pick(seeded).id;
    const driver = pick(drivers).id;
    if (applied.has(`${driver}|${mission}`)) return;
    applied.add(`${driver}|${mission}`);
    fire('POST /api/missions/:id/apply', () =>
      sessions.get(driver)!.post(`/api/missions/${mission}/apply`, { message: 'Disponible.' }),
    );
  },
};

const rss: number[] = [];
const rssPerMinute: number[] = [];
const started = performance.now();
const due = { search: 0, message: 0, publish: 0, apply: 0 };
let lastSample = 0;
let printedMinute = 0;
console.log('\nminute  route                          requests   p99 ms');
while (performance.now() - started < MINUTES * 60_000) {
  const elapsed = performance.now() - started;
  minute = Math.floor(elapsed / 60_000);
  for (const [id, at] of nextPoll) {
    if (at > elapsed) continue;
    nextPoll.set(id, at + POLL_SECONDS * 1000);
    const session = sessions.get(id)!;
    for (const route of ['/api/auth/me', '/api/dashboard/stats', '/api/conversations', '/api/alerts'])
      fire(`GET ${route}`, () => session.get(route));
  }
  for (const step of Object.keys(RATES) as Array<keyof typeof RATES>)
    while (due[step] <= elapsed) {
      steps[step]();
      due[step] += 1000 / RATES[step];
    }
  if (elapsed - lastSample >= 5000) {
    lastSample = elapsed;
    try {
      rss.push(rssMb(server.pid));
    } catch {
      fail('the server process is gone');
      break;
    }
  }
  if (minute > printedMinute) report(printedMinute++);
  await sleep(20);
}
finished = true;
await sleep(3000);
report(printedMinute);
for (const ws of sockets) ws.close();
await server.stop();

function report(at: number) {
  // Messages acknowledged more than 10 s before the end of this minute and still not received are lost deliveries.
  let missing = 0;
  for (const [key, when] of awaited)
    if (when < started + (at + 1) * 60_000 - 10_000) {
      sentAt.delete(key);
      awaited.delete(key);
      missing++;
    }
  if (missing) fail(`${missing} messages never reached their receiver's socket in minute ${at + 1}`);
  rssPerMinute[at] = rss.at(-1) ?? 0;
  for (const [route, perMinute] of [...timings].sort(([a], [b]) => a.localeCompare(b))) {
    const values = perMinute[at] ?? [];
    console.log(
      `${String(at + 1).padStart(6)}  ${route.padEnd(30)} ${String(values.length).padStart(8)} ${quantile(values, 0.99).toFixed(0).padStart(8)}`,
    );
  }
  const deliveries = received[at] ?? [];
  console.log(
    `${String(at + 1).padStart(6)}  ${'message → socket'.padEnd(30)} ${String(deliveries.length).padStart(8)} ${quantile(deliveries, 0.99).toFixed(0).padStart(8)}`,
  );
  console.log(
    `${String(at + 1).padStart(6)}  RSS ${rssPerMinute[at]!.toFixed(0)} MB, ${open} sockets open, errors so far ${errors}` +
      (skipped ? `, ${skipped} requests not sent (load generator saturated)` : ''),
  );
}

const baseline = rssPerMinute[WARM_UP - 1] ?? rssPerMinute[0]!;
const after = rssPerMinute.slice(WARM_UP);
const peak = Math.max(...after);
const growth = (peak / baseline - 1) * 100;
const flat = growth <= 10;
console.log(
  `\nSoak — ${MINUTES} min, ${SOCKETS} sockets, ${pinned ? 'server on core 0 and load on core 1' : 'unpinned'}`,
);
console.log(`errors                 ${errors}${examples.length ? `\n  ${examples.join('\n  ')}` : ''}`);
console.log(`RSS per minute (MB)    ${rssPerMinute.map((value) => value.toFixed(0)).join(', ')}`);
console.log(
  `RSS flat               ${flat ? 'yes' : 'NO'}: ${peak.toFixed(0)} MB at most after minute ${WARM_UP}, ` +
    `${growth >= 0 ? '+' : ''}${growth.toFixed(1)}% over its ${baseline.toFixed(0)} MB (limit +10%)`,
);
if (skipped) console.log(`requests not sent      ${skipped} (more than ${MAX_IN_FLIGHT} in flight)`);
rmSync(dataDir, { recursive: true, force: true });
process.exit(errors === 0 && flat && skipped === 0 ? 0 : 1);
