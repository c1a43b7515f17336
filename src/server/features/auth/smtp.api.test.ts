import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationMessages } from '#core/schemas/auth.js';
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
  it('sends a French mail (text and HTML) whose link creates the account', async () => {
    smtp.received.length = 0;
    const response = await new Agent(t.app).post(
      '/api/auth/register',
      driverPayload({ email: 'smtp@exemple.fr', fullName: 'Éloïse Bérard' }),
    );
    expect(response.statusCode).toBe(202);
    const mail = await smtp.first();

    expect(mail.from).toBe('bonjour@relais.fr');
    expect(mail.to).toEqual(['smtp@exemple.fr']);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?|Subject: Confirmez/);
    const link = extractVerificationLink(mail.raw);
    expect(link).toMatch(/^https:\/\/relais\.example\.fr\/verify-email\?token=[A-Za-z0-9_-]{43}$/);

    const token = new URL(link!).searchParams.get('token');
    const browser = new Agent(t.app);
    const created = await browser.post('/api/auth/verify-email', { token });
    expect(created.statusCode).toBe(200);
    expect((await browser.get('/api/auth/me')).json()).toMatchObject({
      fullName: 'Éloïse Bérard',
      emailVerified: true,
    });
    // The public URL is https: the session cookie the link opened is Secure.
    expect(created.cookies.find((c) => c.name === 'relais_session')?.secure).toBe(true);
  });

  it('answers the same when the mail server is down (the failure is logged; signing up again sends a new link)', async () => {
    const down = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const response = await new Agent(down.app).post('/api/auth/register', driverPayload());
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: registrationMessages.sent });
    } finally {
      await down.close();
    }
  });
});
