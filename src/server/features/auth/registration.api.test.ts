import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationMessages } from '#core/schemas/auth.js';
import { sessions } from '../../db/schema/platform.js';
import { pendingRegistrations, users } from '../../db/schema/users.js';
import { TEST_PASSWORD, companyPayload, createUser, driverPayload } from '../../test/factories.js';
import { Agent, createTestApp, type TestApp } from '../../test/harness.js';
import { startSmtpServer, type ReceivedMail } from '../../test/smtp.js';

/** Sign-up (decision 039): the same answer for every address; the account is created by the mailed link. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://relais.example' },
    // The test harness lifts every limit; the mails to one address keep theirs (the last test of the first part).
    configure: (config) => ({
      ...config,
      rateLimits: { ...config.rateLimits, registerMailsPerAddress: { limit: 3, windowSeconds: 3600 } },
    }),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The mails to `address` so far, waiting up to 5 s for `count` of them (sign-up mails leave in the background). */
async function mailsTo(address: string, count = 1): Promise<ReceivedMail[]> {
  for (let i = 0; i < 100; i++) {
    const mails = smtp.received.filter((mail) => mail.to.includes(address));
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} mail(s) to ${address}`);
}
const linkIn = (mail: ReceivedMail) =>
  /https:\/\/relais\.example\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
const tokenTo = async (address: string) => linkIn((await mailsTo(address)).at(-1)!)!;

/** What an attacker reads of an answer: status, body, and every header but the date. */
const visible = (response: Awaited<ReturnType<Agent['post']>>) => {
  const { date: _date, ...headers } = response.headers;
  return { status: response.statusCode, body: response.body, headers, cookies: response.cookies };
};

describe('POST /api/auth/register', () => {
  it('answers an address that has an account exactly as a new one; the owner is told, nothing changes', async () => {
    const owner = await createUser(t.db, { email: 'line.deja@exemple.fr', fullName: 'Line Déjà' });
    const known = await new Agent(t.app).post(
      '/api/auth/register',
      companyPayload({ email: 'Line.DEJA@exemple.fr', password: 'un-autre-secret' }),
    );
    const fresh = await new Agent(t.app).post(
      '/api/auth/register',
      companyPayload({ email: 'tout.neuf@exemple.fr', password: 'un-autre-secret' }),
    );
    expect(visible(known)).toEqual(visible(fresh));
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: registrationMessages.sent });
    expect(known.cookies).toEqual([]);

    // The owner hears of it, with the ways in; nothing the stranger typed reaches the inbox.
    const [notice] = await mailsTo('line.deja@exemple.fr');
    expect(notice!.subject).toBe('Vous avez déjà un compte — Relais');
    expect(notice!.text).toMatch(/^Bonjour Line Déjà,/);
    expect(notice!.text).toContain('rien n’a changé sur le vôtre');
    expect(notice!.text).toContain('https://relais.example/login');
    expect(notice!.text).toContain('https://relais.example/mot-de-passe-oublie');
    expect(notice!.text).not.toContain('verify-email');
    expect(notice!.text).not.toContain('Transports Martin');
    // The new address gets its link.
    expect(await tokenTo('tout.neuf@exemple.fr')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Nothing changed on the account; nothing of the sign-up is kept for that address.
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toEqual(owner);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, owner.id))).toEqual([]);
    const kept = await t.db.select({ email: pendingRegistrations.email }).from(pendingRegistrations);
    expect(kept.map((one) => one.email)).not.toContain('line.deja@exemple.fr');
    const stranger = await new Agent(t.app).post('/api/auth/login', {
      email: owner.email,
      password: 'un-autre-secret',
    });
    expect(stranger.statusCode).toBe(401);
    const login = await new Agent(t.app).post('/api/auth/login', {
      email: owner.email,
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });

  it('keeps a new address’s sign-up (password hashed) and creates nothing: no account, no session, no login', async () => {
    const payload = driverPayload({ email: 'Paul.Camion@Exemple.fr', yearsExperience: '12' });
    const response = await new Agent(t.app).post('/api/auth/register', payload);
    expect(response.statusCode).toBe(202);
    expect(response.cookies).toEqual([]);
    expect(
      await t.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = 'paul.camion@exemple.fr'`),
    ).toEqual([]);
    const [pending] = await t.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, 'paul.camion@exemple.fr'));
    expect(pending!.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(pending)).not.toContain(payload.password);
    expect(pending!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const hours = (pending!.expiresAt.getTime() - pending!.createdAt.getTime()) / 3600_000;
    expect(hours).toBeCloseTo(24, 1);
    // Until the link is followed there is no account to sign in to, nor a password to reset.
    const login = await new Agent(t.app).post('/api/auth/login', {
      email: 'paul.camion@exemple.fr',
      password: payload.password,
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ message: 'Email ou mot de passe incorrect' });
  });

  it('mails one address three times an hour at most, and still answers the same', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        (
          await new Agent(t.app, '10.9.0.1').post(
            '/api/auth/register',
            driverPayload({ email: 'flot@exemple.fr' }),
          )
        ).body,
      );
    expect(new Set(answers)).toEqual(new Set([JSON.stringify({ message: registrationMessages.sent })]));
    await mailsTo('flot@exemple.fr', 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((mail) => mail.to.includes('flot@exemple.fr'))).toHaveLength(3);
  });
});

describe('the sign-up’s link', () => {
  it('creates the driver’s account from the docs/specification.md payload, address confirmed, and signs in', async () => {
    await new Agent(t.app).post(
      '/api/auth/register',
      driverPayload({ email: 'Jean.Lien@Exemple.fr', yearsExperience: '12', fullName: 'Jean Lien' }),
    );
    const mail = (await mailsTo('jean.lien@exemple.fr'))[0]!;
    expect(mail.subject).toBe('Confirmez votre adresse email — Relais');
    expect(mail.text).toMatch(/^Bonjour,/);
    expect(mail.text).not.toContain('Jean Lien');
    const browser = new Agent(t.app);
    const confirmed = await browser.post('/api/auth/verify-email', { token: linkIn(mail) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: registrationMessages.created,
      accountCreated: true,
      user: {
        email: 'jean.lien@exemple.fr',
        userType: 'driver',
        role: 'driver',
        fullName: 'Jean Lien',
        phone: '+33612345678',
        licenseType: 'CE',
        yearsExperience: 12,
        subscriptionPlan: 'basic',
        emailVerified: true,
        isAdmin: false,
        isDemo: false,
        accountStatus: 'active',
        reputationScore: '0.00',
      },
    });
    expect(confirmed.body).not.toMatch(/scrypt\$|"password"|tokenHash|verificationToken/);
    const cookie = confirmed.cookies.find((c) => c.name === 'relais_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
    expect((await browser.get('/api/auth/me')).json()).toMatchObject({ email: 'jean.lien@exemple.fr' });
    // The password chosen in the form is the account's.
    const login = await new Agent(t.app).post('/api/auth/login', {
      email: 'jean.lien@exemple.fr',
      password: 'secret123',
    });
    expect(login.statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.email, 'jean.lien@exemple.fr')),
    ).toEqual([]);
  });

  it('creates a company: the role is transporter', async () => {
    await new Agent(t.app).post(
      '/api/auth/register',
      companyPayload({ email: 'quai@exemple.fr', siretNumber: '732 829 320 00074' }),
    );
    const confirmed = await new Agent(t.app).post('/api/auth/verify-email', {
      token: await tokenTo('quai@exemple.fr'),
    });
    expect(confirmed.json().user).toMatchObject({
      userType: 'company',
      role: 'transporter',
      companyName: 'Transports Martin',
      siretNumber: '73282932000074',
      phone: '+33123456789',
      licenseType: null,
    });
  });

  it('works once; the first of several sign-ups of one address confirmed takes it, the others are spent', async () => {
    await new Agent(t.app).post(
      '/api/auth/register',
      driverPayload({ email: 'deux@exemple.fr', password: 'premier' }),
    );
    await new Agent(t.app).post(
      '/api/auth/register',
      driverPayload({ email: 'deux@exemple.fr', password: 'second' }),
    );
    const [first, second] = (await mailsTo('deux@exemple.fr', 2)).map(linkIn);
    const confirm = (token: string | undefined) => new Agent(t.app).post('/api/auth/verify-email', { token });
    expect((await confirm(second)).statusCode).toBe(200);
    for (const token of [second, first]) {
      const again = await confirm(token);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('Ce lien de vérification est invalide ou a déjà été utilisé.');
    }
    const login = (password: string) =>
      new Agent(t.app).post('/api/auth/login', { email: 'deux@exemple.fr', password });
    expect((await login('second')).statusCode).toBe(200);
    expect((await login('premier')).statusCode).toBe(401);
  });

  it('creates one account when the links of one address are followed at the same moment', async () => {
    for (const email of ['course@exemple.fr', 'Course@exemple.fr', 'COURSE@exemple.fr'])
      await new Agent(t.app).post('/api/auth/register', driverPayload({ email }));
    const tokens = (await mailsTo('course@exemple.fr', 3)).map(linkIn);
    const answers = await Promise.all(
      tokens.map((token) => new Agent(t.app).post('/api/auth/verify-email', { token })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    // The others were spent by the winner, or found the address taken.
    for (const answer of answers.filter((one) => one.statusCode !== 200)) {
      expect([400, 409]).toContain(answer.statusCode);
      expect(answer.cookies).toEqual([]);
    }
    const { rows } = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from users where lower(email) = 'course@exemple.fr'`,
    );
    expect(rows[0]!.count).toBe(1);
  });

  it('leaves an account that took the address meanwhile alone, and says to sign in', async () => {
    await new Agent(t.app).post('/api/auth/register', driverPayload({ email: 'prise@exemple.fr' }));
    const token = await tokenTo('prise@exemple.fr');
    const other = await createUser(t.db, { email: 'prise@exemple.fr' });
    const response = await new Agent(t.app).post('/api/auth/verify-email', { token });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(registrationMessages.taken);
    expect(response.cookies).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, other.id));
    expect(row).toEqual(other);
  });

  it('ignores fields a newcomer may not set (isAdmin, reputation, account status)', async () => {
    await new Agent(t.app).post(
      '/api/auth/register',
      driverPayload({
        email: 'malin@exemple.fr',
        isAdmin: true,
        reputationScore: '5.00',
        accountStatus: 'active',
        isDemo: true,
      }),
    );
    const created = await new Agent(t.app).post('/api/auth/verify-email', {
      token: await tokenTo('malin@exemple.fr'),
    });
    expect(created.json().user).toMatchObject({ isAdmin: false, isDemo: false, reputationScore: '0.00' });
  });

  it('expires after 24 hours', async () => {
    await new Agent(t.app).post('/api/auth/register', driverPayload({ email: 'tard@exemple.fr' }));
    const token = await tokenTo('tard@exemple.fr');
    await t.db
      .update(pendingRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingRegistrations.email, 'tard@exemple.fr'));
    const response = await new Agent(t.app).post('/api/auth/verify-email', { token });
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(registrationMessages.expired);
    expect(await t.db.select().from(users).where(eq(users.email, 'tard@exemple.fr'))).toEqual([]);
  });
});
