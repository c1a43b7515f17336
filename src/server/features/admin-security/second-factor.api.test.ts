import type { AddressInfo } from 'node:net';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REAUTH_REQUIRED } from '#core/schemas/admin.js';
import { adminLogs, adminRecoveryCodes } from '../../db/schema/admin.js';
import { sessions } from '../../db/schema/platform.js';
import { users, type NewUser, type User } from '../../db/schema/users.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { Agent, createTestApp, passSecondFactor, signIn, type TestApp } from '../../test/harness.js';
import { SESSION_COOKIE } from '../../platform/sessions.js';

let t: TestApp;
let wsBase: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsBase = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
});
afterAll(async () => {
  await t.close();
});

/** The authenticator's code `offsetSteps` steps of 30 s from now (−1 the previous one, +1 the next one). */
const codeAt = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/** When the current step is about to end, waits for the next one (the codes of a test stay in one window). */
async function freshStep(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** An administrator with an authenticator enrolled (its secret returned to compute codes). */
async function enrolledAdmin(overrides: Partial<NewUser> = {}): Promise<User & { totpSecret: string }> {
  const secret = generateSecret();
  const user = await createUser(t.db, {
    userType: 'admin',
    isAdmin: true,
    fullName: 'Alice Admin',
    ...overrides,
  });
  const [row] = await t.db
    .update(users)
    .set({ totpSecret: secret, totpEnabledAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return { ...row!, totpSecret: secret };
}

/** The password step of an administrator's sign-in, on a new agent. */
async function passwordStep(user: User) {
  const agent = new Agent(t.app);
  const response = await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
  expect(response.statusCode).toBe(200);
  return { agent, answer: response.json() as { secondFactor?: string } };
}

const logsOf = (adminId: string, action: string) =>
  t.db
    .select()
    .from(adminLogs)
    .where(and(eq(adminLogs.adminId, adminId), eq(adminLogs.action, action)));

async function socketCloses(cookie: string | undefined): Promise<number> {
  const ws = new WebSocket(wsBase, {
    headers: { cookie: `${SESSION_COOKIE}=${cookie ?? ''}`, origin: 'http://localhost:5000' },
  });
  return new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
}

describe('enrolment of the authenticator', () => {
  it('takes an administrator from the password to a signed-in session through the QR code and a first code', async () => {
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    const { agent, answer } = await passwordStep(admin);
    expect(answer).toMatchObject({ isAdmin: true, secondFactor: 'enrol' });

    // Password only: nothing of the back office, nor of the session, nor a live connection.
    expect((await agent.get('/api/auth/me')).statusCode).toBe(401);
    expect((await agent.get('/api/admin/administrators')).statusCode).toBe(401);
    expect((await agent.get('/api/admin/documents')).statusCode).toBe(401);
    expect(await socketCloses(agent.cookie)).toBe(1008);
    expect((await agent.get('/api/admin/second-factor')).json()).toEqual({
      state: 'enrol',
      email: admin.email,
    });

    const start = await agent.post('/api/admin/second-factor/enrol');
    expect(start.statusCode).toBe(200);
    const { secret, uri, qrSvg } = start.json() as { secret: string; uri: string; qrSvg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Relais:${encodeURIComponent(admin.email)}?secret=${secret}&issuer=Relais`,
    );
    expect(qrSvg).toMatch(/^<svg[^>]*>/);

    await freshStep();
    const wrong = await agent.post('/api/admin/second-factor/enrol/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Code incorrect ou expiré',
      errors: { code: 'Code incorrect ou expiré' },
    });
    const malformed = await agent.post('/api/admin/second-factor/enrol/confirm', { code: '12a' });
    expect(malformed.json().errors.code).toBe('Saisissez les 6 chiffres affichés par votre application');

    const before = Date.now();
    const confirmed = await agent.post('/api/admin/second-factor/enrol/confirm', {
      code: await codeAt(secret, -1),
    });
    expect(confirmed.statusCode).toBe(200);
    const { user, recoveryCodes } = confirmed.json() as { user: { id: string }; recoveryCodes: string[] };
    expect(user.id).toBe(admin.id);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);

    // Signed in now, for 30 minutes idle; the first sensitive action will ask the password again.
    expect((await agent.get('/api/auth/me')).json()).toMatchObject({ id: admin.id, isAdmin: true });
    expect((await agent.get('/api/admin/administrators')).statusCode).toBe(200);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(session!.secondFactorAt).not.toBeNull();
    expect(session!.reauthAt).toBeNull();
    expect(session!.expiresAt.getTime() - before).toBeGreaterThan(29 * 60_000);
    expect(session!.expiresAt.getTime() - before).toBeLessThan(31 * 60_000);
    expect(session!.absoluteExpiresAt.getTime() - session!.createdAt.getTime()).toBeCloseTo(
      12 * 3600_000,
      -4,
    );

    // The secret is the account's; only the codes' hashes are kept.
    const [stored] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(stored).toMatchObject({ totpSecret: secret, totpPendingSecret: null });
    expect(stored!.totpEnabledAt).not.toBeNull();
    const hashes = await t.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.userId, admin.id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) expect(recoveryCodes.join()).not.toContain(row.codeHash.slice(0, 10));
    expect(JSON.stringify(hashes)).not.toContain(recoveryCodes[0]!.slice(0, 5));

    const [log] = await logsOf(admin.id, 'admin.second_factor_enrolled');
    expect(log).toMatchObject({ targetType: 'user', targetId: admin.id, details: { replaced: false } });
    expect(log!.ipAddress).toBe('127.0.0.1');
  });

  it('cannot be replaced from a session that has only passed the password', async () => {
    const admin = await enrolledAdmin();
    const { agent, answer } = await passwordStep(admin);
    expect(answer.secondFactor).toBe('verify');
    const start = await agent.post('/api/admin/second-factor/enrol');
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toBe(
      'La double authentification est déjà configurée : saisissez le code de votre application.',
    );
    const confirm = await agent.post('/api/admin/second-factor/enrol/confirm', {
      code: await codeAt(admin.totpSecret),
    });
    expect(confirm.statusCode).toBe(409);
  });

  it('can be moved to another phone from a signed-in session, with the password typed again', async () => {
    const admin = await enrolledAdmin();
    const signedIn = new Agent(t.app);
    await signedIn.post('/api/auth/login', { email: admin.email, password: TEST_PASSWORD });
    await passSecondFactor(t, admin.id, 6 * 60_000);
    const refused = await signedIn.post('/api/admin/second-factor/enrol');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: REAUTH_REQUIRED });
    expect((await signedIn.post('/api/admin/reauth', { password: TEST_PASSWORD })).statusCode).toBe(200);
    const start = await signedIn.post('/api/admin/second-factor/enrol');
    expect(start.statusCode).toBe(200);
    const secret = (start.json() as { secret: string }).secret;
    expect(secret).not.toBe(admin.totpSecret);
    const done = await signedIn.post('/api/admin/second-factor/enrol/confirm', {
      code: await codeAt(secret),
    });
    expect(done.statusCode).toBe(200);
    const [stored] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(stored!.totpSecret).toBe(secret);
    expect((await logsOf(admin.id, 'admin.second_factor_enrolled'))[0]!.details).toEqual({ replaced: true });
  });
});

describe('the second step of an administrator’s sign-in', () => {
  it('accepts a code once: a replayed one is refused, the next step’s is accepted', async () => {
    await freshStep();
    const admin = await enrolledAdmin();
    const code = await codeAt(admin.totpSecret);

    const first = await passwordStep(admin);
    const wrong = await first.agent.post('/api/admin/second-factor/verify', { code: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: 'Code incorrect ou expiré' });
    const before = Date.now();
    const verified = await first.agent.post('/api/admin/second-factor/verify', { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ id: admin.id, isAdmin: true });
    expect((await first.agent.get('/api/auth/me')).statusCode).toBe(200);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(session!.expiresAt.getTime() - before).toBeGreaterThan(29 * 60_000);
    expect(session!.expiresAt.getTime() - before).toBeLessThan(31 * 60_000);

    // The same code, overheard, on another browser with the password: refused.
    const second = await passwordStep(admin);
    const replay = await second.agent.post('/api/admin/second-factor/verify', { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(
      'Ce code vient déjà de servir : attendez le suivant (30 secondes au plus).',
    );
    // An older step neither.
    const older = await second.agent.post('/api/admin/second-factor/verify', {
      code: await codeAt(admin.totpSecret, -1),
    });
    expect(older.statusCode).toBe(400);
    expect((await second.agent.get('/api/auth/me')).statusCode).toBe(401);
    const next = await second.agent.post('/api/admin/second-factor/verify', {
      code: await codeAt(admin.totpSecret, 1),
    });
    expect(next.statusCode).toBe(200);
  });

  it('lets only one of two browsers sending the same code at once in', async () => {
    await freshStep();
    const admin = await enrolledAdmin();
    const code = await codeAt(admin.totpSecret);
    const browsers = await Promise.all([passwordStep(admin), passwordStep(admin), passwordStep(admin)]);
    const answers = await Promise.all(
      browsers.map(({ agent }) => agent.post('/api/admin/second-factor/verify', { code })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('takes a recovery code once', async () => {
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    const enrolling = (await passwordStep(admin)).agent;
    const { secret } = (await enrolling.post('/api/admin/second-factor/enrol')).json() as { secret: string };
    const { recoveryCodes } = (
      await enrolling.post('/api/admin/second-factor/enrol/confirm', { code: await codeAt(secret, -1) })
    ).json() as { recoveryCodes: string[] };

    const lost = await passwordStep(admin);
    // Typed by hand: lower case, without the dash.
    const typed = recoveryCodes[3]!.replace('-', '').toLowerCase();
    const used = await lost.agent.post('/api/admin/second-factor/verify', { recoveryCode: typed });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ user: { id: admin.id }, recoveryCodesLeft: 9 });
    expect((await lost.agent.get('/api/auth/me')).statusCode).toBe(200);
    const [log] = await logsOf(admin.id, 'admin.recovery_code_used');
    expect(log).toMatchObject({ targetId: admin.id, details: { left: 9 } });

    const again = await passwordStep(admin);
    const reused = await again.agent.post('/api/admin/second-factor/verify', {
      recoveryCode: recoveryCodes[3],
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toEqual({ recoveryCode: 'Code de secours incorrect ou déjà utilisé' });
    const used2 = await again.agent.post('/api/admin/second-factor/verify', {
      recoveryCode: recoveryCodes[4],
    });
    expect(used2.json().recoveryCodesLeft).toBe(8);
    const spent = await t.db
      .select()
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.userId, admin.id), isNull(adminRecoveryCodes.usedAt)));
    expect(spent).toHaveLength(8);
  });

  it('asks for a code or a recovery code, in French', async () => {
    const admin = await enrolledAdmin();
    const { agent } = await passwordStep(admin);
    const empty = await agent.post('/api/admin/second-factor/verify', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      code: 'Saisissez le code de votre application ou un code de secours',
    });
    const bad = await agent.post('/api/admin/second-factor/verify', { recoveryCode: 'abc' });
    expect(bad.json().errors.recoveryCode).toBe(
      'Un code de secours comporte 10 lettres ou chiffres (XXXXX-XXXXX)',
    );
  });

  it('ends the session after five wrong codes, and refuses an account guessed at from many sessions', async () => {
    await freshStep();
    const admin = await enrolledAdmin();
    const { agent } = await passwordStep(admin);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await agent.post('/api/admin/second-factor/verify', { code: '000001' })).statusCode).toBe(400);
    }
    const fifth = await agent.post('/api/admin/second-factor/verify', { code: '000001' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('Trop de codes incorrects : reconnectez-vous avec votre mot de passe.');
    expect(agent.cookie).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toHaveLength(0);

    // Five more from a second session: the account has had ten; a third session is refused even the right code.
    const second = await passwordStep(admin);
    for (let attempt = 1; attempt <= 5; attempt++)
      await second.agent.post('/api/admin/second-factor/verify', { code: '000002' });
    const third = await passwordStep(admin);
    const refused = await third.agent.post('/api/admin/second-factor/verify', {
      code: await codeAt(admin.totpSecret),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Trop de tentatives\. Réessayez dans \d+ minutes?\.$/);
  });

  it('refuses an account guessed at 30 times in a day, even spread over hours', async () => {
    await freshStep();
    const admin = await enrolledAdmin();
    // Twenty-nine wrong codes earlier today, the hourly count long gone.
    await t.db.execute(sql`insert into rate_limits (key, window_start, count)
      values (${`2fa:account-day:${admin.id}`}, now() - interval '5 hours', 29)`);
    const { agent } = await passwordStep(admin);
    expect((await agent.post('/api/admin/second-factor/verify', { code: '000003' })).statusCode).toBe(400);
    const refused = await agent.post('/api/admin/second-factor/verify', {
      code: await codeAt(admin.totpSecret),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Trop de tentatives\. Réessayez dans (19|20) heures\.$/);
  });

  it('is refused once the 10 minutes to pass it are over', async () => {
    const admin = await enrolledAdmin();
    const { agent } = await passwordStep(admin);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, admin.id));
    const late = await agent.post('/api/admin/second-factor/verify', {
      code: await codeAt(admin.totpSecret),
    });
    expect(late.statusCode).toBe(401);
    expect((await agent.get('/api/admin/second-factor')).json()).toEqual({ state: 'none' });
  });

  it('gives a passed session a live connection, and members nothing of it', async () => {
    const admin = await enrolledAdmin();
    const { agent } = await passwordStep(admin);
    expect(await socketCloses(agent.cookie)).toBe(1008);
    await agent.post('/api/admin/second-factor/verify', { code: await codeAt(admin.totpSecret, 1) });
    const ws = new WebSocket(wsBase, {
      headers: { cookie: `${SESSION_COOKIE}=${agent.cookie}`, origin: 'http://localhost:5000' },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.close();

    const member = await signIn(t);
    const login = await new Agent(t.app).post('/api/auth/login', {
      email: member.user.email,
      password: TEST_PASSWORD,
    });
    expect(login.json()).not.toHaveProperty('secondFactor');
    expect((await member.agent.get('/api/admin/second-factor')).json()).toEqual({ state: 'none' });
    expect((await member.agent.post('/api/admin/second-factor/verify', { code: '123456' })).statusCode).toBe(
      403,
    );
    expect((await member.agent.post('/api/admin/second-factor/enrol')).statusCode).toBe(403);
  });
});

describe('sensitive actions and the password typed again', () => {
  it('asks for the password after 5 minutes, takes it, and limits wrong ones', async () => {
    const admin = await enrolledAdmin();
    const agent = new Agent(t.app);
    await agent.post('/api/auth/login', { email: admin.email, password: TEST_PASSWORD });
    await passSecondFactor(t, admin.id, 6 * 60_000);

    const refused = await agent.post('/api/admin/recovery-codes');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Pour cette action, confirmez votre mot de passe.',
      code: REAUTH_REQUIRED,
    });
    expect((await agent.get('/api/admin/security')).json()).toMatchObject({ reauthUntil: null });

    const wrong = await agent.post('/api/admin/reauth', { password: 'pas-le-bon' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'Mot de passe incorrect',
      errors: { password: 'Mot de passe incorrect' },
    });
    expect((await agent.post('/api/admin/reauth', { password: TEST_PASSWORD })).statusCode).toBe(200);

    const regenerated = await agent.post('/api/admin/recovery-codes');
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().recoveryCodes).toHaveLength(10);
    expect((await agent.get('/api/admin/security')).json()).toMatchObject({
      recoveryCodesLeft: 10,
      secondFactorSince: admin.totpEnabledAt!.toISOString(),
    });
    expect((await agent.get('/api/admin/security')).json().reauthUntil).not.toBeNull();
    expect(await logsOf(admin.id, 'admin.recovery_codes_regenerated')).toHaveLength(1);

    // Four more wrong passwords (five in all): the session ends.
    for (let attempt = 1; attempt <= 3; attempt++)
      expect((await agent.post('/api/admin/reauth', { password: 'pas-le-bon' })).statusCode).toBe(400);
    const token = agent.cookie;
    const fifth = await agent.post('/api/admin/reauth', { password: 'pas-le-bon' });
    expect(fifth.statusCode).toBe(429);
    expect(agent.cookie).toBeUndefined();
    const replay = new Agent(t.app);
    replay.cookie = token;
    expect((await replay.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('is for administrators only', async () => {
    const member = await signIn(t);
    expect((await member.agent.post('/api/admin/reauth', { password: TEST_PASSWORD })).statusCode).toBe(403);
    expect((await member.agent.post('/api/admin/recovery-codes')).statusCode).toBe(403);
  });
});
