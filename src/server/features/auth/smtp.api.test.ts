import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverPayload } from '../../test/factories.js';
import { Agent, createTestApp, extractVerificationLink, type TestApp } from '../../test/harness.js';
import { startSmtpServer } from '../../test/smtp.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Relais <bonjour@relais.fr>',
      PUBLIC_URL: 'https://relais.example.fr',
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('verification e-mail over SMTP', () => {
  it('sends a French mail (text and HTML) whose link verifies the account', async () => {
    smtp.received.length = 0;
    const agent = new Agent(t.app);
    const response = await agent.post(
      '/api/auth/register',
      driverPayload({ email: 'smtp@exemple.fr', fullName: 'Éloïse Bérard' }),
    );
    expect(response.statusCode).toBe(201);
    const mail = await smtp.first();

    expect(mail.from).toBe('bonjour@relais.fr');
    expect(mail.to).toEqual(['smtp@exemple.fr']);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?|Subject: Confirmez/);
    const link = extractVerificationLink(mail.raw);
    expect(link).toMatch(/^https:\/\/relais\.example\.fr\/verify-email\?token=[A-Za-z0-9_-]{43}$/);

    const token = new URL(link!).searchParams.get('token');
    const verified = await new Agent(t.app).post('/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect((await agent.get('/api/auth/me')).json().emailVerified).toBe(true);
  });

  it('sets the Secure flag on the session cookie when the public URL is https', async () => {
    const response = await new Agent(t.app).post('/api/auth/register', driverPayload());
    const cookie = response.cookies.find((c) => c.name === 'relais_session');
    expect(cookie?.secure).toBe(true);
  });

  it('keeps the account when the mail server is down; the user can ask again later', async () => {
    const down = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const agent = new Agent(down.app);
      const response = await agent.post('/api/auth/register', driverPayload());
      expect(response.statusCode).toBe(201);
      expect((await agent.get('/api/auth/me')).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});
