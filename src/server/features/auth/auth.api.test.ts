import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/platform.js';
import { users } from '../../db/schema/users.js';
import { TEST_PASSWORD, companyPayload, createUser, driverPayload } from '../../test/factories.js';
import { Agent, createTestApp, lastOutboxMail, waitForOutboxMail, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SECRET_KEYS = [
  'password',
  'verificationToken',
  'tokenExpiry',
  'stripeCustomerId',
  'stripeSubscriptionId',
  'tokenHash',
];
function expectNoSecrets(body: string) {
  for (const key of SECRET_KEYS) expect(body).not.toContain(`"${key}"`);
  expect(body).not.toMatch(/scrypt\$/);
}

describe('POST /api/auth/register', () => {
  // What a sign-up answers and creates is in registration.api.test.ts (decision 039); here, what it refuses.
  it.each([
    [{ email: 'pas-un-email' }, 'email', 'Email invalide'],
    [{ password: '12345' }, 'password', 'Le mot de passe doit contenir au moins 6 caractères'],
    [{ fullName: 'J' }, 'fullName', 'Nom complet requis'],
    [{ phone: '061234' }, 'phone', 'Numéro de téléphone invalide'],
    [{ phone: '0612-ABCDEF' }, 'phone', 'Numéro de téléphone invalide'],
    [{ licenseNumber: '' }, 'licenseNumber', 'Numéro de permis requis'],
    [{ licenseType: '' }, 'licenseType', 'Type de permis requis'],
    [{ licenseType: 'B' }, 'licenseType', 'Type de permis invalide (C, CE, C1 ou C1E)'],
    [{ yearsExperience: 'beaucoup' }, 'yearsExperience', "Nombre d'années d'expérience invalide"],
  ])('driver %j → 400 with the French message under %s', async (override, field, message) => {
    const response = await new Agent(t.app).post('/api/auth/register', driverPayload(override));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors[field]).toBe(message);
    expect(body.message).toBe(message);
  });

  it.each([
    [{ fullName: '' }, 'fullName', 'Nom du contact requis'],
    [{ companyName: 'X' }, 'companyName', "Nom de l'entreprise requis"],
    [{ siretNumber: '1234567890123' }, 'siretNumber', 'Numéro SIRET invalide'],
    [
      { siretNumber: '73282932000075' },
      'siretNumber',
      'Numéro SIRET invalide : la clé de contrôle ne correspond pas',
    ],
    [{ siretNumber: 'ABCDEFGHIJKLMN' }, 'siretNumber', 'Numéro SIRET invalide'],
  ])('company %j → 400 with the French message under %s', async (override, field, message) => {
    const response = await new Agent(t.app).post('/api/auth/register', companyPayload(override));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });

  it('lists every bad field at once', async () => {
    const response = await new Agent(t.app).post('/api/auth/register', {
      userType: 'driver',
      email: 'x',
      password: '1',
      fullName: '',
      phone: '',
      licenseNumber: '',
      licenseType: '',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(
      ['email', 'fullName', 'licenseNumber', 'licenseType', 'password', 'phone'].sort(),
    );
  });

  it('refuses a paid plan, an admin account type or a missing body', async () => {
    const elite = await new Agent(t.app).post(
      '/api/auth/register',
      driverPayload({ subscriptionPlan: 'elite' }),
    );
    expect(elite.statusCode).toBe(400);
    expect(elite.json().errors.subscriptionPlan).toBeDefined();
    const admin = await new Agent(t.app).post(
      '/api/auth/register',
      driverPayload({ userType: 'admin', isAdmin: true }),
    );
    expect(admin.statusCode).toBe(400);
    expect(admin.json().errors.userType).toBe('Type de compte invalide');
    const empty = await new Agent(t.app).request({ method: 'POST', url: '/api/auth/register' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toEqual(expect.any(String));
  });

  it('writes the sign-up’s mail to the outbox, its link whole in a header; the link creates the account', async () => {
    const response = await new Agent(t.app).post(
      '/api/auth/register',
      driverPayload({ email: 'boite@exemple.fr' }),
    );
    expect(response.statusCode).toBe(202);
    const mail = await waitForOutboxMail(t.config, 'boite@exemple.fr');
    expect(mail.link).toMatch(/^http:\/\/localhost:5000\/verify-email\?token=/);
    // The link stands whole in a header, for people reading the outbox with grep.
    expect(mail.raw).toContain(`X-Relais-Link: ${mail.link}\n`);
    const agent = new Agent(t.app);
    const token = new URL(mail.link!).searchParams.get('token');
    const created = await agent.post('/api/auth/verify-email', { token });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ accountCreated: true, user: { emailVerified: true } });
    expect((await agent.get('/api/auth/me')).json().emailVerified).toBe(true);
  });
});

describe('POST /api/auth/login', () => {
  it('logs in with the right password, updates lastLogin and issues a new token each time', async () => {
    const user = await createUser(t.db, { email: 'login@exemple.fr' });
    expect(user.lastLogin).toBeNull();
    const agent = new Agent(t.app);
    const first = await agent.post('/api/auth/login', { email: 'LOGIN@exemple.fr', password: TEST_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: user.id, email: 'login@exemple.fr', role: 'driver' });
    expectNoSecrets(first.body);
    const firstToken = agent.cookie;

    const second = await agent.post('/api/auth/login', {
      email: 'login@exemple.fr',
      password: TEST_PASSWORD,
    });
    expect(second.statusCode).toBe(200);
    expect(agent.cookie).toBeDefined();
    expect(agent.cookie).not.toBe(firstToken);

    // The replaced session is over.
    const stale = new Agent(t.app);
    stale.cookie = firstToken;
    expect((await stale.get('/api/auth/me')).statusCode).toBe(401);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLogin).toBeInstanceOf(Date);
  });

  it('answers 401 with the same message for an unknown e-mail and a wrong password', async () => {
    await createUser(t.db, { email: 'mauvais@exemple.fr' });
    const wrongPassword = await new Agent(t.app).post('/api/auth/login', {
      email: 'mauvais@exemple.fr',
      password: 'pas-le-bon',
    });
    const unknown = await new Agent(t.app).post('/api/auth/login', {
      email: 'inconnu@exemple.fr',
      password: 'pas-le-bon',
    });
    for (const response of [wrongPassword, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Email ou mot de passe incorrect' });
      expect(response.cookies.find((c) => c.name === 'relais_session' && c.value !== '')).toBeUndefined();
    }
  });

  it('validates the login form with the docs/specification.md messages', async () => {
    const response = await new Agent(t.app).post('/api/auth/login', { email: 'nope', password: '123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: 'Email invalide',
      password: 'Le mot de passe doit contenir au moins 6 caractères',
    });
  });

  it('refuses a deactivated account with 403 and a clear message, and ends its open sessions', async () => {
    const user = await createUser(t.db, { email: 'suspendu@exemple.fr' });
    const agent = new Agent(t.app);
    expect(
      (await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    await t.db
      .update(users)
      .set({ isActive: false, accountStatus: 'deactivated' })
      .where(eq(users.id, user.id));
    expect((await agent.get('/api/auth/me')).statusCode).toBe(401);
    const response = await new Agent(t.app).post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Ce compte est désactivé. Contactez le support pour le réactiver.');
  });

  it('does not reveal a deactivated account to someone without its password', async () => {
    await createUser(t.db, { email: 'ferme@exemple.fr', isActive: false, accountStatus: 'deactivated' });
    const response = await new Agent(t.app).post('/api/auth/login', {
      email: 'ferme@exemple.fr',
      password: 'pas-le-bon',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers null to a visitor: a signed-out page makes no failed request', async () => {
    for (const url of ['/api/auth/me', '/api/demo/me']) {
      const response = await new Agent(t.app).get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toBeNull();
      expect(response.cookies, url).toEqual([]);
    }
  });

  it('GET /api/auth/me answers 401 to a session that ended, and clears its cookie', async () => {
    const user = await createUser(t.db);
    const agent = new Agent(t.app);
    await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    for (const url of ['/api/auth/me', '/api/demo/me']) {
      const stale = new Agent(t.app);
      stale.cookie = agent.cookie;
      const response = await stale.get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({ message: 'Authentification requise' });
      const cleared = response.cookies.find((c) => c.name === 'relais_session');
      expect(cleared, url).toMatchObject({ value: '', path: '/', httpOnly: true });
      expect(stale.cookie, url).toBeUndefined();
      // The next page is a visitor's.
      expect((await stale.get(url)).statusCode, url).toBe(200);
    }
  });

  it('logout deletes the session on the server: the old cookie no longer works', async () => {
    const user = await createUser(t.db);
    const agent = new Agent(t.app);
    await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const token = agent.cookie;
    const logout = await agent.post('/api/auth/logout');
    expect(logout.statusCode).toBe(200);
    expect(agent.cookie).toBeUndefined();
    const replay = new Agent(t.app);
    replay.cookie = token;
    expect((await replay.get('/api/auth/me')).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser(t.db);
    const agent = new Agent(t.app);
    await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toBe(agent.cookie);
  });

  it('expires a session left idle, and one past its absolute lifetime', async () => {
    const user = await createUser(t.db);
    const idle = new Agent(t.app);
    await idle.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const old = new Agent(t.app);
    await old.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const rows = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(sessions.createdAt);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, rows[0]!.id));
    await t.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, rows[1]!.id));
    expect((await idle.get('/api/auth/me')).statusCode).toBe(401);
    expect((await old.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('pushes the idle expiry forward on use, never past the absolute one', async () => {
    const user = await createUser(t.db);
    const agent = new Agent(t.app);
    await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const absolute = new Date(Date.now() + 60_000);
    await t.db
      .update(sessions)
      .set({
        lastSeenAt: new Date(Date.now() - 3600_000),
        expiresAt: new Date(Date.now() + 1000),
        absoluteExpiresAt: absolute,
      })
      .where(eq(sessions.userId, user.id));
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBe(absolute.getTime());
  });

  it('does not look the session up for pages and assets, only for the API', async () => {
    const user = await createUser(t.db);
    const agent = new Agent(t.app);
    await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const stale = new Date(Date.now() - 3600_000);
    await t.db.update(sessions).set({ lastSeenAt: stale }).where(eq(sessions.userId, user.id));
    // A page and a missing asset: no lookup, so the session is not touched.
    await agent.get('/dashboard');
    await agent.get('/assets/absent-123.js');
    let [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.lastSeenAt.getTime()).toBe(stale.getTime());
    // An API call looks it up and pushes it forward.
    expect((await agent.get('/api/auth/me')).statusCode).toBe(200);
    [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(stale.getTime());
  });

  it('lets a user list their sessions and end one or all others, but not someone else’s', async () => {
    const user = await createUser(t.db);
    const phone = new Agent(t.app);
    const desk = new Agent(t.app);
    const laptop = new Agent(t.app);
    for (const agent of [phone, desk, laptop]) {
      await agent.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
        headers: { 'user-agent': 'Mozilla/5.0 (Android) Chrome' },
      });
    }
    const list = await desk.get('/api/auth/sessions');
    expect(list.statusCode).toBe(200);
    const listed = list.json() as Array<{ id: string; current: boolean; userAgent: string }>;
    expect(listed).toHaveLength(3);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed[0]!.userAgent).toContain('Android');
    expectNoSecrets(list.body);

    const stranger = await createUser(t.db);
    const strangerAgent = new Agent(t.app);
    await strangerAgent.post('/api/auth/login', { email: stranger.email, password: TEST_PASSWORD });
    const target = listed.find((s) => !s.current)!;
    expect((await strangerAgent.delete(`/api/auth/sessions/${target.id}`)).statusCode).toBe(404);

    expect((await desk.delete(`/api/auth/sessions/${target.id}`)).statusCode).toBe(200);
    expect((await desk.get('/api/auth/sessions')).json()).toHaveLength(2);

    const others = await desk.delete('/api/auth/sessions');
    expect(others.json().message).toBe('1 autre session fermée');
    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(401);
    expect((await desk.get('/api/auth/me')).statusCode).toBe(200);
  });
});

describe('e-mail verification of an existing account', () => {
  // Accounts from before decision 039 may have an address not yet confirmed: their banner asks for a link.
  async function unconfirmed() {
    const user = await createUser(t.db, { emailVerified: false });
    const agent = new Agent(t.app);
    await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect((await agent.post('/api/auth/resend-verification')).statusCode).toBe(200);
    const mail = await waitForOutboxMail(t.config, user.email);
    const token = new URL(mail.link!).searchParams.get('token')!;
    return { agent, user, token };
  }

  it('a token works once, and creates no account nor session', async () => {
    const { token } = await unconfirmed();
    const verified = await new Agent(t.app).post('/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ accountCreated: false, user: { emailVerified: true } });
    expect(verified.cookies).toEqual([]);
    const again = await new Agent(t.app).post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Ce lien de vérification est invalide ou a déjà été utilisé.');
  });

  it('a token expires after 24 hours', async () => {
    const { user, token } = await unconfirmed();
    await t.db
      .update(users)
      .set({ tokenExpiry: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    const response = await new Agent(t.app).post('/api/auth/verify-email', { token });
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(
      'Ce lien de vérification a expiré. Demandez un nouvel email depuis votre espace.',
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerified).toBe(false);
  });

  it('is valid for 24 hours from the mail', async () => {
    const before = Date.now();
    const { user } = await unconfirmed();
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    const hours = (row!.tokenExpiry!.getTime() - before) / 3600_000;
    expect(hours).toBeCloseTo(24, 1);
  });

  it('refuses a made-up token', async () => {
    const response = await new Agent(t.app).post('/api/auth/verify-email', { token: 'a'.repeat(43) });
    expect(response.statusCode).toBe(400);
    const malformed = await new Agent(t.app).post('/api/auth/verify-email', { token: '<script>' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.token).toBe('Lien de vérification invalide');
  });

  it('resend replaces the token: only the newest link works', async () => {
    const { agent, token: first } = await unconfirmed();
    const resend = await agent.post('/api/auth/resend-verification');
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toBe('Un nouvel email de vérification a été envoyé à votre adresse');
    const second = new URL((await lastOutboxMail(t.config)).link!).searchParams.get('token')!;
    expect(second).not.toBe(first);
    expect((await new Agent(t.app).post('/api/auth/verify-email', { token: first })).statusCode).toBe(400);
    expect((await new Agent(t.app).post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
    const already = await agent.post('/api/auth/resend-verification');
    expect(already.statusCode).toBe(400);
    expect(already.json().message).toBe('Votre adresse email est déjà vérifiée');
  });

  it('resend needs a session', async () => {
    const response = await new Agent(t.app).post('/api/auth/resend-verification');
    expect(response.statusCode).toBe(401);
  });
});
