import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUG_REPORTS_PER_DAY } from '#core/rules/bug-reports.js';
import { adminLogs, bugReports, siteSettings } from '../../db/schema/admin.js';
import { alerts, notificationPreferences } from '../../db/schema/messaging.js';
import type { User } from '../../db/schema/users.js';
import { createUser } from '../../test/factories.js';
import { agentFor, createTestApp, type Agent, type TestApp } from '../../test/harness.js';
import { startSmtpServer } from '../../test/smtp.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let admin: User;
let asAdmin: Agent;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Workers on: the reporter's e-mail goes through the real job queue, to a real SMTP server on loopback.
  t = await createTestApp({
    env: {
      JOBS_WORKER: 'true',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Relais <bonjour@relais.fr>',
      PUBLIC_URL: 'https://relais.example.fr',
    },
  });
  admin = await createUser(t.db, { userType: 'admin', isAdmin: true, fullName: 'Alice Martin' });
  asAdmin = await agentFor(t, admin.id);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const pngImage = async () =>
  await sharp({ create: { width: 64, height: 40, channels: 3, background: '#d9480f' } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-serial' } } })
    .toBuffer();

const report = (extra: Record<string, unknown> = {}) => ({
  title: 'La carte ne s’affiche pas',
  description: 'Sur la page des missions, la carte reste grise quand je zoome.',
  category: 'ui',
  page: '/missions?vue=carte',
  browserInfo: 'Navigateur : Chrome 131\nÉcran : 412×915 (fenêtre 412×839)\nLangue : fr-FR',
  ...extra,
});

async function reporter(fields: Partial<User> = {}) {
  const user = await createUser(t.db, { fullName: 'Paul Routier', ...fields });
  return { user, agent: await agentFor(t, user.id) };
}

async function filed(agent: Agent, extra: Record<string, unknown> = {}) {
  const response = await agent.postForm('/api/bug-reports', report(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; screenshotUrl: string | null; [key: string]: unknown };
}

/** The mail to this address, waiting for it (mails of earlier tests may still be arriving). */
async function mailTo(address: string) {
  return vi.waitFor(
    () => {
      const found = smtp.received.find((mail) => mail.to.includes(address));
      if (!found) throw new Error(`no mail to ${address} yet`);
      return found;
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** Waits until the queued mail job of this report has ended (sent or not). */
async function mailJobsDone(bugReportId: string, expected: number) {
  await vi.waitFor(
    async () => {
      const jobs = await t.db.execute<{ state: string }>(
        sql`select state::text from pgboss.job where name = 'bug-report-mail' and data->>'bugReportId' = ${bugReportId}`,
      );
      expect(jobs.rows.map((row) => row.state)).toEqual(Array(expected).fill('completed'));
    },
    { timeout: 20_000, interval: 100 },
  );
}

describe('filing a report', () => {
  it('says in French what is missing or wrong, under each field', async () => {
    const { agent } = await reporter();
    const empty = await agent.postForm('/api/bug-reports', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({
      title: 'Donnez un titre de 3 caractères au moins',
      description: 'Décrivez le problème en 10 caractères au moins',
      category: 'Choisissez une catégorie',
    });
    const wrong = await agent.postForm(
      '/api/bug-reports',
      report({
        title: 'ab',
        description: 'court',
        category: 'autre',
        priority: 'urgent',
        page: '//evil.example/phish',
      }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      title: 'Donnez un titre de 3 caractères au moins',
      description: 'Décrivez le problème en 10 caractères au moins',
      category: 'Choisissez une catégorie',
      priority: 'Choisissez une priorité',
      page: 'Indiquez une page de Relais, qui commence par « / » (par exemple /missions)',
    });
    for (const page of ['https://relais.fr/missions', '/\\evil.example', 'missions', '/a b'])
      expect((await agent.postForm('/api/bug-reports', report({ page }))).json().errors?.page).toBeTruthy();
    const long = await agent.postForm('/api/bug-reports', report({ title: 'x'.repeat(121) }));
    expect(long.json().errors.title).toBe('Le titre ne doit pas dépasser 120 caractères');
  });

  it('keeps a report with its re-encoded screenshot; medium priority unless told; new', async () => {
    const { agent } = await reporter({ userType: 'company', companyName: 'Transports Lemaire' });
    const created = await filed(agent, { screenshot: await pngImage() });
    expect(created).toMatchObject({
      status: 'new',
      priority: 'medium',
      category: 'ui',
      page: '/missions?vue=carte',
      publicAnswer: null,
      answeredAt: null,
      resolvedAt: null,
      disclosure: null,
      screenshotUrl: `/api/bug-reports/${created.id}/screenshot`,
    });
    expect(created).not.toHaveProperty('adminNotes');
    const image = await agent.get(created.screenshotUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    // Re-encoded: the pixels only, no metadata.
    expect(image.rawPayload.includes(Buffer.from('secret-camera-serial'))).toBe(false);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(64);
    const [row] = await t.db.select().from(bugReports).where(eq(bugReports.id, created.id));
    expect(row!.screenshotKey).toBe(`bug-reports/${created.id}.png`);
  });

  it('reads the screenshot by its content: a text file named .png is refused', async () => {
    const { user, agent } = await reporter();
    const text = Buffer.from('Ceci est un fichier texte, pas une image.');
    const refused = await agent.postForm('/api/bug-reports', report({ screenshot: text }));
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({
      message: 'Capture illisible : choisissez une image JPEG, PNG ou WebP',
      errors: { screenshot: 'Capture illisible : choisissez une image JPEG, PNG ou WebP' },
    });
    // A PNG signature in front of something else.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('pas une image'),
    ]);
    expect((await agent.postForm('/api/bug-reports', report({ screenshot: fake }))).statusCode).toBe(422);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    expect((await agent.postForm('/api/bug-reports', report({ screenshot: pdf }))).statusCode).toBe(415);
    expect(await t.db.select().from(bugReports).where(eq(bugReports.userId, user.id))).toHaveLength(0);
  });

  it('raises a security report to high priority and tells how to disclose it responsibly', async () => {
    await t.db
      .insert(siteSettings)
      .values({ key: 'contactEmail', value: 'securite@relais.example.fr', isPublic: true })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: 'securite@relais.example.fr' } });
    const { agent } = await reporter();
    const created = await filed(agent, { category: 'security', priority: 'low' });
    expect(created.priority).toBe('high');
    expect(created.disclosure).toContain('ne publiez pas les détails');
    expect(created.disclosure).toContain('72 h');
    expect(created.disclosure).toContain('securite@relais.example.fr');
    const mine = (await agent.get('/api/bug-reports/mine')).json();
    expect(mine.reports[0].disclosure).toContain('securite@relais.example.fr');
  });

  it('allows 10 reports a day (Paris), refused after with a French message; yesterday’s do not count', async () => {
    const { user, agent } = await reporter();
    // Nine filed yesterday evening in Paris: not today's.
    await t.db.insert(bugReports).values(
      Array.from({ length: 9 }, (_, i) => ({
        userId: user.id,
        title: `Ancien ${i}`,
        description: 'Un signalement d’hier soir.',
        createdAt: sql`date_trunc('day', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris' - interval '1 minute'`,
      })),
    );
    for (let i = 0; i < BUG_REPORTS_PER_DAY; i++) await filed(agent, { title: `Souci numéro ${i}` });
    expect((await agent.get('/api/bug-reports/mine')).json().remainingToday).toBe(0);
    const refused = await agent.postForm('/api/bug-reports', report());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Vous avez déjà envoyé 10 signalements aujourd’hui/);
  });

  it('holds the daily limit under a burst of parallel sends', async () => {
    const { user, agent } = await reporter();
    await t.db.insert(bugReports).values(
      Array.from({ length: BUG_REPORTS_PER_DAY - 2 }, (_, i) => ({
        userId: user.id,
        title: `Déjà ${i}`,
        description: 'Un signalement de ce matin.',
      })),
    );
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        agent.postForm('/api/bug-reports', report({ title: `Rafale ${i}` })),
      ),
    );
    expect(burst.map((response) => response.statusCode).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    expect(await t.db.select().from(bugReports).where(eq(bugReports.userId, user.id))).toHaveLength(
      BUG_REPORTS_PER_DAY,
    );
  });
});

describe('who sees what', () => {
  it('shows a member their own reports only, never the internal notes', async () => {
    const mine = await reporter();
    const other = await reporter({ fullName: 'Luc Autre' });
    const created = await filed(mine.agent, { screenshot: await pngImage() });
    await filed(other.agent, { title: 'Le souci de Luc' });
    await asAdmin.request({
      method: 'PATCH',
      url: `/api/admin/bug-reports/${created.id}`,
      payload: {
        adminNotes: 'Doublon probable du ticket 12 — ne pas dire.',
        publicAnswer: 'Nous regardons.',
      },
    });

    const list = await mine.agent.get('/api/bug-reports/mine');
    expect(list.json().reports.map((r: { id: string }) => r.id)).toEqual([created.id]);
    expect(list.body).not.toContain('ne pas dire');
    expect(list.json().reports[0]).not.toHaveProperty('adminNotes');
    expect(list.json().reports[0].publicAnswer).toBe('Nous regardons.');
    const one = await mine.agent.get(`/api/bug-reports/${created.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain('ne pas dire');

    expect((await other.agent.get(`/api/bug-reports/${created.id}`)).statusCode).toBe(404);
    expect((await other.agent.get(created.screenshotUrl!)).statusCode).toBe(404);
    expect((await asAdmin.get(created.screenshotUrl!)).statusCode).toBe(200);
    expect(
      (
        await other.agent.request({
          method: 'PATCH',
          url: `/api/admin/bug-reports/${created.id}`,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    expect((await other.agent.get('/api/admin/bug-reports')).statusCode).toBe(403);
    const detail = (await asAdmin.get(`/api/admin/bug-reports/${created.id}`)).json();
    expect(detail.adminNotes).toBe('Doublon probable du ticket 12 — ne pas dire.');
    expect(detail.reporter).toMatchObject({ id: mine.user.id, fullName: 'Paul Routier', role: 'driver' });
  });
});

describe('the back office', () => {
  it('filters by status, priority, category and words, and counts every status', async () => {
    const { agent } = await reporter({ fullName: 'Gérard Filtre', email: 'gerard.filtre@exemple.fr' });
    const a = await filed(agent, { title: 'Bouton invisible en sombre', category: 'ui', priority: 'low' });
    const b = await filed(agent, { title: 'Paiement bloqué 100%', category: 'functional', priority: 'high' });
    await asAdmin.request({
      method: 'PATCH',
      url: `/api/admin/bug-reports/${b.id}`,
      payload: { status: 'resolved' },
    });
    const ids = async (query: string) =>
      ((await asAdmin.get(`/api/admin/bug-reports${query}`)).json().reports as Array<{ id: string }>).map(
        (r) => r.id,
      );
    expect(await ids('?q=gerard.filtre')).toEqual([a.id, b.id]);
    expect(await ids('?q=Gérard&status=resolved')).toEqual([b.id]);
    expect(await ids('?q=Gérard&priority=low')).toEqual([a.id]);
    expect(await ids('?q=Gérard&category=functional')).toEqual([b.id]);
    expect(await ids('?q=100%25')).toEqual([b.id]);
    expect(await ids('?q=Gérard&status=all&priority=all&category=all')).toEqual([a.id, b.id]);

    const list = (await asAdmin.get('/api/admin/bug-reports?q=Gérard')).json();
    expect(list.total).toBe(2);
    expect(list.reports[0]).toMatchObject({
      reporter: { fullName: 'Gérard Filtre', email: 'gerard.filtre@exemple.fr', role: 'driver' },
      hasScreenshot: false,
    });
    const [counted] = await t.db
      .select({
        open: sql<number>`count(*) filter (where status in ('new', 'in_progress'))::int`,
        resolved: sql<number>`count(*) filter (where status = 'resolved')::int`,
      })
      .from(bugReports);
    expect(list.open).toBe(counted!.open);
    expect(list.counts.resolved).toBe(counted!.resolved);
    expect(list.counts.new + list.counts.in_progress).toBe(list.open);

    const bad = await asAdmin.get('/api/admin/bug-reports?status=ouvert&page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ status: 'Statut inconnu', page: 'Page invalide' });
  });

  it('sets resolvedAt when resolved or closed, keeps it from resolved to closed, clears it when reopened; logs each change', async () => {
    const { agent } = await reporter();
    const created = await filed(agent);
    const patch = (payload: object) =>
      asAdmin.request({ method: 'PATCH', url: `/api/admin/bug-reports/${created.id}`, payload });

    const started = (await patch({ status: 'in_progress', priority: 'high' })).json();
    expect(started).toMatchObject({ status: 'in_progress', priority: 'high', resolvedAt: null });
    const resolved = (await patch({ status: 'resolved' })).json();
    expect(resolved.resolvedAt).not.toBeNull();
    const closed = (await patch({ status: 'closed' })).json();
    expect(closed.resolvedAt).toBe(resolved.resolvedAt);
    const reopened = (await patch({ status: 'new' })).json();
    expect(reopened.resolvedAt).toBeNull();
    const answered = (await patch({ publicAnswer: 'Corrigé dans la prochaine version.' })).json();
    expect(answered.answeredAt).not.toBeNull();
    expect((await patch({ publicAnswer: '  ' })).json()).toMatchObject({
      publicAnswer: null,
      answeredAt: null,
    });
    // Nothing changed: nothing logged.
    await patch({ status: 'new' });

    const logs = await t.db
      .select({ action: adminLogs.action, details: adminLogs.details, adminId: adminLogs.adminId })
      .from(adminLogs)
      .where(and(eq(adminLogs.targetType, 'bug_report'), eq(adminLogs.targetId, created.id)))
      .orderBy(adminLogs.createdAt);
    expect(logs.map((log) => log.details)).toEqual([
      { status: { from: 'new', to: 'in_progress' }, priority: { from: 'medium', to: 'high' } },
      { status: { from: 'in_progress', to: 'resolved' } },
      { status: { from: 'resolved', to: 'closed' } },
      { status: { from: 'closed', to: 'new' } },
      { publicAnswer: 'Corrigé dans la prochaine version.' },
      { publicAnswer: null },
    ]);
    expect(logs.every((log) => log.action === 'bug_report.update' && log.adminId === admin.id)).toBe(true);

    const missing = await asAdmin.request({
      method: 'PATCH',
      url: '/api/admin/bug-reports/00000000-0000-4000-8000-000000000000',
      payload: { status: 'closed' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Signalement introuvable');
  });
});

describe('telling the reporter', () => {
  it('leaves a support alert and mails at once, once (the hourly digest does not mail it again)', async () => {
    const { user, agent } = await reporter({
      fullName: 'Éloïse Bérard',
      email: 'eloise.berard@exemple.fr',
    });
    const created = await filed(agent, { title: 'Écran blanc au démarrage' });
    const response = await asAdmin.request({
      method: 'PATCH',
      url: `/api/admin/bug-reports/${created.id}`,
      payload: { status: 'in_progress', publicAnswer: 'Merci, nous avons reproduit le problème.' },
    });
    expect(response.statusCode).toBe(200);

    const mail = await mailTo('eloise.berard@exemple.fr');
    expect(mail.subject).toBe('Votre signalement « Écran blanc au démarrage » : En cours — Relais');
    expect(mail.text).toContain('Bonjour Éloïse Bérard,');
    expect(mail.text).toContain('est maintenant « En cours »');
    expect(mail.text).toContain('Merci, nous avons reproduit le problème.');
    expect(mail.text).toContain('https://relais.example.fr/report-bug');

    const [alert] = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, user.id), eq(alerts.type, 'support')));
    expect(alert).toMatchObject({
      title: 'Signalement pris en charge',
      message:
        'Votre signalement « Écran blanc au démarrage » est maintenant « En cours » ; l’équipe vous a répondu.',
      link: '/report-bug',
    });
    expect(alert!.emailedAt).not.toBeNull();

    // An hour later, unread: the digest finds nothing of it to mail.
    await mailJobsDone(created.id, 1);
    await t.db
      .update(alerts)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(alerts.userId, user.id));
    await t.app.jobs.runNow('email-digests');
    expect(smtp.received.filter((m) => m.to.includes('eloise.berard@exemple.fr'))).toHaveLength(1);

    // Notes and priority alone tell the reporter nothing.
    await asAdmin.request({
      method: 'PATCH',
      url: `/api/admin/bug-reports/${created.id}`,
      payload: { adminNotes: 'Vu avec l’équipe mobile', priority: 'high' },
    });
    expect(
      await t.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.userId, user.id), eq(alerts.type, 'support'))),
    ).toHaveLength(1);
  });

  it('leaves the alert but sends no mail when "Mes signalements de bugs" is off for e-mails', async () => {
    const { user, agent } = await reporter({ email: 'sans.mail@exemple.fr' });
    await t.db.insert(notificationPreferences).values({
      userId: user.id,
      alertTypes: ['support', 'message'],
      pushTypes: [],
      emailTypes: ['message'],
    });
    const created = await filed(agent);
    await asAdmin.request({
      method: 'PATCH',
      url: `/api/admin/bug-reports/${created.id}`,
      payload: { status: 'resolved', publicAnswer: 'Corrigé.' },
    });
    await mailJobsDone(created.id, 1);
    expect(smtp.received.filter((m) => m.to.includes('sans.mail@exemple.fr'))).toHaveLength(0);
    const [alert] = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, user.id), eq(alerts.type, 'support')));
    expect(alert?.title).toBe('Signalement résolu');
  });
});
