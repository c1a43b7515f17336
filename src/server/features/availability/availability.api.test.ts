import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekday } from '#core/rules/availability.js';
import { availability, driverCalendars } from '../../db/schema/documents.js';
import { missions } from '../../db/schema/missions.js';
import { users, type NewUser } from '../../db/schema/users.js';
import { createUser, insertMission, missionPayload } from '../../test/factories.js';
import { Agent, agentFor, createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { addDays, parisDate, parisToday } from '#core/rules/days.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const today = () => parisToday();
const inDays = (days: number) => addDays(today(), days);
const driver = (overrides: Partial<NewUser> = {}) => signIn(t, { userType: 'driver', ...overrides });
const company = () => signIn(t, { userType: 'company' });

/** A mission of the driver on a Paris day, 08:00–16:00 (winter or summer, the same day in Paris). */
async function missionOn(driverId: string, day: string, status: 'assigned' | 'in_progress' = 'assigned') {
  const owner = await createUser(t.db, { userType: 'company' });
  return insertMission(t.db, {
    companyId: owner.id,
    driverId,
    status,
    title: 'Frigo Rungis → Lille',
    startDate: new Date(`${day}T08:00:00+01:00`),
    endDate: new Date(`${day}T16:00:00+01:00`),
    startedAt: status === 'in_progress' ? new Date() : null,
    deliveredAt: null,
    completedAt: null,
  });
}

/** ICS text → its events, lines unfolded (RFC 5545 §3.1). */
function parseIcs(text: string) {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return { lines, events };
}

describe('who may use availability', () => {
  it('keeps the calendar to drivers and the search to transporters (and admins)', async () => {
    const anonymous = new Agent(t.app);
    expect((await anonymous.get(`/api/availability?from=${inDays(0)}&to=${inDays(6)}`)).statusCode).toBe(401);
    const { agent: transporter } = await company();
    const refused = await transporter.put(`/api/availability/${inDays(2)}`, { status: 'available' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Cette action est réservée aux chauffeurs');
    expect((await transporter.post('/api/availability/ics')).statusCode).toBe(403);
    const { agent: me } = await driver();
    const search = await me.get(`/api/availability/drivers?date=${inDays(2)}`);
    expect(search.statusCode).toBe(403);
    expect((await anonymous.get(`/api/availability/drivers?date=${inDays(2)}`)).statusCode).toBe(401);
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    expect(
      (await (await agentFor(t, admin.id)).get(`/api/availability/drivers?date=${inDays(2)}`)).statusCode,
    ).toBe(200);
  });
});

describe('the days', () => {
  it('reads a range of at most 62 days, in order', async () => {
    const { agent } = await driver();
    const backwards = await agent.get(`/api/availability?from=${inDays(5)}&to=${inDays(1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.to).toBe('La date de fin doit suivre la date de début');
    const tooLong = await agent.get(`/api/availability?from=${inDays(0)}&to=${inDays(62)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.to).toBe('Au plus 62 jours à la fois');
    const bad = await agent.get('/api/availability?from=2026-02-30&to=2026-03-02');
    expect(bad.statusCode).toBe(400);
    const ok = await agent.get(`/api/availability?from=${inDays(0)}&to=${inDays(61)}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ from: inDays(0), to: inDays(61), today: today(), days: [], missions: [] });
  });

  it('sets a day (hours for partial availability only), refuses the past and beyond a year, clears it', async () => {
    const { agent } = await driver();
    const day = inDays(3);
    const past = await agent.put(`/api/availability/${inDays(-1)}`, { status: 'available' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Un jour passé ne peut plus être modifié');
    const far = await agent.put(`/api/availability/${inDays(367)}`, { status: 'available' });
    expect(far.json().message).toBe('Vous pouvez renseigner au plus un an à l’avance');
    expect((await agent.put(`/api/availability/${inDays(366)}`, { status: 'available' })).statusCode).toBe(
      200,
    );
    expect((await agent.put(`/api/availability/${today()}`, { status: 'unavailable' })).statusCode).toBe(200);

    const noHours = await agent.put(`/api/availability/${day}`, { status: 'busy' });
    expect(noHours.statusCode).toBe(400);
    expect(noHours.json().errors.startTime).toBe('Indiquez vos horaires de disponibilité');
    const reversed = await agent.put(`/api/availability/${day}`, {
      status: 'busy',
      startTime: '14:00',
      endTime: '08:00',
    });
    expect(reversed.json().errors.endTime).toBe('L’heure de fin doit être après l’heure de début');
    const badHour = await agent.put(`/api/availability/${day}`, {
      status: 'busy',
      startTime: '8h',
      endTime: '12:00',
    });
    expect(badHour.json().errors.startTime).toBe('Heure invalide (HH:MM)');
    const hoursForFull = await agent.put(`/api/availability/${day}`, {
      status: 'available',
      startTime: '08:00',
      endTime: '12:00',
    });
    expect(hoursForFull.json().errors.startTime).toBe(
      'Les horaires ne valent que pour « Partiellement disponible »',
    );
    const longNote = await agent.put(`/api/availability/${day}`, {
      status: 'available',
      notes: 'x'.repeat(501),
    });
    expect(longNote.json().errors.notes).toBe('La note ne doit pas dépasser 500 caractères');

    const set = await agent.put(`/api/availability/${day}`, {
      status: 'busy',
      startTime: '08:00',
      endTime: '12:00',
      notes: 'Le matin seulement',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      date: day,
      status: 'busy',
      startTime: '08:00',
      endTime: '12:00',
      notes: 'Le matin seulement',
    });
    // Changed to a full day: the hours go.
    const full = await agent.put(`/api/availability/${day}`, { status: 'available' });
    expect(full.json()).toMatchObject({ status: 'available', startTime: null, endTime: null, notes: null });
    const read = (await agent.get(`/api/availability?from=${day}&to=${day}`)).json();
    expect(read.days).toEqual([full.json()]);
    expect((await agent.delete(`/api/availability/${day}`)).statusCode).toBe(204);
    expect((await agent.get(`/api/availability?from=${day}&to=${day}`)).json().days).toEqual([]);
    expect((await agent.delete(`/api/availability/${inDays(-2)}`)).statusCode).toBe(400);
  });
});

describe('a weekly pattern and holidays', () => {
  it('applies "lundi → vendredi" over a range in one go, the other days unavailable when asked', async () => {
    const { agent } = await driver();
    const from = inDays(1);
    const to = inDays(14);
    const result = await agent.post('/api/availability/pattern', {
      from,
      to,
      weekdays: [1, 2, 3, 4, 5],
      othersUnavailable: true,
    });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toEqual({ set: 14, skipped: [], missionDays: [] });
    const { days } = (await agent.get(`/api/availability?from=${from}&to=${to}`)).json() as {
      days: Array<{ date: string; status: string }>;
    };
    expect(days).toHaveLength(14);
    for (const day of days) expect(day.status).toBe(isoWeekday(day.date) <= 5 ? 'available' : 'unavailable');

    // With hours: partially available; without "others", the weekend stays as it was.
    const partial = await agent.post('/api/availability/pattern', {
      from,
      to,
      weekdays: [1, 2],
      startTime: '06:00',
      endTime: '14:00',
    });
    expect(partial.json().set).toBe(4);
    const after = (await agent.get(`/api/availability?from=${from}&to=${to}`)).json().days as Array<{
      date: string;
      status: string;
      startTime: string | null;
    }>;
    for (const day of after) {
      const weekday = isoWeekday(day.date);
      if (weekday <= 2) expect(day).toMatchObject({ status: 'busy', startTime: '06:00' });
      else expect(day.status).toBe(weekday <= 5 ? 'available' : 'unavailable');
    }
  });

  it('refuses empty weekdays, the past, more than a year, bad hours', async () => {
    const { agent } = await driver();
    const none = await agent.post('/api/availability/pattern', {
      from: inDays(1),
      to: inDays(5),
      weekdays: [],
    });
    expect(none.json().errors.weekdays).toBe('Cochez au moins un jour');
    const past = await agent.post('/api/availability/pattern', {
      from: inDays(-3),
      to: inDays(5),
      weekdays: [1],
    });
    expect(past.json().message).toBe('Un jour passé ne peut plus être modifié');
    const long = await agent.post('/api/availability/pattern', {
      from: inDays(1),
      to: inDays(367),
      weekdays: [1],
    });
    expect(long.json().errors.to).toBe('Une semaine type s’applique sur un an au plus');
    const half = await agent.post('/api/availability/pattern', {
      from: inDays(1),
      to: inDays(5),
      weekdays: [1],
      startTime: '08:00',
    });
    expect(half.json().errors.endTime).toBe('Indiquez l’heure de début et l’heure de fin');
    const badDay = await agent.post('/api/availability/pattern', {
      from: inDays(1),
      to: inDays(5),
      weekdays: [8],
    });
    expect(badDay.statusCode).toBe(400);
  });

  it('puts holidays in one gesture, noted "Congés"', async () => {
    const { agent } = await driver();
    const result = await agent.post('/api/availability/holidays', { from: inDays(20), to: inDays(34) });
    expect(result.json()).toEqual({ set: 15, skipped: [], missionDays: [] });
    const { days } = (await agent.get(`/api/availability?from=${inDays(20)}&to=${inDays(34)}`)).json();
    expect(days).toHaveLength(15);
    expect(
      days.every(
        (day: { status: string; notes: string }) => day.status === 'unavailable' && day.notes === 'Congés',
      ),
    ).toBe(true);
  });
});

describe('a day with a mission', () => {
  it('shows the mission, refuses "available" (hours are fine), and the pattern skips it', async () => {
    const { agent, user } = await driver();
    const day = inDays(4);
    const mission = await missionOn(user.id, day);
    const calendar = (await agent.get(`/api/availability?from=${inDays(0)}&to=${inDays(10)}`)).json();
    expect(calendar.missions).toEqual([
      expect.objectContaining({
        id: mission.id,
        title: 'Frigo Rungis → Lille',
        status: 'assigned',
        pickupCity: 'Rungis',
      }),
    ]);
    const refused = await agent.put(`/api/availability/${day}`, { status: 'available' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^Vous avez déjà la mission « Frigo Rungis → Lille » le .+ : ce jour ne peut pas être marqué disponible/,
    );
    expect(refused.json().code).toBe('mission_day');
    expect(
      (await agent.put(`/api/availability/${day}`, { status: 'busy', startTime: '17:00', endTime: '20:00' }))
        .statusCode,
    ).toBe(200);
    await agent.delete(`/api/availability/${day}`);

    const pattern = await agent.post('/api/availability/pattern', {
      from: inDays(1),
      to: inDays(7),
      weekdays: [1, 2, 3, 4, 5, 6, 7],
    });
    expect(pattern.json()).toEqual({
      set: 6,
      skipped: [{ date: day, missionId: mission.id, missionTitle: 'Frigo Rungis → Lille' }],
      missionDays: [],
    });
    expect((await agent.get(`/api/availability?from=${day}&to=${day}`)).json().days).toEqual([]);
    // Holidays over it are written, and the mission day is pointed out.
    const holidays = await agent.post('/api/availability/holidays', { from: day, to: inDays(5) });
    expect(holidays.json().missionDays).toEqual([
      { date: day, missionId: mission.id, missionTitle: 'Frigo Rungis → Lille' },
    ]);
    // A running mission holds its day too; a completed one does not.
    const running = inDays(8);
    await missionOn(user.id, running, 'in_progress');
    expect((await agent.put(`/api/availability/${running}`, { status: 'available' })).statusCode).toBe(409);
    await t.db.update(missions).set({ status: 'cancelled' }).where(eq(missions.id, mission.id));
    expect((await agent.put(`/api/availability/${day}`, { status: 'available' })).statusCode).toBe(200);
  });

  it('is checked after an accept in progress, not beside it (the driver’s row is locked)', async () => {
    const { agent, user } = await driver();
    const day = inDays(6);
    const owner = await createUser(t.db, { userType: 'company' });
    const mission = await insertMission(t.db, {
      companyId: owner.id,
      status: 'available',
      driverId: null,
      title: 'Citerne Fos → Lyon',
      startDate: new Date(`${day}T08:00:00+01:00`),
      endDate: new Date(`${day}T16:00:00+01:00`),
      startedAt: null,
      deliveredAt: null,
      completedAt: null,
    });
    let answer: Promise<{ statusCode: number; json: () => { message: string } }> | undefined;
    // What an accept does (platform/sessions.ts lockActiveUsers, then the mission): the driver's row shared-locked,
    // the mission assigned; the driver's "available" arrives meanwhile.
    await t.db.transaction(async (tx) => {
      await tx.select().from(users).where(eq(users.id, user.id)).for('share');
      await tx
        .update(missions)
        .set({ status: 'assigned', driverId: user.id })
        .where(eq(missions.id, mission.id));
      answer = agent.put(`/api/availability/${day}`, { status: 'available' });
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    const response = await answer!;
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('Citerne Fos → Lyon');
    expect(await t.db.select().from(availability).where(eq(availability.driverId, user.id))).toEqual([]);
  });
});

describe('transporters’ search', () => {
  const paris = { currentLocation: 'Paris', currentLat: '48.856600', currentLng: '2.352200' };
  it('finds only drivers who opted in and said they are free that day, by licence and zone', async () => {
    const day = inDays(9);
    const visible = async (who: { agent: Agent }) =>
      expect(
        (await who.agent.put('/api/availability/settings', { visibleToTransporters: true })).json(),
      ).toMatchObject({
        visibleToTransporters: true,
      });
    const shown = await driver({ ...paris, fullName: 'Ada Proche' });
    const hidden = await driver({ ...paris, fullName: 'Bob Discret' });
    const off = await driver({ ...paris, fullName: 'Cyril Absent' });
    const partial = await driver({
      currentLocation: 'Melun',
      currentLat: '48.539700',
      currentLng: '2.655600',
      fullName: 'Dora Matin',
      licenseType: 'C',
    });
    const far = await driver({
      currentLocation: 'Marseille',
      currentLat: '43.296500',
      currentLng: '5.369800',
      fullName: 'Émile Loin',
    });
    const closed = await driver({ ...paris, fullName: 'Fanny Partie' });
    for (const who of [shown, off, partial, far, closed]) await visible(who);
    expect((await hidden.agent.get('/api/availability/settings')).json()).toEqual({
      visibleToTransporters: false,
      icsActive: false,
      icsCreatedAt: null,
    });
    for (const who of [shown, hidden, far, closed])
      await who.agent.put(`/api/availability/${day}`, { status: 'available' });
    await off.agent.put(`/api/availability/${day}`, { status: 'unavailable' });
    await partial.agent.put(`/api/availability/${day}`, {
      status: 'busy',
      startTime: '06:00',
      endTime: '11:00',
    });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, closed.user.id));

    const { agent: transporter } = await company();
    const names = async (query: string) => {
      const response = await transporter.get(`/api/availability/drivers?date=${day}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().drivers as Array<{ fullName: string }>).map((found) => found.fullName);
    };
    const all = await transporter.get(`/api/availability/drivers?date=${day}`);
    const everyone = all.json().drivers as Array<Record<string, unknown>>;
    expect(everyone.map((found) => found.fullName).sort()).toEqual([
      'Ada Proche',
      'Dora Matin',
      'Émile Loin',
    ]);
    const dora = everyone.find((found) => found.fullName === 'Dora Matin')!;
    expect(dora).toMatchObject({
      status: 'busy',
      startTime: '06:00',
      endTime: '11:00',
      city: 'Melun',
      licenseType: 'C',
    });
    // Public fields only.
    expect(Object.keys(dora)).not.toContain('email');
    expect(Object.keys(dora)).not.toContain('phone');

    // Around Paris (50 km by default): nearest first.
    expect(await names('&lat=48.8566&lng=2.3522')).toEqual(['Ada Proche', 'Dora Matin']);
    expect(await names('&lat=48.8566&lng=2.3522&radiusKm=10')).toEqual(['Ada Proche']);
    // A CE licence covers C; a C licence does not cover CE.
    expect((await names('&licenseType=CE')).sort()).toEqual(['Ada Proche', 'Émile Loin']);
    expect((await names('&licenseType=C')).sort()).toEqual(['Ada Proche', 'Dora Matin', 'Émile Loin']);
    // The driver changes their mind: gone from the search.
    await shown.agent.put('/api/availability/settings', { visibleToTransporters: false });
    expect(await names('&lat=48.8566&lng=2.3522')).toEqual(['Dora Matin']);
    // A mission taken that day after marking it available: not offered again.
    await far.agent.put('/api/availability/settings', { visibleToTransporters: true });
    await missionOn(far.user.id, day);
    expect((await names('')).sort()).toEqual(['Dora Matin']);

    const bad = await transporter.get(`/api/availability/drivers?date=${day}&lat=48.8&radiusKm=20`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.lat).toBe('Position incomplète');
    expect((await transporter.get(`/api/availability/drivers?date=${day}&licenseType=B`)).statusCode).toBe(
      400,
    );
  });
});

describe('the private calendar feed', () => {
  it('is created once, read without a session, parsed as iCalendar, replaced and revoked', async () => {
    const { agent, user } = await driver();
    const mission = await missionOn(user.id, inDays(2));
    await agent.put(`/api/availability/${inDays(3)}`, {
      status: 'busy',
      startTime: '08:00',
      endTime: '12:00',
    });
    await agent.put(`/api/availability/${inDays(4)}`, { status: 'available' });
    await agent.put(`/api/availability/${inDays(5)}`, {
      status: 'unavailable',
      notes: 'Rendez-vous médical',
    });

    const created = await agent.post('/api/availability/ics');
    expect(created.statusCode).toBe(201);
    const { url, webcalUrl } = created.json();
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/api/availability/ics/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(webcalUrl).toBe(url.replace(/^https?:\/\//, 'webcal://'));
    const token = /ics\/([^/]+)\.ics$/.exec(url)![1]!;
    const [row] = await t.db.select().from(driverCalendars).where(eq(driverCalendars.driverId, user.id));
    expect(row!.icsTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.icsTokenHash).not.toContain(token);
    expect((await agent.get('/api/availability/settings')).json()).toMatchObject({ icsActive: true });

    const path = new URL(url).pathname;
    const feed = await new Agent(t.app).get(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    // Every content line ends with CRLF, the last one too (RFC 5545 §3.1); strict parsers refuse less.
    expect(feed.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(feed.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const { lines, events } = parseIcs(feed.body);
    expect(lines).toContain('X-WR-TIMEZONE:Europe/Paris');
    expect(events).toHaveLength(4);
    const missionEvent = events.find((event) => event['URL;VALUE=URI'])!;
    expect(missionEvent.SUMMARY).toBe('Frigo Rungis → Lille (Rungis → Lesquin)');
    expect(missionEvent['URL;VALUE=URI']).toBe(`${t.config.publicUrl}/mission/${mission.id}`);
    expect(missionEvent.DTSTART).toBe(
      mission.startDate
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
    );
    const summaries = events.map((event) => event.SUMMARY);
    expect(summaries).toEqual(
      expect.arrayContaining(['Disponible 08:00–12:00', 'Disponible', 'Indisponible']),
    );
    const partialDay = events.find((event) => event.SUMMARY === 'Disponible 08:00–12:00')!;
    expect(partialDay['DTSTART;VALUE=DATE']).toBe(inDays(3).replace(/-/g, ''));
    expect(events.find((event) => event.SUMMARY === 'Indisponible')!.DESCRIPTION).toBe('Rendez-vous médical');
    // Nobody else's data: no e-mail, no phone of the transporter.
    expect(feed.body).not.toMatch(/@exemple\.fr|\+336/);

    // A new link replaces the old one.
    const again = (await agent.post('/api/availability/ics')).json();
    expect((await new Agent(t.app).get(path)).statusCode).toBe(404);
    expect((await new Agent(t.app).get(new URL(again.url).pathname)).statusCode).toBe(200);
    expect((await agent.delete('/api/availability/ics')).statusCode).toBe(204);
    const revoked = await new Agent(t.app).get(new URL(again.url).pathname);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toBe('Calendrier introuvable ou révoqué');
    expect((await agent.get('/api/availability/settings')).json()).toMatchObject({
      icsActive: false,
      icsCreatedAt: null,
    });
    expect((await new Agent(t.app).get(`/api/availability/ics/${'a'.repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await new Agent(t.app).get('/api/availability/ics/nimporte-quoi')).statusCode).toBe(404);
  });

  it('stops with the account', async () => {
    const { agent, user } = await driver();
    const { url } = (await agent.post('/api/availability/ics')).json();
    await t.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, user.id));
    expect((await new Agent(t.app).get(new URL(url).pathname)).statusCode).toBe(404);
  });
});

describe('applying on a day marked unavailable', () => {
  it('asks first (409 availability_unavailable), and goes through once confirmed', async () => {
    const { agent: transporter } = await company();
    const start = new Date(Date.now() + 3 * 86_400_000);
    const published = await transporter.post(
      '/api/missions',
      missionPayload({
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 8 * 3600_000).toISOString(),
      }),
    );
    const missionId = published.json().mission.id as string;
    const startDay = parisDate(start);
    const { agent } = await driver();
    await agent.put(`/api/availability/${startDay}`, { status: 'unavailable' });
    const asked = await agent.post(`/api/missions/${missionId}/apply`, { message: 'Dispo finalement' });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().code).toBe('availability_unavailable');
    expect(asked.json().message).toMatch(
      /^Vous vous êtes déclaré indisponible le .+\. Postuler quand même \?$/,
    );
    const confirmed = await agent.post(`/api/missions/${missionId}/apply`, {
      message: 'Dispo finalement',
      confirmUnavailable: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);

    // Partially available that day: no question asked.
    const { agent: other } = await driver();
    await other.put(`/api/availability/${startDay}`, {
      status: 'busy',
      startTime: '05:00',
      endTime: '18:00',
    });
    expect((await other.post(`/api/missions/${missionId}/apply`, {})).statusCode).toBe(201);
  });
});

describe('new-mission alerts', () => {
  it('still reach a driver partially available on the start day, not one unavailable', async () => {
    const paris = { currentLocation: 'Paris', currentLat: '48.856600', currentLng: '2.352200' };
    const partial = await driver(paris);
    const off = await driver(paris);
    const start = new Date(Date.now() + 5 * 86_400_000);
    const startDay = parisDate(start);
    await partial.agent.put(`/api/availability/${startDay}`, {
      status: 'busy',
      startTime: '06:00',
      endTime: '14:00',
    });
    await off.agent.put(`/api/availability/${startDay}`, { status: 'unavailable' });
    const { agent: transporter } = await company();
    const published = await transporter.post(
      '/api/missions',
      missionPayload({
        pickupLat: 48.7467,
        pickupLng: 2.3522,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 8 * 3600_000).toISOString(),
      }),
    );
    expect(published.statusCode).toBe(201);
    const newMission = async (agent: Agent) =>
      ((await agent.get('/api/alerts?filtre=missions')).json() as Array<{ type: string }>).filter(
        (alert) => alert.type === 'new_mission',
      );
    expect(await newMission(partial.agent)).toHaveLength(1);
    expect(await newMission(off.agent)).toHaveLength(0);
  });
});
