import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser, driverPayload } from '../../test/factories.js';
import { Agent, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configure: (config) => ({
      ...config,
      rateLimits: {
        loginPerIp: { limit: 8, windowSeconds: 600 },
        loginPerIpAccount: { limit: 3, windowSeconds: 600 },
        loginPerAccount: { limit: 5, windowSeconds: 600 },
        registerPerIp: { limit: 2, windowSeconds: 600 },
        registerMailsPerAddress: { limit: 3, windowSeconds: 600 },
        resendPerIp: { limit: 10, windowSeconds: 600 },
        resendPerAccount: { limit: 1, windowSeconds: 600 },
        adminSetupPerIp: { limit: 10, windowSeconds: 600 },
        geocodePerUser: { limit: 10, windowSeconds: 600 },
        beaconsPerIp: { limit: 100, windowSeconds: 600 },
        placesPerIp: { limit: 100, windowSeconds: 600 },
        passwordForgotPerIp: { limit: 10, windowSeconds: 600 },
        passwordForgotPerAccount: { limit: 2, windowSeconds: 600 },
        passwordResetPerIp: { limit: 3, windowSeconds: 600 },
        currentPasswordPerUser: { limit: 3, windowSeconds: 600 },
        exportPerUser: { limit: 10, windowSeconds: 600 },
        emailChangePerUser: { limit: 2, windowSeconds: 600 },
        icsFeedPerIp: { limit: 100, windowSeconds: 600 },
        demoPerIp: { limit: 10, windowSeconds: 600 },
      },
    }),
  });
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 10;
/** Each test speaks from its own address, so the per-address limits of one do not touch the next. */
const agentAt = (ip: string) => new Agent(t.app, ip);

describe('brute-force limits', () => {
  let ip = '';
  beforeEach(() => {
    ip = `198.51.100.${ipCounter++}`;
  });

  it('stops password guessing on one account, even with the right password, with a French 429', async () => {
    const user = await createUser(t.db, { email: 'cible@exemple.fr' });
    for (let i = 0; i < 3; i++) {
      const attempt = await agentAt(ip).post('/api/auth/login', {
        email: user.email,
        password: `faux-${i}-mdp`,
      });
      expect(attempt.statusCode).toBe(401);
    }
    const blocked = await agentAt(ip).post('/api/auth/login', {
      email: 'CIBLE@exemple.fr',
      password: TEST_PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Trop de tentatives\. Réessayez dans \d+ minutes?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is still served.
    const other = await createUser(t.db);
    expect(
      (await agentAt(ip).post('/api/auth/login', { email: other.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('stops one address trying many accounts', async () => {
    const codes = [];
    for (let i = 0; i < 9; i++) {
      codes.push(
        (
          await agentAt(ip).post('/api/auth/login', {
            email: `essai-${i}@exemple.fr`,
            password: 'mauvais-mdp',
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429]);
  });

  it('lets the window pass: the counter starts again', async () => {
    const user = await createUser(t.db, { email: 'fenetre@exemple.fr' });
    for (let i = 0; i < 4; i++)
      await agentAt(ip).post('/api/auth/login', { email: user.email, password: 'mauvais-mdp' });
    await t.db.execute(
      sql`update rate_limits set window_start = now() - interval '1 hour' where key like '%fenetre@exemple.fr'`,
    );
    expect(
      (await agentAt(ip).post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('does not let failures from many addresses lock the owner out, even after a typo or two', async () => {
    const owner = await createUser(t.db, { email: 'proprietaire@exemple.fr' });
    // Ten addresses guess: three times on this account, or once here after two guesses elsewhere (a spray).
    // The account is under attack (5 failures allowed account-wide).
    const attackers = Array.from({ length: 10 }, (_, i) => `203.0.113.${100 + i}`);
    for (const [n, address] of attackers.entries())
      for (let i = 0; i < 3; i++)
        await agentAt(address).post('/api/auth/login', {
          email: n % 2 === 0 || i === 2 ? owner.email : `voisin-${n}-${i}@exemple.fr`,
          password: `devine-${i}`,
        });
    // The owner, from their own address, mistypes twice, then signs in with the right password.
    for (const typo of ['proprio-typo', 'proprio-typ0'])
      expect(
        (await agentAt(ip).post('/api/auth/login', { email: owner.email, password: typo })).statusCode,
      ).toBe(401);
    const signedIn = await agentAt(ip).post('/api/auth/login', {
      email: owner.email,
      password: TEST_PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    // Every attacking address is refused, even when it happens to send the right password.
    for (const address of attackers) {
      const again = await agentAt(address).post('/api/auth/login', {
        email: owner.email,
        password: TEST_PASSWORD,
      });
      expect(again.statusCode, address).toBe(429);
      expect(again.json().message).toMatch(/^Trop de tentatives/);
    }
    // The owner signs in again, still, and so do other accounts from the attackers' addresses' neighbours.
    expect(
      (await agentAt(ip).post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('counts the addresses of one IPv6 network as one client', async () => {
    const owner = await createUser(t.db, { email: 'reseau-v6@exemple.fr' });
    const codes = [];
    // Forty addresses of one /64, each guessing once: the network as a whole has the per-address limit (8).
    for (let i = 1; i <= 40; i++)
      codes.push(
        (
          await agentAt(`2001:db8:1:2::${i.toString(16)}`).post('/api/auth/login', {
            email: i % 2 ? owner.email : `autre-${i}@exemple.fr`,
            password: `devine-${i}`,
          })
        ).statusCode,
      );
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(8);
    expect(codes.at(-1)).toBe(429);
    // Another network is another client.
    expect(
      (
        await agentAt('2001:db8:9:9::1').post('/api/auth/login', {
          email: owner.email,
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('does not count a good password against its address', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 12; i++) {
      const response = await agentAt(ip).post('/api/auth/login', {
        email: user.email,
        password: TEST_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('limits guesses of the current password on a session someone else holds', async () => {
    const user = await createUser(t.db);
    const agent = agentAt(ip);
    await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const codes = [];
    for (let i = 0; i < 5; i++) {
      const response = await agent.post('/api/account/password', {
        currentPassword: `devine-${i}`,
        newPassword: 'nouveau-secret',
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429, 429]);
    // Even the right one now waits: the guesser cannot tell.
    const right = await agent.post('/api/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'nouveau-secret',
    });
    expect(right.statusCode).toBe(429);
  });

  it('limits "mot de passe oublié" mails per address asked for, without a different answer; resets per address', async () => {
    const user = await createUser(t.db, { email: 'cible-oubli@exemple.fr' });
    const answers = [];
    // From several addresses (a stranger's, the owner's): the limit is the asked address's, 2 here.
    for (let i = 0; i < 4; i++)
      answers.push(
        (await agentAt(`192.0.2.${40 + i}`).post('/api/auth/password/forgot', { email: user.email })).json(),
      );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const links = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from account_tokens where user_id = ${user.id} and used_at is null`,
    );
    // Two mails, two links, both still valid: nobody's asking spent the other's.
    expect(links.rows[0]!.n).toBe(2);
    const resets = [];
    for (let i = 0; i < 4; i++)
      resets.push(
        (
          await agentAt(ip).post('/api/auth/password/reset', {
            token: `faux-jeton-${i}-xxxxxxxxxxxxxxxxxxxx`,
            password: 'nouveau-secret',
          })
        ).statusCode,
      );
    expect(resets).toEqual([400, 400, 400, 429]);
  });

  it('limits requests to change the e-mail address (each mails two addresses)', async () => {
    const user = await createUser(t.db);
    const agent = agentAt(ip);
    await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (
          await agent.post('/api/account/email', {
            newEmail: `cible-${i}@exemple.fr`,
            password: TEST_PASSWORD,
          })
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 429]);
  });

  it('limits registrations per address', async () => {
    const results = [];
    for (let i = 0; i < 3; i++) {
      results.push((await agentAt(ip).post('/api/auth/register', driverPayload())).statusCode);
    }
    expect(results).toEqual([202, 202, 429]);
  });

  it('limits verification mails per account', async () => {
    const user = await createUser(t.db, { emailVerified: false });
    const agent = agentAt(ip);
    await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect((await agent.post('/api/auth/resend-verification')).statusCode).toBe(200);
    const second = await agent.post('/api/auth/resend-verification');
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toContain('Trop de tentatives');
  });

  it('counts concurrent attempts exactly (one atomic counter shared by every instance)', async () => {
    const user = await createUser(t.db, { email: 'rafale@exemple.fr' });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        agentAt(ip).post('/api/auth/login', { email: user.email, password: 'mauvais-mdp' }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(3);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set (a client cannot pick its own address)', async () => {
    // Per-IP limit is 8: with spoofed addresses still counted as one client, the 9th is refused.
    const codes = [];
    for (let i = 0; i < 10; i++) {
      const response = await agentAt(ip).request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `personne-${i}@exemple.fr`, password: 'mauvais-mdp' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toContain(429);
  });
});
