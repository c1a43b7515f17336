import { parisDate } from '#core/rules/days.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../db/schema/messaging.js';
import { availability } from '../../db/schema/documents.js';
import type { NewUser } from '../../db/schema/users.js';
import { createUser, missionPayload } from '../../test/factories.js';
import { eq, sql } from 'drizzle-orm';
import { Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { createMailer, type Mail } from '../../platform/mailer.js';
import { startSmtpServer } from '../../test/smtp.js';
import { sendDigests } from './digest.js';
import { loadPreferences } from './preferences.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = (overrides: Partial<NewUser> = {}) => signIn(t, overrides);

describe('alerts', () => {
  it('lists one’s own alerts with filters; marks read one or all; deletes; never touches another’s', async () => {
    const company = await signedIn({ userType: 'company' });
    const driver = await signedIn({ subscriptionPlan: 'premium' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    await driver.agent.post(`/api/missions/${missionId}/apply`, {});
    await driver.agent.post(`/api/messages/${company.user.id}`, { content: 'Bonjour', missionId });

    const all = (await company.agent.get('/api/alerts')).json();
    expect(all.map((a: { title: string }) => a.title)).toEqual(['Nouveau message', 'Nouvelle candidature']);
    expect(all[1].link).toBe(`/mission/${missionId}`);
    // The message alert opens that mission's conversation, not a conversation without a mission.
    expect(all[0].link).toBe(`/messages?avec=${driver.user.id}&mission=${missionId}`);
    expect((await company.agent.get('/api/alerts?filtre=messages')).json()).toHaveLength(1);
    expect((await company.agent.get('/api/alerts?filtre=missions')).json()).toHaveLength(1);
    expect((await company.agent.get('/api/alerts?filtre=documents')).json()).toHaveLength(0);
    expect((await company.agent.get('/api/alerts?filtre=autre')).statusCode).toBe(400);

    // Another user can neither read, mark nor delete them.
    expect((await driver.agent.get('/api/alerts')).json()).toEqual([]);
    expect((await driver.agent.post(`/api/alerts/${all[0].id}/read`)).statusCode).toBe(404);
    expect((await driver.agent.delete(`/api/alerts/${all[0].id}`)).statusCode).toBe(404);

    const read = await company.agent.post(`/api/alerts/${all[0].id}/read`);
    expect(read.json().read).toBe(true);
    expect((await company.agent.get('/api/alerts?filtre=non-lues')).json()).toHaveLength(1);
    expect((await company.agent.post('/api/alerts/read-all')).json()).toEqual({ read: 1 });
    expect((await company.agent.get('/api/alerts?filtre=non-lues')).json()).toHaveLength(0);
    expect((await company.agent.delete(`/api/alerts/${all[1].id}`)).json()).toEqual({
      message: 'Alerte supprimée',
    });
    expect((await company.agent.get('/api/alerts')).json()).toHaveLength(1);
    expect((await new Agent(t.app).get('/api/alerts')).statusCode).toBe(401);
  });

  it('tells each driver a published mission fits: licence, vehicle, zone, availability, preferences', async () => {
    const company = await signedIn({ userType: 'company' });
    const paris = { currentLocation: 'Paris', currentLat: '48.856600', currentLng: '2.352200' };
    const fits = await signedIn({ ...paris });
    const fitsSaidVehicle = await signedIn({ ...paris, vehicleTypes: ['semi_frigorifique', 'citerne'] });
    const otherVehicle = await signedIn({ ...paris, vehicleTypes: ['porteur'] });
    const smallLicence = await signedIn({ ...paris, licenseType: 'C' });
    const far = await signedIn({
      currentLocation: 'Marseille',
      currentLat: '43.296500',
      currentLng: '5.369800',
    });
    const noCity = await signedIn();
    const unavailable = await signedIn({ ...paris });
    const availableLater = await signedIn({
      ...paris,
      availableFrom: new Date(Date.now() + 10 * 86_400_000),
    });
    const notInterested = await signedIn({ ...paris });
    const smallZone = await signedIn({
      currentLocation: 'Melun',
      currentLat: '48.539700',
      currentLng: '2.655600',
    });
    const wideZone = await signedIn({
      currentLocation: 'Lille',
      currentLat: '50.629200',
      currentLng: '3.057300',
    });

    const prefs = (await notInterested.agent.get('/api/alerts/preferences')).json();
    expect(prefs.alertTypes).toContain('new_mission');
    expect(prefs.zoneRadiusKm).toBe(100);
    const without = prefs.alertTypes.filter((type: string) => type !== 'new_mission');
    expect(
      (await notInterested.agent.put('/api/alerts/preferences', { ...prefs, alertTypes: without }))
        .statusCode,
    ).toBe(200);
    await smallZone.agent.put('/api/alerts/preferences', { ...prefs, zoneRadiusKm: 25 });
    await wideZone.agent.put('/api/alerts/preferences', { ...prefs, zoneRadiusKm: 400 });

    const start = new Date(Date.now() + 3 * 86_400_000);
    const parisDay = parisDate(start);
    await t.db
      .insert(availability)
      .values({ driverId: unavailable.user.id, date: parisDay, status: 'unavailable' });

    const published = await company.agent.post(
      '/api/missions',
      missionPayload({
        title: 'Frigo Rungis → Lille',
        pickupLat: 48.7467,
        pickupLng: 2.3522,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 8 * 3600_000).toISOString(),
      }),
    );
    expect(published.statusCode).toBe(201);
    const missionId = published.json().mission.id;

    const newMissionAlerts = async (who: { agent: Agent }) =>
      (
        (await who.agent.get('/api/alerts?filtre=missions')).json() as Array<{
          type: string;
          title: string;
          message: string;
          link: string;
        }>
      ).filter((alert) => alert.type === 'new_mission');
    for (const driver of [fits, fitsSaidVehicle, wideZone]) {
      const [alert] = await newMissionAlerts(driver);
      expect(alert).toMatchObject({ title: 'Nouvelle mission', link: `/mission/${missionId}` });
      expect(alert!.message).toMatch(
        /^« Frigo Rungis → Lille » : départ de .+ le .+, à \d+ km de chez vous\.$/,
      );
    }
    for (const driver of [
      otherVehicle,
      smallLicence,
      far,
      noCity,
      unavailable,
      availableLater,
      notInterested,
      smallZone,
    ])
      expect(await newMissionAlerts(driver)).toEqual([]);
    expect((await company.agent.get('/api/alerts')).json()).toEqual([]);
  });

  it('tells of a mission requiring equipment only the drivers whose profile has it', async () => {
    const company = await signedIn({ userType: 'company' });
    const paris = { currentLocation: 'Paris', currentLat: '48.856600', currentLng: '2.352200' };
    const withLift = await signedIn({ ...paris, certifications: ['Hayon'] });
    const withoutLift = await signedIn({ ...paris, certifications: ['Frigo (ATP)'] });
    const start = new Date(Date.now() + 3 * 86_400_000);
    const published = await company.agent.post(
      '/api/missions',
      missionPayload({
        title: 'Palettes Rungis → Évry',
        pickupLat: 48.7467,
        pickupLng: 2.3522,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 8 * 3600_000).toISOString(),
        requiredEquipment: ['tail_lift'],
      }),
    );
    expect(published.statusCode, published.body).toBe(201);
    const alerted = async (who: { agent: Agent }) =>
      ((await who.agent.get('/api/alerts?filtre=missions')).json() as Array<{ type: string }>).some(
        (alert) => alert.type === 'new_mission',
      );
    expect(await alerted(withLift)).toBe(true);
    expect(await alerted(withoutLift)).toBe(false);
  });

  it('keeps each user’s preferences: French refusals, role-only types, a type turned off leaves no alert', async () => {
    const company = await signedIn({ userType: 'company' });
    const driver = await signedIn({ subscriptionPlan: 'premium' });
    const defaults = (await company.agent.get('/api/alerts/preferences')).json();

    const bad = await company.agent.put('/api/alerts/preferences', {
      ...defaults,
      emailTypes: ['spam'],
      zoneRadiusKm: 33,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'emailTypes.0': 'Type d’alerte inconnu',
      zoneRadiusKm: 'Rayon à choisir parmi 25, 50, 100, 200, 400 km',
    });

    // "New missions in my zone" means nothing to a transporter: not kept.
    const saved = await company.agent.put('/api/alerts/preferences', {
      alertTypes: ['new_mission', 'application', 'mission', 'document'],
      pushTypes: ['new_mission', 'message'],
      emailTypes: [],
      zoneRadiusKm: 50,
    });
    expect(saved.json()).toEqual({
      alertTypes: ['application', 'mission', 'document'],
      pushTypes: ['message'],
      emailTypes: [],
      zoneRadiusKm: 50,
    });
    expect((await company.agent.get('/api/alerts/preferences')).json()).toEqual(saved.json());
    // Another user's preferences are untouched.
    expect((await driver.agent.get('/api/alerts/preferences')).json()).toEqual(defaults);

    // Messages turned off: the message arrives, no alert does; applications still alert.
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    await driver.agent.post(`/api/missions/${missionId}/apply`, {});
    await driver.agent.post(`/api/messages/${company.user.id}`, { content: 'Bonjour', missionId });
    const alerts = (await company.agent.get('/api/alerts')).json() as Array<{ type: string }>;
    expect(alerts.map((alert) => alert.type)).toEqual(['application']);
    expect((await company.agent.get('/api/conversations')).json()[0].unreadCount).toBe(1);
    expect((await new Agent(t.app).get('/api/alerts/preferences')).statusCode).toBe(401);
  });

  it('mails unread alerts in one digest, at most once an hour per user, only the types chosen', async () => {
    const company = await signedIn({ userType: 'company' });
    const driver = await signedIn({ subscriptionPlan: 'premium' });
    await company.agent.put('/api/alerts/preferences', {
      alertTypes: ['application', 'mission', 'message', 'document'],
      pushTypes: [],
      emailTypes: ['application'],
      zoneRadiusKm: 100,
    });
    // The platform's mailer, over a real SMTP server on loopback; the mails are read back decoded.
    const smtp = await startSmtpServer();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Relais <bonjour@relais.fr>',
      dataDir: t.config.dataDir,
      log: t.app.log,
    });
    const mails = smtp.received;
    const deps = { db: t.db, config: t.config, mailer };
    const age = (minutes: number) =>
      t.db.execute(
        sql`update alerts set created_at = now() - make_interval(mins => ${minutes}) where user_id = ${company.user.id}`,
      );

    const first = (await company.agent.post('/api/missions', missionPayload({ title: 'Benne Lyon' }))).json()
      .mission.id;
    const second = (
      await company.agent.post('/api/missions', missionPayload({ title: 'Plateau Metz' }))
    ).json().mission.id;
    await driver.agent.post(`/api/missions/${first}/apply`, {});
    await driver.agent.post(`/api/missions/${second}/apply`, {});
    await driver.agent.post(`/api/messages/${company.user.id}`, { content: 'Bonjour', missionId: first });

    // Too recent: a burst waits to be gathered.
    expect(await sendDigests(deps)).toBe(0);
    await age(10);
    expect(await sendDigests(deps)).toBe(1);
    const mail = mails.find((m) => m.to.includes(company.user.email))!;
    expect(mail.subject).toBe('2 nouvelles alertes — Relais');
    expect(mail.text).toContain('• Nouvelle candidature — Jean Routier a postulé à « Plateau Metz ».');
    expect(mail.text).toContain('« Benne Lyon »');
    expect(mail.text).not.toContain('Nouveau message'); // not a type chosen for e-mail
    expect(mail.text).toContain(`${t.config.publicUrl}/alerts`);
    // A bulk sender's headers: one-click unsubscribe (RFC 8058) and « automatic » (RFC 3834).
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['auto-submitted']).toBe('auto-generated');
    const oneClick = /^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    expect(oneClick).toMatch(new RegExp(`^${t.config.publicUrl}/api/alerts/unsubscribe\\?token=`));
    // The footer: one link per alert type of the mail, then one for every e-mail.
    expect(mail.text).toContain('Ne plus recevoir par e-mail les alertes « Candidatures » : ');
    const typeLink = /« Candidatures » : (\S+)/.exec(mail.text)![1]!;
    expect(typeLink).toMatch(new RegExp(`^${t.config.publicUrl}/desabonnement\\?token=`));

    // Within the hour: nothing more, even with a new alert; an alert read in the app is never mailed.
    const third = (
      await company.agent.post('/api/missions', missionPayload({ title: 'Citerne Caen' }))
    ).json().mission.id;
    const fourth = (
      await company.agent.post('/api/missions', missionPayload({ title: 'Porteur Nancy' }))
    ).json().mission.id;
    await driver.agent.post(`/api/missions/${third}/apply`, {});
    await driver.agent.post(`/api/missions/${fourth}/apply`, {});
    const [seen] = (await company.agent.get('/api/alerts')).json() as Array<{ id: string; message: string }>;
    expect(seen!.message).toContain('Porteur Nancy');
    await company.agent.post(`/api/alerts/${seen!.id}/read`);
    await age(10);
    expect(await sendDigests(deps)).toBe(0);
    await t.db.execute(
      sql`update notification_preferences set last_email_at = now() - interval '2 hours' where user_id = ${company.user.id}`,
    );
    expect(await sendDigests(deps)).toBe(1);
    expect(mails.at(-1)!.text).toContain('« Citerne Caen »');
    expect(mails.at(-1)!.text).not.toContain('Plateau Metz'); // already mailed
    expect(mails.at(-1)!.text).not.toContain('Porteur Nancy'); // read in the app
    expect(await sendDigests(deps)).toBe(0);
    expect(mails).toHaveLength(2);
    await mailer.close();
    await smtp.close();
  });

  it('unsubscribes in one click without signing in, per alert type or from every e-mail, never another member', async () => {
    const member = await signIn(t, { userType: 'company' });
    const other = await signIn(t, { userType: 'company' });
    await t.db.insert(alerts).values(
      [member, other].map((party) => ({
        userId: party.user.id,
        type: 'application',
        title: 'Nouvelle candidature',
        message: 'Un chauffeur a postulé.',
        createdAt: new Date(Date.now() - 10 * 60_000),
      })),
    );
    const sent: Mail[] = [];
    await sendDigests({
      db: t.db,
      config: t.config,
      mailer: { send: async (mail) => void sent.push(mail), close: () => undefined },
    });
    const mail = sent.find((candidate) => candidate.to === member.user.email)!;
    const header = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    const typeToken = new URL(/« Candidatures » : (\S+)/.exec(mail.text)![1]!).searchParams.get('token')!;
    const anonymous = new Agent(t.app);
    const emailTypes = async (userId: string) => (await loadPreferences(t.db, userId)).emailTypes;

    // The footer's link (the page posts its token): only that type stops.
    const one = await anonymous.post('/api/alerts/unsubscribe', { token: typeToken });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().message).toContain('« Candidatures »');
    expect(await emailTypes(member.user.id)).not.toContain('application');
    expect(await emailTypes(member.user.id)).toContain('message');
    // The same token for another member, or altered, or a made-up scope: refused in French, nothing changes.
    const [userId, scope, signature] = typeToken.split('.');
    for (const forged of [
      `${other.user.id}.${scope}.${signature}`,
      `${userId}.all.${signature}`,
      `${typeToken}x`,
      'nimporte',
    ])
      expect((await anonymous.post('/api/alerts/unsubscribe', { token: forged })).statusCode).toBe(400);
    expect(await emailTypes(other.user.id)).toContain('application');

    // The header's link, as a mail provider posts it (a form, no cookie, no Origin): every e-mail stops, twice fine.
    const url = new URL(header);
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await emailTypes(member.user.id)).toEqual([]);
    expect(await emailTypes(other.user.id)).toContain('application');
  });

  it('never mails a demo account’s alerts (the demonstration boundary)', async () => {
    const realMember = await createUser(t.db);
    const demoMember = await createUser(t.db, { isDemo: true, sandboxId: randomUUID() });
    const old = new Date(Date.now() - 10 * 60_000);
    for (const user of [realMember, demoMember])
      await t.db.insert(alerts).values({
        userId: user.id,
        type: 'mission',
        title: 'Mission attribuée',
        message: 'Vous avez été retenu.',
        createdAt: old,
      });
    const sent: Mail[] = [];
    const mailer = { send: async (mail: Mail) => void sent.push(mail), close: () => undefined };
    await sendDigests({ db: t.db, config: t.config, mailer });
    const to = sent.map((mail) => mail.to);
    expect(to).toContain(realMember.email);
    expect(to).not.toContain(demoMember.email);
    const [waiting] = await t.db.select().from(alerts).where(eq(alerts.userId, demoMember.id));
    expect(waiting!.emailedAt).toBeNull();
  });

  it('runs the digests as a scheduled job of the queue, on an instance with workers', async () => {
    const mails: Mail[] = [];
    const w = await createTestApp({
      env: { JOBS_WORKER: 'true' },
      mailer: { send: async (mail) => void mails.push(mail), close: () => undefined },
    });
    try {
      const company = await signIn(w, { userType: 'company' });
      const driver = await signIn(w, { subscriptionPlan: 'premium' });
      const missionId = (
        await company.agent.post('/api/missions', missionPayload({ title: 'Benne Rouen' }))
      ).json().mission.id;
      await driver.agent.post(`/api/missions/${missionId}/apply`, {});
      await w.db.execute(
        sql`update alerts set created_at = now() - interval '10 minutes' where user_id = ${company.user.id}`,
      );
      // The minute's run may come first; either way the application is mailed once.
      await w.app.jobs.runNow('email-digests');
      const toCompany = mails.filter((mail) => mail.to === company.user.email);
      expect(toCompany).toHaveLength(1);
      expect(toCompany[0]!.text).toContain('« Benne Rouen »');
      await w.app.jobs.runNow('email-digests');
      expect(mails.filter((mail) => mail.to === company.user.email)).toHaveLength(1);
    } finally {
      await w.close();
    }
  });
});
