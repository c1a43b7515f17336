import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPayload, driverPayload, missionPayload } from '../test/factories.js';
import { Agent, createTestApp, signIn, waitForOutboxMail, type TestApp } from '../test/harness.js';

// What every text field and every date of the API does with what no person types.
const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logTo: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  });
});
afterAll(async () => {
  await t.close();
});

const NUL = '\u0000';

/** 400 with a French message under the field; never a 500. */
function refusedOn(response: { statusCode: number; json(): unknown }, field: string) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
  const body = response.json() as { message: string; errors?: Record<string, string> };
  expect(body.errors?.[field]).toBe('Ce texte contient des caractères non autorisés');
}

describe('NUL bytes and control characters', () => {
  it('are refused in the registration and the profile, under the field', async () => {
    const agent = new Agent(t.app);
    refusedOn(await agent.post('/api/auth/register', driverPayload({ fullName: `Jean${NUL}` })), 'fullName');
    refusedOn(
      await agent.post('/api/auth/register', driverPayload({ licenseNumber: `12${NUL}` })),
      'licenseNumber',
    );
    refusedOn(
      await agent.post('/api/auth/register', driverPayload({ certifications: ['FIMO', `A${NUL}DR`] })),
      'certifications.1',
    );
    refusedOn(
      await agent.post('/api/auth/register', companyPayload({ companyName: `Tr${NUL}ans` })),
      'companyName',
    );

    const { agent: driver } = await signIn(t);
    const profile = { fullName: 'Jean Routier', phone: '0612345678' };
    refusedOn(await driver.put('/api/profile', { ...profile, fullName: `J${NUL}ean` }), 'fullName');
    refusedOn(
      await driver.put('/api/profile', { ...profile, currentLocation: `Lyon${NUL}` }),
      'currentLocation',
    );
  });

  it('are refused in missions, applications, messages and reasons', async () => {
    const company = await signIn(t, { userType: 'company', emailVerified: true });
    const driver = await signIn(t, { emailVerified: true, subscriptionPlan: 'premium' });
    for (const field of ['title', 'description', 'cargoType', 'pickupAddress']) {
      refusedOn(await company.agent.post('/api/missions', missionPayload({ [field]: `x${NUL}y` })), field);
    }
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission
      .id as string;
    refusedOn(
      await driver.agent.post(`/api/missions/${missionId}/apply`, { message: `Dispo${NUL}` }),
      'message',
    );
    expect(
      (await driver.agent.post(`/api/missions/${missionId}/apply`, { message: 'Dispo dès 5 h' })).statusCode,
    ).toBe(201);
    refusedOn(
      await company.agent.post(`/api/messages/${driver.user.id}`, { content: `Bonjour${NUL}`, missionId }),
      'content',
    );
    refusedOn(
      await company.agent.post(`/api/missions/${missionId}/cancel`, { reason: `Camion en panne${NUL}` }),
      'reason',
    );
    const search = await t.app.inject({ url: `/api/missions/search?q=${encodeURIComponent(`frigo${NUL}`)}` });
    expect(search.statusCode).toBe(400);
    // A push service's address with a NUL: refused before it reaches the database.
    const endpoint = `https://fcm.googleapis.com/fcm/send/x${NUL}`;
    const removed = await driver.agent.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint },
    });
    expect(removed.statusCode).toBe(400);
  });

  it('counts a field of invisible characters only as empty', async () => {
    const company = await signIn(t, { userType: 'company', emailVerified: true });
    const response = await company.agent.post(
      '/api/missions',
      missionPayload({ title: '\u200B\u200B\u3164' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.title).toBe('Le titre est requis');
    const spoofed = await company.agent.post(
      '/api/missions',
      missionPayload({ title: 'Frigo \u202Egnp.exe' }),
    );
    expect(spoofed.json().mission.title).toBe('Frigo gnp.exe');
  });
});

describe('impossible and out-of-range dates', () => {
  it('are refused with a 400, not turned into other dates or a 500', async () => {
    const company = await signIn(t, { userType: 'company', emailVerified: true });
    const year = new Date().getFullYear() + 1;
    const impossible = await company.agent.post(
      '/api/missions',
      missionPayload({ startDate: `${year}-02-30T08:00`, endDate: `${year}-03-02T08:00` }),
    );
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().errors.startDate).toBe('Date de début invalide');

    for (const url of [
      '/api/missions/search?from=0000-01-01',
      '/api/missions/search?from=0000-01-01T00:00:00Z',
      '/api/missions/search?to=9999-12-31',
      '/api/missions/search?from=2030-02-30',
      '/api/missions/search?page=100000000000000000000',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toMatch(/invalide/);
    }
    const { agent, user } = await signIn(t);
    for (const before of ['0000-01-01T00:00:00Z', '2030-02-30T10:00:00Z', '+275760-09-13T00:00:00Z']) {
      const response = await agent.get(`/api/messages/${user.id}?before=${encodeURIComponent(before)}`);
      expect(response.statusCode, before).toBe(400);
    }
  });

  it('reads a time without an offset as Paris time', async () => {
    const company = await signIn(t, { userType: 'company', emailVerified: true });
    const year = new Date().getFullYear() + 1;
    // Mid-January: Paris is UTC+1, and the mission stays within the 12-month window only if next January is.
    const start = new Date(`${year}-01-15T06:00:00+01:00`);
    if (start.getTime() - Date.now() > 360 * 86_400_000) return;
    const response = await company.agent.post(
      '/api/missions',
      missionPayload({ startDate: `${year}-01-15T06:00`, endDate: `${year}-01-15T14:00` }),
    );
    expect(response.json().mission.startDate).toBe(start.toISOString());
  });
});

describe('logs', () => {
  it('keep a failed sign-up’s hash, token, e-mail and phone out of the log, at both of its steps', async () => {
    // The database refuses the row: the error carries every parameter of the insert.
    await t.db.execute(sql`
      create function refuse_rows() returns trigger language plpgsql as $$
      begin raise exception 'insertion refusée par le test'; end $$`);
    type Answer = Awaited<ReturnType<Agent['post']>>;
    const refused = async (table: 'pending_registrations' | 'users', step: () => Promise<Answer>) => {
      await t.db.execute(
        sql`create trigger refuse_rows before insert on ${sql.identifier(table)}
          for each row execute function refuse_rows()`,
      );
      try {
        const before = logLines.length;
        const response = await step();
        expect(response.statusCode).toBe(500);
        expect(response.json().message).toMatch(/erreur interne/);
        const written = logLines.slice(before).join('\n');
        expect(written).not.toContain('secret.chauffeur');
        expect(written).not.toContain('+33699887766');
        expect(written).not.toContain('scrypt$');
        expect(written).not.toMatch(/[0-9a-f]{64}/);
        expect(written).toContain('insertion refusée par le test');
        expect(written).toContain('"code":"P0001"');
        return written;
      } finally {
        await t.db.execute(sql`drop trigger refuse_rows on ${sql.identifier(table)}`);
      }
    };
    try {
      const payload = driverPayload({ email: 'secret.chauffeur@exemple.fr', phone: '06 99 88 77 66' });
      // The sign-up, kept until its link is followed (decision 039)…
      const signUp = () => new Agent(t.app).post('/api/auth/register', payload);
      expect(await refused('pending_registrations', signUp)).toContain('insert into pending_registrations');
      // …and the account its link creates.
      expect((await signUp()).statusCode).toBe(202);
      const link = (await waitForOutboxMail(t.config, payload.email)).link!;
      const token = new URL(link).searchParams.get('token');
      const follow = () => new Agent(t.app).post('/api/auth/verify-email', { token });
      expect(await refused('users', follow)).toContain('insert into \\"users\\"');
    } finally {
      await t.db.execute(sql`drop function refuse_rows`);
    }
  });

  it('name the mail file, never the link’s token nor the whole address', async () => {
    const before = logLines.length;
    const response = await new Agent(t.app).post(
      '/api/auth/register',
      driverPayload({ email: 'journal.prive@exemple.fr' }),
    );
    expect(response.statusCode).toBe(202);
    // The mail leaves in the background: its line comes once the file is written.
    for (let i = 0; i < 100 && !logLines.slice(before).join('\n').includes('boîte d’envoi'); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const written = logLines.slice(before).join('\n');
    expect(written).toContain('boîte d’envoi locale');
    expect(written).toContain('j***@exemple.fr');
    expect(written).not.toContain('journal.prive');
    expect(written).not.toMatch(/token=/);
  });

  it('mask the token of a page link', async () => {
    const before = logLines.length;
    await t.app.inject({ url: '/verify-email?token=SECRET-TOKEN-123' });
    const written = logLines.slice(before).join('\n');
    expect(written).toContain('/verify-email?token=[masqué]');
    expect(written).not.toContain('SECRET-TOKEN-123');
  });
});
