import type { AddressInfo } from 'node:net';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REAUTH_REQUIRED } from '#core/schemas/admin.js';
import { adminInvitations, adminLogs } from '../../db/schema/admin.js';
import { sessions } from '../../db/schema/platform.js';
import { users } from '../../db/schema/users.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { Agent, createTestApp, passSecondFactor, signIn, type TestApp } from '../../test/harness.js';
import { startSmtpServer } from '../../test/smtp.js';
import { SESSION_COOKIE } from '../../platform/sessions.js';

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

const admin = () => signIn(t, { userType: 'admin', isAdmin: true, fullName: 'Alice Admin' });
const logsOf = (action: string, targetId: string) =>
  t.db
    .select()
    .from(adminLogs)
    .where(and(eq(adminLogs.action, action), eq(adminLogs.targetId, targetId)));

/** Sends an invitation and reads the link out of the mail that crossed the SMTP socket. */
async function invite(agent: Agent, email: string) {
  smtp.received.length = 0;
  const response = await agent.post('/api/admin/invitations', { email });
  expect(response.statusCode, response.body).toBe(201);
  const mail = await smtp.first();
  const unfolded = mail.text.replace(/\s+/g, ' ');
  const link = unfolded.match(/https:\/\/relais\.example\.fr\/admin\/invitation\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeDefined();
  return { response, mail, token: new URL(link!).searchParams.get('token')! };
}

describe('inviting an administrator', () => {
  it('mails a link that creates the account once, which then enrols its second factor', async () => {
    const alice = await admin();
    const { response, mail, token } = await invite(alice.agent, 'Nouvelle.Admin@Relais.fr');
    expect(response.json()).toMatchObject({
      mailSent: true,
      invitation: { email: 'nouvelle.admin@relais.fr', expired: false },
    });
    expect(mail.to).toEqual(['nouvelle.admin@relais.fr']);
    expect(mail.subject).toBe('Invitation à administrer Relais');
    expect(mail.text).toContain('Alice Admin vous invite à rejoindre l’équipe d’administration de Relais.');
    expect(mail.text).toContain('72 heures');
    const invitationId = (response.json() as { invitation: { id: string } }).invitation.id;
    const [stored] = await t.db.select().from(adminInvitations).where(eq(adminInvitations.id, invitationId));
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeCloseTo(72 * 3600_000, -4);
    expect(await logsOf('admin.invite', invitationId)).toMatchObject([
      {
        adminId: alice.user.id,
        targetType: 'admin_invitation',
        details: { email: 'nouvelle.admin@relais.fr' },
      },
    ]);
    const listed = (await alice.agent.get('/api/admin/administrators')).json();
    expect(listed.invitations).toContainEqual(
      expect.objectContaining({ id: invitationId, invitedBy: 'Alice Admin' }),
    );

    const visitor = new Agent(t.app);
    expect((await visitor.post('/api/admin/invitation/check', { token })).json()).toMatchObject({
      email: 'nouvelle.admin@relais.fr',
    });
    const short = await visitor.post('/api/admin/invitation/accept', {
      token,
      fullName: 'Bruno Admin',
      password: 'court',
    });
    expect(short.json().errors).toEqual({
      password: 'Le mot de passe administrateur doit contenir au moins 10 caractères',
    });
    const accepted = await visitor.post('/api/admin/invitation/accept', {
      token,
      fullName: 'Bruno Admin',
      password: 'un-mot-de-passe-long',
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({
      email: 'nouvelle.admin@relais.fr',
      isAdmin: true,
      secondFactor: 'enrol',
    });
    // Waiting for the enrolment: not signed in yet.
    expect((await visitor.get('/api/auth/me')).statusCode).toBe(401);
    expect((await visitor.get('/api/admin/second-factor')).json()).toMatchObject({ state: 'enrol' });
    const { secret } = (await visitor.post('/api/admin/second-factor/enrol')).json() as { secret: string };
    const done = await visitor.post('/api/admin/second-factor/enrol/confirm', {
      code: await generate({ secret }),
    });
    expect(done.statusCode).toBe(200);
    expect((await visitor.get('/api/auth/me')).json()).toMatchObject({
      fullName: 'Bruno Admin',
      role: 'admin',
    });
    const bruno = (done.json() as { user: { id: string } }).user.id;
    expect(await logsOf('admin.invitation_accepted', invitationId)).toMatchObject([{ adminId: bruno }]);

    // Once only.
    const again = await new Agent(t.app).post('/api/admin/invitation/accept', {
      token,
      fullName: 'Intrus',
      password: 'un-autre-mot-de-passe',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Cette invitation est invalide, a déjà servi ou a été retirée.');
    const team = (await alice.agent.get('/api/admin/administrators')).json();
    expect(team.administrators).toContainEqual(
      expect.objectContaining({ id: bruno, secondFactor: true, active: true, self: false }),
    );
    expect(team.invitations.map((i: { id: string }) => i.id)).not.toContain(invitationId);
  });

  it('asks for the password again, refuses a member’s address, and an expired or withdrawn link', async () => {
    const alice = await admin();
    await passSecondFactor(t, alice.user.id, 6 * 60_000);
    const stale = await alice.agent.post('/api/admin/invitations', { email: 'plus-tard@relais.fr' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe(REAUTH_REQUIRED);
    await alice.agent.post('/api/admin/reauth', { password: TEST_PASSWORD });

    const driver = await createUser(t.db);
    const member = await alice.agent.post('/api/admin/invitations', { email: driver.email });
    expect(member.statusCode).toBe(409);
    expect(member.json().errors.email).toMatch(
      /^Cette adresse est celle d’un compte chauffeur ou transporteur/,
    );

    const first = await invite(alice.agent, 'expiree@relais.fr');
    await t.db
      .update(adminInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminInvitations.id, first.response.json().invitation.id));
    const expired = await new Agent(t.app).post('/api/admin/invitation/check', { token: first.token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(
      'Cette invitation a expiré : demandez-en une nouvelle à un administrateur.',
    );

    // Sent again: the old link no longer works, the new one does until withdrawn.
    const second = await invite(alice.agent, 'expiree@relais.fr');
    expect(
      (await new Agent(t.app).post('/api/admin/invitation/check', { token: first.token })).statusCode,
    ).toBe(404);
    expect(
      (await new Agent(t.app).post('/api/admin/invitation/check', { token: second.token })).statusCode,
    ).toBe(200);
    const id = second.response.json().invitation.id as string;
    expect((await alice.agent.delete(`/api/admin/invitations/${id}`)).statusCode).toBe(200);
    expect((await alice.agent.delete(`/api/admin/invitations/${id}`)).statusCode).toBe(409);
    expect(
      (await new Agent(t.app).post('/api/admin/invitation/check', { token: second.token })).statusCode,
    ).toBe(404);
    expect(await logsOf('admin.invitation_revoked', id)).toHaveLength(1);

    // The address registered as a member between the invitation and its acceptance.
    const third = await invite(alice.agent, 'devenue-chauffeur@relais.fr');
    await createUser(t.db, { email: 'devenue-chauffeur@relais.fr' });
    const late = await new Agent(t.app).post('/api/admin/invitation/accept', {
      token: third.token,
      fullName: 'Chris Admin',
      password: 'un-mot-de-passe-long',
    });
    expect(late.statusCode).toBe(409);
  });
});

describe('removing an administrator', () => {
  it('closes their account, ends their sessions and live connection, and is logged', async () => {
    const alice = await admin();
    const bob = await admin();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers: { cookie: `${SESSION_COOKIE}=${bob.agent.cookie}`, origin: 'http://localhost:5000' },
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });

    const self = await alice.agent.delete(`/api/admin/administrators/${alice.user.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('Vous ne pouvez pas retirer votre propre accès administrateur.');

    const removed = await alice.agent.delete(`/api/admin/administrators/${bob.user.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await closed).toBe(1008);
    expect((await bob.agent.get('/api/auth/me')).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, bob.user.id))).toHaveLength(0);
    const login = await new Agent(t.app).post('/api/auth/login', {
      email: bob.user.email,
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(
      'Ce compte a été désactivé par l’équipe Relais. Motif : accès administrateur retiré. Contactez le support pour le réactiver.',
    );
    expect(await logsOf('admin.remove', bob.user.id)).toMatchObject([
      { adminId: alice.user.id, targetType: 'user', details: { email: bob.user.email } },
    ]);
    const again = await alice.agent.delete(`/api/admin/administrators/${bob.user.id}`);
    expect(again.json().message).toBe('Cet administrateur a déjà été retiré.');
    const driver = await createUser(t.db);
    expect((await alice.agent.delete(`/api/admin/administrators/${driver.id}`)).statusCode).toBe(404);
    const team = (await alice.agent.get('/api/admin/administrators')).json();
    expect(team.administrators).toContainEqual(expect.objectContaining({ id: bob.user.id, active: false }));
  });

  it('withdraws the invitations the removed administrator sent: a stolen session’s invitation dies with it', async () => {
    const alice = await admin();
    const mallory = await admin();
    const { response, token } = await invite(mallory.agent, 'complice@exemple.fr');
    const invitationId = (response.json() as { invitation: { id: string } }).invitation.id;
    // Someone else's invitation stays.
    const { token: kept } = await invite(alice.agent, 'collegue@exemple.fr');

    expect((await alice.agent.delete(`/api/admin/administrators/${mallory.user.id}`)).statusCode).toBe(200);
    const accept = await new Agent(t.app).post('/api/admin/invitation/accept', {
      token,
      fullName: 'Complice Anonyme',
      password: 'un-long-mot-de-passe',
    });
    expect(accept.statusCode).toBe(404);
    expect(await t.db.select().from(users).where(eq(users.email, 'complice@exemple.fr'))).toHaveLength(0);
    const [row] = await t.db.select().from(adminInvitations).where(eq(adminInvitations.id, invitationId));
    expect(row!.revokedAt).not.toBeNull();
    expect(await logsOf('admin.remove', mallory.user.id)).toMatchObject([
      { details: { email: mallory.user.email, invitationsWithdrawn: ['complice@exemple.fr'] } },
    ]);
    const check = await new Agent(t.app).post('/api/admin/invitation/check', { token: kept });
    expect(check.statusCode, check.body).toBe(200);
  });

  it('leaves no invitation standing from an administrator removed while sending it', async () => {
    const alice = await admin();
    for (let round = 0; round < 6; round++) {
      const mallory = await admin();
      const email = `complice-${round}@exemple.fr`;
      const [sent, removed] = await Promise.all([
        mallory.agent.post('/api/admin/invitations', { email }),
        alice.agent.delete(`/api/admin/administrators/${mallory.user.id}`),
      ]);
      expect(removed.statusCode).toBe(200);
      // Sent before the removal (then withdrawn by it), or refused after it: never left waiting.
      expect([201, 401]).toContain(sent.statusCode);
      const waiting = await t.db
        .select()
        .from(adminInvitations)
        .where(and(eq(adminInvitations.email, email), isNull(adminInvitations.revokedAt)));
      expect(waiting).toHaveLength(0);
    }
  });

  it('keeps one administrator when the last two remove each other at the same instant', async () => {
    const fresh = await createTestApp();
    try {
      for (let round = 0; round < 3; round++) {
        await fresh.db.execute(
          sql`update users set is_active = false, account_status = 'deactivated' where is_admin`,
        );
        const a = await signIn(fresh, { userType: 'admin', isAdmin: true });
        const b = await signIn(fresh, { userType: 'admin', isAdmin: true });
        const answers = await Promise.all([
          a.agent.delete(`/api/admin/administrators/${b.user.id}`),
          b.agent.delete(`/api/admin/administrators/${a.user.id}`),
        ]);
        expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
        const active = await fresh.db
          .select()
          .from(users)
          .where(and(eq(users.isAdmin, true), eq(users.isActive, true)));
        expect(active).toHaveLength(1);
      }
    } finally {
      await fresh.close();
    }
  });

  it('keeps one administrator when one removes the other while that one closes them from Utilisateurs', async () => {
    const fresh = await createTestApp();
    try {
      for (let round = 0; round < 3; round++) {
        await fresh.db.execute(
          sql`update users set is_active = false, account_status = 'deactivated' where is_admin`,
        );
        const a = await signIn(fresh, { userType: 'admin', isAdmin: true });
        const b = await signIn(fresh, { userType: 'admin', isAdmin: true });
        const answers = await Promise.all([
          a.agent.delete(`/api/admin/administrators/${b.user.id}`),
          b.agent.post(`/api/admin/users/${a.user.id}/deactivate`, { reason: 'Départ de l’équipe' }),
        ]);
        expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
        const active = await fresh.db
          .select()
          .from(users)
          .where(and(eq(users.isAdmin, true), eq(users.isActive, true)));
        expect(active).toHaveLength(1);
      }
    } finally {
      await fresh.close();
    }
  });
});
