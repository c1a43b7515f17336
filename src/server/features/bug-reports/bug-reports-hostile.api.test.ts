import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugReports } from '../../db/schema/admin.js';
import { createLocalStorage } from '../../platform/storage.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { agentFor, createTestApp, signIn, type Agent, type TestApp } from '../../test/harness.js';

/** What a hostile member tries on bug reports (decision 020), and what must hold. */

let t: TestApp;
let asAdmin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
  asAdmin = await agentFor(t, admin.id);
});
afterAll(async () => {
  await t.close();
});

const report = (extra: Record<string, unknown> = {}) => ({
  title: 'La carte ne s’affiche pas',
  description: 'Sur la page des missions, la carte reste grise quand je zoome.',
  category: 'ui',
  ...extra,
});
const PAGE_MESSAGE = 'Indiquez une page de Relais, qui commence par « / » (par exemple /missions)';

describe('odd input', () => {
  it('refuses control characters and broken text in the page, under the field (never a 500)', async () => {
    const { agent } = await signIn(t, { userType: 'driver' });
    for (const page of ['/missions\u0000', '/a\u0007b', '/a\u0085b']) {
      const refused = await agent.postForm('/api/bug-reports', report({ page }));
      expect(refused.statusCode, `${JSON.stringify(page)} ${refused.body}`).toBe(400);
      expect(refused.json().errors.page).toBe(PAGE_MESSAGE);
    }
    // A lone surrogate cannot travel in UTF-8: it arrives as "�", refused as unreadable text, on its field.
    const broken = await agent.postForm('/api/bug-reports', report({ page: '/a\ud800' }));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors.page).toMatch(/UTF-8/);
    const kept = await agent.postForm('/api/bug-reports', report({ page: '/missions/é?vue=carte' }));
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().page).toBe('/missions/é?vue=carte');
  });

  it('refuses a NUL in the back office’s search with a French message (never a 500)', async () => {
    const refused = await asAdmin.get('/api/admin/bug-reports?q=carte%00');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors.q).toBe('Ce texte contient des caractères non autorisés');
    expect((await asAdmin.get('/api/admin/bug-reports?q=100%25')).statusCode).toBe(200);
  });
});

describe('deleting the account', () => {
  it('keeps the report for the team without the person, and removes its screenshot file', async () => {
    const { agent, user } = await signIn(t, { userType: 'driver' });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const filed = await agent.postForm('/api/bug-reports', report({ screenshot: png }));
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().id as string;
    const [before] = await t.db.select().from(bugReports).where(eq(bugReports.id, id));
    const storage = createLocalStorage(t.config.dataDir);
    expect(await storage.get(before!.screenshotKey!)).not.toBeNull();

    const gone = await agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    expect(gone.statusCode, gone.body).toBe(200);

    const [after] = await t.db.select().from(bugReports).where(eq(bugReports.id, id));
    expect(after).toMatchObject({ userId: null, screenshotKey: null, screenshotUrl: null });
    expect(await storage.get(before!.screenshotKey!)).toBeNull();
    expect((await asAdmin.get(`/api/bug-reports/${id}/screenshot`)).statusCode).toBe(404);
    const seen = await asAdmin.get(`/api/admin/bug-reports/${id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ reporter: null, screenshotUrl: null, title: report().title });
    expect(seen.body).not.toContain(user.email);
  });
});
