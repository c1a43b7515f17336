import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#core/schemas/account.js';
import { missionApplications, missions, reviews } from '../../db/schema/missions.js';
import { missionIncidents, trackingViews, waitingPeriods } from '../../db/schema/road.js';
import { subscriptions } from '../../db/schema/payments.js';
import { accountTokens, sessions } from '../../db/schema/platform.js';
import { users } from '../../db/schema/users.js';
import {
  createUser,
  driverPayload,
  insertMission,
  missionPayload,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { startSmtpServer, type ReceivedMail } from '../../test/smtp.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://relais.example' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The newest mail to `address` whose subject matches, waiting up to 5 s (account mails leave in the background). */
async function mailTo(address: string, subject: RegExp, mentioning = ''): Promise<ReceivedMail> {
  for (let i = 0; i < 100; i++) {
    const mail = smtp.received
      .filter((m) => m.to.includes(address) && subject.test(m.subject) && m.text.includes(mentioning))
      .at(-1);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail "${subject}" to ${address}`);
}
const tokenIn = (mail: ReceivedMail, page: string) =>
  new RegExp(`https://relais\\.example${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];

describe('mails to an address nobody has confirmed', () => {
  it('carry none of the registrant’s text (a name typed by a stranger is not sent to the address owner)', async () => {
    const bait = 'Votre colis est bloqué payez sur evil.example';
    const registered = await new Agent(t.app).post(
      '/api/auth/register',
      driverPayload({ email: 'victime-hameconnage@exemple.fr', fullName: bait }),
    );
    expect(registered.statusCode).toBe(202);
    const welcome = await mailTo('victime-hameconnage@exemple.fr', /Confirmez/);
    expect(welcome.text).not.toContain('colis');
    // An account whose address was never confirmed (from before decision 039): its name is not repeated either.
    await createUser(t.db, { email: 'non-confirmee@exemple.fr', fullName: bait, emailVerified: false });
    await new Agent(t.app).post('/api/auth/password/forgot', { email: 'non-confirmee@exemple.fr' });
    const reset = await mailTo('non-confirmee@exemple.fr', /Nouveau mot de passe/);
    expect(reset.text).toMatch(/^Bonjour,/);
    expect(reset.text).not.toContain('colis');
    await new Agent(t.app).post('/api/auth/register', driverPayload({ email: 'non-confirmee@exemple.fr' }));
    const notice = await mailTo('non-confirmee@exemple.fr', /déjà un compte/);
    expect(notice.text).toMatch(/^Bonjour,/);
    expect(notice.text).not.toContain('colis');
  });
});

describe('mot de passe oublié', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const { user } = await signIn(t, { email: 'oubli@exemple.fr', fullName: 'Lucie Oubli' });
    const anonymous = new Agent(t.app);
    const known = await anonymous.post('/api/auth/password/forgot', { email: 'OUBLI@exemple.fr' });
    const unknown = await anonymous.post('/api/auth/password/forgot', { email: 'personne@exemple.fr' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(accountMessages.forgotSent);
    const mail = await mailTo(user.email, /Nouveau mot de passe/);
    expect(mail.text).toContain('Bonjour Lucie Oubli');
    expect(tokenIn(mail, '/reinitialiser-mot-de-passe')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.some((m) => m.to.includes('personne@exemple.fr'))).toBe(false);
  });

  it('does not wait for the mail: the answer for a known address comes while the mail server stalls', async () => {
    // A mail server that accepts the connection and never says hello: a request that waited for it would hang.
    const held: net.Socket[] = [];
    const stalled = net.createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const port = (stalled.address() as net.AddressInfo).port;
    const slow = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const { user } = await signIn(slow, { email: 'lente@exemple.fr' });
      const answers = await Promise.all(
        [user.email, 'inconnue@exemple.fr'].map((email) =>
          new Agent(slow.app).post('/api/auth/password/forgot', { email }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(answers[0]!.body).toBe(answers[1]!.body);
    } finally {
      await slow.close();
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => stalled.close(resolve));
    }
  });

  it('sets a new password once with the link: other sessions end, this browser is signed in, a mail confirms', async () => {
    const { user, agent: laptop } = await signIn(t, { email: 'reset@exemple.fr' });
    const { agent: phone } = await (async () => {
      const a = new Agent(t.app);
      await a.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
      return { agent: a };
    })();
    await new Agent(t.app).post('/api/auth/password/forgot', { email: user.email });
    const token = tokenIn(await mailTo(user.email, /Nouveau mot de passe/), '/reinitialiser-mot-de-passe')!;

    const browser = new Agent(t.app);
    const reset = await browser.post('/api/auth/password/reset', { token, password: 'nouveau-secret' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(accountMessages.passwordReset);
    expect((await browser.get('/api/auth/me')).statusCode).toBe(200);
    for (const other of [laptop, phone]) expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    expect((await mailTo(user.email, /mot de passe a été changé/)).text).toContain('Si ce n’est pas vous');

    // Single use.
    const again = await new Agent(t.app).post('/api/auth/password/reset', {
      token,
      password: 'encore-autre',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.token).toBe(accountMessages.linkInvalid);
    expect(
      (await new Agent(t.app).post('/api/auth/login', { email: user.email, password: 'nouveau-secret' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await new Agent(t.app).post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(401);
  });

  it('keeps the owner’s link when someone else asks again; the first link used spends the others', async () => {
    const { user } = await signIn(t, { email: 'garde@exemple.fr' });
    const owner = new Agent(t.app, '192.0.2.10');
    await owner.post('/api/auth/password/forgot', { email: user.email });
    const first = tokenIn(await mailTo(user.email, /Nouveau mot de passe/), '/reinitialiser-mot-de-passe')!;
    // A stranger asks for the same address, again and again (the limits are in rate-limit.api.test.ts).
    smtp.received.length = 0;
    for (let i = 0; i < 3; i++) {
      const asked = await new Agent(t.app, `192.0.2.${20 + i}`).post('/api/auth/password/forgot', {
        email: 'GARDE@exemple.fr',
      });
      expect(asked.statusCode).toBe(200);
      expect(asked.json().message).toBe(accountMessages.forgotSent);
    }
    const second = tokenIn(await mailTo(user.email, /Nouveau mot de passe/), '/reinitialiser-mot-de-passe')!;
    expect(second).not.toBe(first);
    expect((await owner.post('/api/auth/password/reset/check', { token: first })).json()).toEqual({
      valid: true,
    });
    const reset = await owner.post('/api/auth/password/reset', { token: first, password: 'secret-1' });
    expect(reset.statusCode).toBe(200);
    const spent = await new Agent(t.app).post('/api/auth/password/reset', {
      token: second,
      password: 'secret-2',
    });
    expect(spent.statusCode).toBe(400);
  });

  it('refuses an expired link', async () => {
    const { user } = await signIn(t, { email: 'expire@exemple.fr' });
    await new Agent(t.app).post('/api/auth/password/forgot', { email: user.email });
    const second = tokenIn(await mailTo(user.email, /Nouveau mot de passe/), '/reinitialiser-mot-de-passe')!;
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, user.id));
    const expired = await new Agent(t.app).post('/api/auth/password/reset', {
      token: second,
      password: 'secret-2',
    });
    expect(expired.statusCode).toBe(400);
  });

  it('spends a link once even when it is followed twice at the same moment', async () => {
    const { user } = await signIn(t, { email: 'double@exemple.fr' });
    await new Agent(t.app).post('/api/auth/password/forgot', { email: user.email });
    const token = tokenIn(await mailTo(user.email, /Nouveau mot de passe/), '/reinitialiser-mot-de-passe')!;
    const results = await Promise.all(
      ['premier-secret', 'second-secret'].map((password) =>
        new Agent(t.app).post('/api/auth/password/reset', { token, password }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('/parametres', () => {
  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const { user, agent } = await signIn(t);
    const other = new Agent(t.app);
    await other.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const wrong = await agent.post('/api/account/password', {
      currentPassword: 'pas-le-bon',
      newPassword: 'nouveau-secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBe(accountMessages.wrongPassword);
    const same = await agent.post('/api/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
    });
    expect(same.json().errors.newPassword).toBe(accountMessages.samePassword);
    const done = await agent.post('/api/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'nouveau-secret',
    });
    expect(done.statusCode).toBe(200);
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('changes the e-mail only once the link sent to the new address is followed; the old one is told', async () => {
    const { user, agent } = await signIn(t, { email: 'ancienne@exemple.fr' });
    // An address that has an account: the same answer (no way to learn who has an account), and that address
    // is told, without a link.
    const taken = await signIn(t, { email: 'prise@exemple.fr' });
    const onTaken = await agent.post('/api/account/email', {
      newEmail: taken.user.email,
      password: TEST_PASSWORD,
    });
    expect(onTaken.statusCode).toBe(200);
    expect(onTaken.json().message).toBe(accountMessages.emailChangeSent);
    const told = await mailTo('prise@exemple.fr', /Adresse déjà utilisée/);
    expect(told.text).not.toMatch(/confirmer-email/);
    expect(told.text).not.toContain(user.fullName);
    const asked = await agent.post('/api/account/email', {
      newEmail: 'Nouvelle@Exemple.fr',
      password: TEST_PASSWORD,
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(accountMessages.emailChangeSent);
    expect(
      (await mailTo('ancienne@exemple.fr', /Changement d’adresse demandé/, 'nouvelle@exemple.fr')).text,
    ).toContain('nouvelle@exemple.fr');
    const token = tokenIn(
      await mailTo('nouvelle@exemple.fr', /Confirmez votre nouvelle adresse/),
      '/confirmer-email',
    )!;
    expect((await agent.get('/api/auth/me')).json().email).toBe('ancienne@exemple.fr');

    const confirmed = await new Agent(t.app).post('/api/account/email/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user).toMatchObject({ email: 'nouvelle@exemple.fr', emailVerified: true });
    expect((await agent.get('/api/auth/me')).json().email).toBe('nouvelle@exemple.fr');
    expect((await new Agent(t.app).post('/api/account/email/confirm', { token })).statusCode).toBe(400);
    expect(
      (
        await new Agent(t.app).post('/api/auth/login', {
          email: 'nouvelle@exemple.fr',
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    expect(user.id).toBe(confirmed.json().user.id);
  });

  it('does not let two accounts end up with one address (the index settles a race)', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    for (const { agent } of [a, b])
      await agent.post('/api/account/email', { newEmail: 'convoitee@exemple.fr', password: TEST_PASSWORD });
    const toCoveted = () => smtp.received.filter((m) => m.to.includes('convoitee@exemple.fr'));
    for (let i = 0; i < 100 && toCoveted().length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    const tokens = toCoveted().map((m) => tokenIn(m, '/confirmer-email'));
    expect(tokens).toHaveLength(2);
    const results = await Promise.all(
      tokens.map((token) => new Agent(t.app).post('/api/account/email/confirm', { token })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('RGPD', () => {
  it('exports what happened on the road: incidents, waiting times, and who looked at my positions', async () => {
    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t, { fullName: 'Nina Route' });
    const mission = await insertMission(t.db, { companyId: company.user.id, driverId: driver.user.id });
    await t.db.insert(missionIncidents).values({
      missionId: mission.id,
      reporterId: driver.user.id,
      type: 'breakdown',
      occurredAt: new Date(),
      note: 'Crevaison sur l’A1',
    });
    await t.db
      .insert(waitingPeriods)
      .values({ missionId: mission.id, place: 'pickup', startedAt: new Date(), startedBy: driver.user.id });
    await t.db
      .insert(trackingViews)
      .values({ missionId: mission.id, viewerId: company.user.id, viewerRole: 'transporter' });
    const road = (await driver.agent.get('/api/account/export')).json().onTheRoad;
    expect(road.incidentsReported).toMatchObject([{ note: 'Crevaison sur l’A1' }]);
    expect(road.waitingTimes).toHaveLength(1);
    expect(road.looksAtMyPositions).toMatchObject([{ viewerRole: 'transporter' }]);
    expect((await company.agent.get('/api/account/export')).json().onTheRoad.myLooksAtPositions).toHaveLength(
      1,
    );
  });

  it('does not export a review about me before it is published (double-blind)', async () => {
    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t, { fullName: 'Nina Avis' });
    const mission = await insertMission(t.db, { companyId: company.user.id, driverId: driver.user.id });
    const [review] = await t.db
      .insert(reviews)
      .values({
        reviewerId: company.user.id,
        revieweeId: driver.user.id,
        missionId: mission.id,
        rating: 1,
        professionalismScore: 1,
        communicationScore: 1,
        drivingSkillScore: 1,
        safetyScore: 1,
        comment: 'Avis encore secret',
      })
      .returning();
    const hidden = (await driver.agent.get('/api/account/export')).json();
    expect(hidden.reviews.received).toEqual([]);
    expect(JSON.stringify(hidden)).not.toContain('Avis encore secret');
    // Its author has it among theirs.
    expect((await company.agent.get('/api/account/export')).json().reviews.given).toHaveLength(1);

    await t.db.update(reviews).set({ publishedAt: new Date() }).where(eq(reviews.id, review!.id));
    const published = (await driver.agent.get('/api/account/export')).json();
    expect(published.reviews.received).toHaveLength(1);
    expect(published.reviews.received[0]).toMatchObject({ comment: 'Avis encore secret' });
  });

  it('exports everything held about me as a JSON file, secrets withheld', async () => {
    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t, { subscriptionPlan: 'premium', fullName: 'Nina Export' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    await driver.agent.post(`/api/missions/${missionId}/apply`, { message: 'Disponible' });
    await driver.agent.post(`/api/messages/${company.user.id}`, {
      content: 'Question sur le quai',
      missionId,
    });
    await company.agent.post(`/api/messages/${driver.user.id}`, { content: 'Quai 4', missionId });

    const response = await driver.agent.get('/api/account/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="relais-mes-donnees-/);
    const data = response.json();
    expect(data.account).toMatchObject({
      id: driver.user.id,
      fullName: 'Nina Export',
      email: driver.user.email,
    });
    expect(data.missions.myApplications[0]).toMatchObject({ missionId, message: 'Disponible' });
    expect(data.messages.sent.map((m: { content: string }) => m.content)).toEqual(['Question sur le quai']);
    expect(data.messages.received.map((m: { content: string }) => m.content)).toEqual(['Quai 4']);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.alerts.length).toBeGreaterThan(0);
    const text = response.body;
    expect(text).not.toContain('scrypt$');
    expect(text).not.toContain('"password"');
    expect(text).not.toContain('tokenHash');
  });

  it('deletes the account: sessions end, personal fields are anonymised, others see "Utilisateur supprimé"', async () => {
    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t, {
      subscriptionPlan: 'premium',
      fullName: 'Marc Partant',
      phone: '+33677777777',
      licenseNumber: 'SECRET-123',
      transportRegisterNumber: '2024/84/0012345',
    });
    const phone = new Agent(t.app);
    await phone.post('/api/auth/login', { email: driver.user.email, password: TEST_PASSWORD });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    await driver.agent.post(`/api/missions/${missionId}/apply`, { message: 'Motivé' });
    await driver.agent.post(`/api/messages/${company.user.id}`, { content: 'Bonjour', missionId });
    // A plan granted by Relais and a request for another: both go with the account.
    await t.db.insert(subscriptions).values([
      { userId: driver.user.id, plan: 'premium', status: 'active', source: 'admin', interval: 'month' },
      { userId: driver.user.id, plan: 'elite', status: 'requested', source: 'admin', interval: 'year' },
    ]);
    // Subject to VAT, on debits, with an IBAN: all of it goes with the account.
    const billing = await driver.agent.put('/api/billing/details', {
      billingAddress: '12 rue des Lilas, 69003 Lyon',
      siretNumber: '73282932000074',
      vatRegime: 'normal',
      vatNumber: 'FR44732829320',
      vatOnDebits: true,
      iban: 'FR7630006000011234567890189',
    });
    expect(billing.statusCode, billing.body).toBe(200);

    const wrong = await driver.agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: 'non' },
    });
    expect(wrong.statusCode).toBe(400);
    const token = driver.agent.cookie;
    const gone = await driver.agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe(accountMessages.deleted);
    // The browser that deleted the account is signed out; its old cookie opens nothing.
    expect(driver.agent.cookie).toBeUndefined();
    driver.agent.cookie = token;
    expect((await mailTo(driver.user.email, /Votre compte Relais est supprimé/)).text).toContain(
      'Marc Partant',
    );
    for (const agent of [driver.agent, phone]) expect((await agent.get('/api/auth/me')).statusCode).toBe(401);
    expect(
      (await new Agent(t.app).post('/api/auth/login', { email: driver.user.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(401);

    const [row] = await t.db.select().from(users).where(eq(users.id, driver.user.id));
    expect(row).toMatchObject({
      fullName: 'Utilisateur supprimé',
      phone: null,
      licenseNumber: null,
      billingAddress: null,
      vatRegime: null,
      vatOnDebits: false,
      iban: null,
      transportRegisterNumber: null,
      subscriptionPlan: 'basic',
      isActive: false,
      accountStatus: 'deleted',
    });
    expect(JSON.stringify(row)).not.toContain(driver.user.email);
    const plans = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, driver.user.id));
    expect(plans.map((plan) => plan.status)).toEqual(['ended']);
    const [application] = await t.db
      .select()
      .from(missionApplications)
      .where(eq(missionApplications.driverId, driver.user.id));
    expect(application).toMatchObject({ status: 'withdrawn', message: null });

    // The transporter keeps the conversation, from "Utilisateur supprimé", and can no longer write there.
    const conversations = (await company.agent.get('/api/conversations')).json();
    expect(conversations[0].otherUser.fullName).toBe('Utilisateur supprimé');
    expect(
      (await company.agent.get(`/api/messages/${driver.user.id}?missionId=${missionId}`)).json().items,
    ).toHaveLength(1);
    expect(
      (await company.agent.post(`/api/messages/${driver.user.id}`, { content: 'Toujours là ?', missionId }))
        .statusCode,
    ).toBe(403);
    expect((await company.agent.get(`/api/users/${driver.user.id}/profile`)).statusCode).toBe(404);

    // The address is free again: a sign-up's link creates a new account with it.
    expect(
      (
        await new Agent(t.app).post('/api/auth/register', {
          userType: 'driver',
          email: driver.user.email,
          password: 'secret123',
          fullName: 'Marc Revenu',
          phone: '0612345678',
          licenseNumber: '1',
          licenseType: 'C',
        })
      ).statusCode,
    ).toBe(202);
    const link = tokenIn(await mailTo(driver.user.email, /Confirmez/), '/verify-email');
    const again = await new Agent(t.app).post('/api/auth/verify-email', { token: link });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ accountCreated: true, user: { fullName: 'Marc Revenu' } });
    expect(again.json().user.id).not.toBe(driver.user.id);
  });

  it('replaces the person’s name in the alerts others received from them', async () => {
    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t, { fullName: 'Jeanne Partante', subscriptionPlan: 'premium' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    await driver.agent.post(`/api/missions/${missionId}/apply`, {});
    await driver.agent.post(`/api/messages/${company.user.id}`, { content: 'Bonjour', missionId });
    const messages = async () =>
      ((await company.agent.get('/api/alerts')).json() as Array<{ message: string }>).map((a) => a.message);
    expect((await messages()).filter((text) => text.startsWith('Jeanne Partante'))).toHaveLength(2);
    const gone = await driver.agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    expect(gone.statusCode).toBe(200);
    const after = await messages();
    expect(after.join(' ')).not.toContain('Jeanne');
    // The two earlier alerts, and the withdrawal of the pending application the deletion made.
    expect(after.filter((text) => text.startsWith('Utilisateur supprimé'))).toHaveLength(3);
    expect(JSON.stringify((await company.agent.get('/api/account/export')).json())).not.toContain('Jeanne');
  });

  it('cannot be blocked by someone who takes the name a deleted account gets', async () => {
    const victim = await signIn(t);
    const squat = await new Agent(t.app).post(
      '/api/auth/register',
      driverPayload({ email: `supprime-${victim.user.id}@relais.invalid` }),
    );
    expect(squat.statusCode).toBe(400);
    expect(squat.json().errors.email).toBe('Email invalide');
    const gone = await victim.agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    expect(gone.statusCode).toBe(200);
  });

  it('cancels a leaving transporter’s open missions, and refuses while a mission is under way', async () => {
    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t, { subscriptionPlan: 'premium' });
    const open = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    const running = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    const application = (await driver.agent.post(`/api/missions/${running}/apply`, {})).json().id;
    await company.agent.post(`/api/applications/${application}/accept`);
    const refused = await company.agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(accountMessages.stillWorking);

    await t.db
      .update(missions)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(missions.id, running));
    const left = await company.agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    expect(left.statusCode).toBe(200);
    const [cancelled] = await t.db.select().from(missions).where(eq(missions.id, open));
    expect(cancelled!.status).toBe('cancelled');
    // The driver's history still shows the finished mission, from "Utilisateur supprimé".
    const history = (await driver.agent.get('/api/missions?status=completed')).json();
    expect(history[0]).toMatchObject({ id: running, companyName: 'Utilisateur supprimé' });
  });
});

describe('securing the account cancels what someone else asked for', () => {
  /** Someone who had the password for a while asks to move the account to their address, and keeps the link. */
  async function pendingTakeover(email: string) {
    const owner = await signIn(t, { email });
    const intruder = new Agent(t.app);
    await intruder.post('/api/auth/login', { email, password: TEST_PASSWORD });
    const attacker = `intrus-${email}`;
    await intruder.post('/api/account/email', { newEmail: attacker, password: TEST_PASSWORD });
    const token = tokenIn(await mailTo(attacker, /Confirmez votre nouvelle adresse/), '/confirmer-email')!;
    return { owner, token };
  }
  const confirm = (token: string) => new Agent(t.app).post('/api/account/email/confirm', { token });

  it('a new password through "mot de passe oublié" spends a pending e-mail change', async () => {
    const { owner, token } = await pendingTakeover('recupere@exemple.fr');
    await new Agent(t.app).post('/api/auth/password/forgot', { email: owner.user.email });
    const reset = tokenIn(
      await mailTo(owner.user.email, /Nouveau mot de passe/),
      '/reinitialiser-mot-de-passe',
    )!;
    await new Agent(t.app).post('/api/auth/password/reset', { token: reset, password: 'a-moi-seul' });
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await owner.agent.get('/api/auth/me')).statusCode).toBe(401); // every session ended, as promised
  });

  it('a password change, or signing the other devices out, spends it too', async () => {
    const first = await pendingTakeover('change@exemple.fr');
    await first.owner.agent.post('/api/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-moi-seul',
    });
    expect((await confirm(first.token)).statusCode).toBe(400);
    const second = await pendingTakeover('appareils@exemple.fr');
    await second.owner.agent.delete('/api/auth/sessions');
    expect((await confirm(second.token)).statusCode).toBe(400);
  });

  it('a reset link sent to the old address dies with the change of address', async () => {
    const { user, agent } = await signIn(t, { email: 'demenage@exemple.fr' });
    await new Agent(t.app).post('/api/auth/password/forgot', { email: user.email });
    const oldLink = tokenIn(await mailTo(user.email, /Nouveau mot de passe/), '/reinitialiser-mot-de-passe')!;
    await agent.post('/api/account/email', { newEmail: 'emmenage@exemple.fr', password: TEST_PASSWORD });
    await confirm(tokenIn(await mailTo('emmenage@exemple.fr', /Confirmez/), '/confirmer-email')!);
    const late = await new Agent(t.app).post('/api/auth/password/reset', {
      token: oldLink,
      password: 'vieux-lien',
    });
    expect(late.statusCode).toBe(400);
  });
});

describe('an account closed while its requests are on their way', () => {
  /** Holds the account's row as a deletion does, runs `during`, then closes the account and lets go. */
  async function whileDeleting<T>(userId: string, during: () => Promise<T>): Promise<T> {
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('select 1 from users where id = $1 for update', [userId]);
      const pending = during();
      // Until the request is seen waiting for that row's lock.
      for (let i = 0; i < 250; i++) {
        const { rows } = await t.database.pool.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (rows[0]!.waiting > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query("update users set is_active = false, account_status = 'deleted' where id = $1", [
        userId,
      ]);
      await client.query('commit');
      return await pending;
    } finally {
      client.release();
    }
  }

  it('keeps a deleted profile deleted: a change or a photo that waited behind the deletion is refused', async () => {
    const { user, agent } = await signIn(t);
    const renamed = await whileDeleting(user.id, () =>
      agent.request({
        method: 'PUT',
        url: '/api/profile',
        payload: { fullName: 'Vrai Nom Secret', phone: '06 98 76 54 32', licenseNumber: 'SECRETLIC' },
      }),
    );
    expect(renamed.statusCode).toBe(401);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const other = await signIn(t);
    const photo = await whileDeleting(other.user.id, () =>
      other.agent.postForm('/api/profile/avatar', { image: png }),
    );
    expect(photo.statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ licenseNumber: user.licenseNumber });
    expect(row!.fullName).not.toBe('Vrai Nom Secret');
    const [otherRow] = await t.db.select().from(users).where(eq(users.id, other.user.id));
    expect(otherRow!.avatar).toBeNull();
    // Nor is the image kept on disk.
    expect(await readdir(path.join(t.config.dataDir, 'uploads', 'avatars')).catch(() => [])).toEqual([]);
  });

  it('publishes nothing once the deletion went first', async () => {
    const { user, agent } = await signIn(t, { userType: 'company' });
    const response = await whileDeleting(user.id, () => agent.post('/api/missions', missionPayload()));
    expect(response.statusCode).toBe(401);
    expect(await t.db.select().from(missions).where(eq(missions.companyId, user.id))).toHaveLength(0);
  });

  it('chooses no driver whose account is closing', async () => {
    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t, { subscriptionPlan: 'premium' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    const application = (await driver.agent.post(`/api/missions/${missionId}/apply`, {})).json().id;
    const accepted = await whileDeleting(driver.user.id, () =>
      company.agent.post(`/api/applications/${application}/accept`),
    );
    expect(accepted.statusCode).toBe(409);
    const [mission] = await t.db.select().from(missions).where(eq(missions.id, missionId));
    expect(mission).toMatchObject({ status: 'available', driverId: null });
  });

  it('is never chosen for a mission, and a dropped mission does not reopen its application', async () => {
    const company = await signIn(t, { userType: 'company' });
    const first = await signIn(t, { subscriptionPlan: 'premium' });
    const second = await signIn(t, { subscriptionPlan: 'premium' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    const applications: string[] = [];
    for (const driver of [first, second])
      applications.push((await driver.agent.post(`/api/missions/${missionId}/apply`, {})).json().id);
    await company.agent.post(`/api/applications/${applications[0]}/accept`);
    await second.agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    await first.agent.post(`/api/missions/${missionId}/drop`, { reason: 'Camion immobilisé au garage' });
    const [left] = await t.db
      .select()
      .from(missionApplications)
      .where(eq(missionApplications.id, applications[1]!));
    expect(left!.status).toBe('withdrawn');
    const accept = await company.agent.post(`/api/applications/${applications[1]}/accept`);
    expect(accept.statusCode).toBe(409);
  });

  it('does not wait for an alert being written about the mission (the circle that made a deadlock)', async () => {
    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t, { subscriptionPlan: 'premium' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    const application = (await driver.agent.post(`/api/missions/${missionId}/apply`, {})).json().id;
    expect((await company.agent.post(`/api/applications/${application}/accept`)).statusCode).toBe(200);
    // What an alert insert holds while its foreign keys are checked: a key-share lock on the mission, before it asks
    // for one on the user's row, which the deletion locks first.
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const writer = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from missions where id = ${missionId} for key share`);
      locked();
      await released;
    });
    await isLocked;
    const deletion = driver.agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    const answered = await Promise.race([
      deletion.then((response) => response),
      new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
    ]);
    release();
    await writer;
    await deletion;
    expect(answered).not.toBe('still waiting');
    if (answered === 'still waiting') return;
    expect(answered.statusCode).toBe(409);
    expect(answered.json().message).toBe(accountMessages.stillWorking);
  });

  it('a transporter who accepts the application of a driver gone meanwhile is told the account was closed', async () => {
    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t, { subscriptionPlan: 'premium' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    const application = (await driver.agent.post(`/api/missions/${missionId}/apply`, {})).json().id;
    const deleted = await driver.agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    const accepted = await company.agent.post(`/api/applications/${application}/accept`);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe('Ce chauffeur a fermé son compte Relais');
  });

  it('races an acceptance without a deadlock or a half-done state', async () => {
    for (let round = 0; round < 5; round++) {
      const company = await signIn(t, { userType: 'company' });
      const driver = await signIn(t, { subscriptionPlan: 'premium' });
      const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
      const application = (await driver.agent.post(`/api/missions/${missionId}/apply`, {})).json().id;
      const [deleted, accepted] = await Promise.all([
        driver.agent.request({ method: 'DELETE', url: '/api/account', payload: { password: TEST_PASSWORD } }),
        company.agent.post(`/api/applications/${application}/accept`),
      ]);
      // Never a deadlock (409 "réessayez"): one of the two simply came first.
      for (const response of [deleted, accepted])
        if (response.statusCode === 409)
          expect([accountMessages.stillWorking, 'Ce chauffeur a fermé son compte Relais']).toContain(
            response.json().message,
          );
      expect([deleted.statusCode, accepted.statusCode].every((status) => status < 500)).toBe(true);
      const [mission] = await t.db.select().from(missions).where(eq(missions.id, missionId));
      // Either the driver was chosen first (and the deletion was refused), or the account went first.
      if (deleted.statusCode === 200) expect(mission!.driverId).toBeNull();
      else expect(mission!.driverId).toBe(driver.user.id);
    }
  });
});
