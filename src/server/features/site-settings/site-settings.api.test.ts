import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TARIFFS, TARIFF_ERROR } from '#core/rules/tariffs.js';
import { REAUTH_REQUIRED } from '#core/schemas/admin.js';
import { adminLogs, siteSettings } from '../../db/schema/admin.js';
import { createUser } from '../../test/factories.js';
import {
  Agent,
  agentFor,
  createTestApp,
  passSecondFactor,
  signIn,
  type TestApp,
} from '../../test/harness.js';
import { createStorage } from '../../platform/storage.js';
import { readTariffs } from '../../platform/tariffs.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { userType: 'admin', isAdmin: true, fullName: 'Alice Martin' });
});
afterAll(async () => {
  await t.close();
});

const logsOf = (action: string) =>
  t.db
    .select()
    .from(adminLogs)
    .where(and(eq(adminLogs.action, action), eq(adminLogs.adminId, admin.user.id)))
    .orderBy(adminLogs.createdAt);

const publicSettings = async () => {
  const response = await new Agent(t.app).get('/api/site-settings');
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  return response.json() as Record<string, string | null>;
};

const uploadLogo = (agent: Agent, theme: string, bytes: Buffer) =>
  agent.postForm(`/api/admin/site-settings/logos/${theme}`, { image: bytes });

const logoPng = (height = 120) =>
  sharp({
    create: { width: height * 3, height, channels: 4, background: { r: 247, g: 103, b: 7, alpha: 0.5 } },
  })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'appareil-secret-42' } } })
    .toBuffer();

const pdfLike = async () => Buffer.from('%PDF-1.4\n%%EOF\n');

describe('site settings (Paramètres du site)', () => {
  it('saves the contact, hours, legal details and maintenance message; the public read shows them at once', async () => {
    const before = await publicSettings();
    expect(before).toMatchObject({
      contactEmail: 'contact@relais.fr',
      maintenanceMessage: null,
      legalHostName: null,
    });

    const saved = await admin.agent.put('/api/admin/site-settings', {
      contactEmail: ' Support@Relais.FR ',
      supportHours: 'Du lundi au vendredi, 8 h – 18 h',
      legalPublisherName: 'Relais SAS',
      legalHostName: 'OVH SAS',
      legalHostAddress: '2 rue Kellermann, 59100 Roubaix',
      maintenanceMessage: 'Maintenance ce soir de 22 h à 23 h.\nMerci de votre patience.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({
      contactEmail: 'support@relais.fr',
      legalHostName: 'OVH SAS',
    });

    // No cache anywhere: the very next public read has it.
    const after = await publicSettings();
    expect(after).toMatchObject({
      contactEmail: 'support@relais.fr',
      supportHours: 'Du lundi au vendredi, 8 h – 18 h',
      legalPublisherName: 'Relais SAS',
      legalHostName: 'OVH SAS',
      maintenanceMessage: 'Maintenance ce soir de 22 h à 23 h.\nMerci de votre patience.',
    });

    // A second instance on the same database sees it too (nothing kept in a process).
    const other = await createTestApp({ databaseUrl: t.database.url });
    try {
      const seen = (await other.app.inject({ method: 'GET', url: '/api/site-settings' })).json();
      expect(seen.maintenanceMessage).toContain('Maintenance ce soir');
    } finally {
      await other.close();
    }

    const [line] = await logsOf('site_settings.update');
    expect(line).toMatchObject({ targetType: 'site_settings', ipAddress: '127.0.0.1' });
    expect(line!.details).toMatchObject({
      keys: expect.arrayContaining(['contactEmail', 'legalHostName', 'maintenanceMessage']),
      changes: {
        contactEmail: { from: null, to: 'support@relais.fr' },
        legalHostName: { from: null, to: 'OVH SAS' },
      },
    });

    // Emptying the message removes the banner; only what changed is logged.
    const cleared = await admin.agent.put('/api/admin/site-settings', {
      maintenanceMessage: '   ',
      legalHostName: 'OVH SAS',
    });
    expect(cleared.statusCode).toBe(200);
    expect((await publicSettings()).maintenanceMessage).toBeNull();
    const lines = await logsOf('site_settings.update');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.details).toEqual({
      keys: ['maintenanceMessage'],
      changes: {
        maintenanceMessage: {
          from: 'Maintenance ce soir de 22 h à 23 h.\nMerci de votre patience.',
          to: null,
        },
      },
    });

    // Saving the same values again writes no journal line.
    await admin.agent.put('/api/admin/site-settings', { legalHostName: 'OVH SAS' });
    expect(await logsOf('site_settings.update')).toHaveLength(2);
  });

  it('refuses invalid values with a French message under each field', async () => {
    const response = await admin.agent.put('/api/admin/site-settings', {
      contactEmail: 'pas-une-adresse',
      legalHostPhone: '0'.repeat(41),
      supportHours: 'ligne\nsur deux',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      contactEmail: 'Indiquez une adresse e-mail valide, par exemple contact@relais.fr',
      legalHostPhone: '40 caractères au plus',
      supportHours: 'Ce texte contient des caractères non autorisés',
    });
    const unknown = await admin.agent.put('/api/admin/site-settings', { isAdmin: 'true' });
    expect(unknown.statusCode).toBe(400);
    const empty = await admin.agent.put('/api/admin/site-settings', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Aucun réglage à enregistrer');
  });

  it('asks for the password again when it was typed more than 5 minutes ago, and never for a non-admin', async () => {
    const stale = await signIn(t, { userType: 'admin', isAdmin: true });
    await passSecondFactor(t, stale.user.id, 6 * 60_000);
    for (const response of [
      await stale.agent.put('/api/admin/site-settings', { supportHours: 'Tous les jours' }),
      await stale.agent.put('/api/admin/tariffs', { ...DEFAULT_TARIFFS, driverPremiumMonthly: 1 }),
      await uploadLogo(stale.agent, 'light', await logoPng()),
      await stale.agent.delete('/api/admin/site-settings/logos/dark'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(REAUTH_REQUIRED);
    }
    expect((await publicSettings()).supportHours).not.toBe('Tous les jours');
    expect((await readTariffs(t.db)).driverPremiumMonthly).not.toBe(1);
    // Reading needs no password.
    expect((await stale.agent.get('/api/admin/site-settings')).statusCode).toBe(200);

    const driver = await agentFor(t, (await createUser(t.db)).id);
    expect((await driver.put('/api/admin/site-settings', { supportHours: 'x' })).statusCode).toBe(403);
    expect((await driver.put('/api/admin/tariffs', DEFAULT_TARIFFS)).statusCode).toBe(403);
  });
});

describe('logos', () => {
  it('stores a real image re-encoded and scaled, serves it publicly with a new address each time, removes it', async () => {
    const first = await uploadLogo(admin.agent, 'light', await logoPng(600));
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json().url as string;
    expect(url).toMatch(/^\/api\/files\/site\/logo-light-[a-f0-9]{16}\.png$/);
    expect((await publicSettings()).logoLightUrl).toBe(url);

    // Anyone may load it, cached for good (its address changes with it), no metadata left, 256 px high at most.
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.height).toBe(256);
    expect(meta.hasAlpha).toBe(true);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('appareil-secret-42'))).toBe(false);

    // A second logo: a new address; the old file is gone.
    const second = await uploadLogo(admin.agent, 'light', await logoPng());
    expect(second.statusCode).toBe(200);
    expect(second.json().url).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const storage = createStorage(t.config);
    expect(await storage.get(url.replace('/api/files/', ''))).toBeNull();

    const lines = await logsOf('site_settings.logo');
    expect(lines.at(-1)).toMatchObject({
      targetType: 'site_settings',
      targetId: 'logoLightUrl',
      details: { theme: 'light', change: 'uploaded', from: url, to: second.json().url },
    });

    // Removed: back to the built-in logo.
    const removed = await admin.agent.delete('/api/admin/site-settings/logos/light');
    expect(removed.statusCode).toBe(204);
    expect((await publicSettings()).logoLightUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second.json().url })).statusCode).toBe(404);
    expect((await logsOf('site_settings.logo')).at(-1)!.details).toMatchObject({
      change: 'removed',
      from: second.json().url,
      to: null,
    });
    const again = await admin.agent.delete('/api/admin/site-settings/logos/light');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Aucun logo à retirer pour ce thème');
  });

  it('scales a very wide logo down too: shown 32 px high with its width free, it would stretch every header', async () => {
    const banner = await sharp({
      create: { width: 16_000, height: 40, channels: 3, background: '#2a6' },
    })
      .png()
      .toBuffer();
    const saved = await uploadLogo(admin.agent, 'light', banner);
    expect(saved.statusCode, saved.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: saved.json().url as string });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.width).toBe(1024);
    expect(meta.height).toBeLessThanOrEqual(40);
    expect((await admin.agent.delete('/api/admin/site-settings/logos/light')).statusCode).toBe(204);
  });

  it('refuses what is not a PNG, JPEG or WebP image: a fake, an SVG, a damaged file, an unknown theme', async () => {
    const fake = Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      Buffer.from('<script>alert(1)</script>'),
    ]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const text = Buffer.from('bonjour, je suis un logo');
    for (const bytes of [svg, text, await pdfLike()]) {
      const response = await uploadLogo(admin.agent, 'dark', bytes);
      expect(response.statusCode, response.body).toBe(415);
      expect(response.json().errors.image).toBe(
        'Choisissez une image PNG, JPEG ou WebP (le SVG n’est pas accepté)',
      );
    }
    // A PNG's signature in front of something else, or a real image cut short: decoded, and refused.
    for (const bytes of [fake, (await logoPng()).subarray(0, 200)]) {
      const damaged = await uploadLogo(admin.agent, 'dark', bytes);
      expect(damaged.statusCode).toBe(422);
      expect(damaged.json().message).toBe('Ce fichier est illisible ou abîmé.');
    }
    const theme = await uploadLogo(admin.agent, 'sepia', await logoPng());
    expect(theme.statusCode).toBe(400);
    // A form without its file: said under the file field.
    const noFile = await admin.agent.postForm('/api/admin/site-settings/logos/dark', { note: 'logo' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors.image).toBe(
      'Choisissez une image PNG, JPEG ou WebP (le SVG n’est pas accepté)',
    );
    expect((await publicSettings()).logoDarkUrl).toBeNull();
    expect(
      await logsOf('site_settings.logo').then((rows) => rows.filter((row) => row.targetId === 'logoDarkUrl')),
    ).toHaveLength(0);
  });
});

describe('tariffs (Tarifs)', () => {
  it('are public, default to the specification’s figures, and refuse a negative tariff under its field', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/tariffs' });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-cache');
    expect(read.json()).toEqual(DEFAULT_TARIFFS);

    const refused = await admin.agent.put('/api/admin/tariffs', {
      ...DEFAULT_TARIFFS,
      driverEliteMonthly: -1,
      transporterAnnual: 'gratuit',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      driverEliteMonthly: TARIFF_ERROR,
      transporterAnnual: TARIFF_ERROR,
    });
    const missing = await admin.agent.put('/api/admin/tariffs', { driverFreemium: 0 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.driverPremiumMonthly).toBe(TARIFF_ERROR);
    expect((await t.app.inject({ method: 'GET', url: '/api/tariffs' })).json()).toEqual(DEFAULT_TARIFFS);
  });

  it('a change reaches the public read and the plan prices at once, with its journal line', async () => {
    const changed = { ...DEFAULT_TARIFFS, driverPremiumMonthly: 12.5, transporterAnnual: 799 };
    const saved = await admin.agent.put('/api/admin/tariffs', changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(changed);
    expect((await t.app.inject({ method: 'GET', url: '/api/tariffs' })).json()).toEqual(changed);
    expect(await readTariffs(t.db)).toEqual(changed);
    // The tariffs are not in the record of public settings (their own route serves them, typed).
    expect(await publicSettings()).not.toHaveProperty('tariffs');

    const [line] = await logsOf('tariffs.update');
    expect(line).toMatchObject({ targetType: 'site_settings', targetId: 'tariffs' });
    expect(line!.details).toEqual({
      keys: ['driverPremiumMonthly', 'transporterAnnual'],
      changes: {
        driverPremiumMonthly: { from: 14.9, to: 12.5 },
        transporterAnnual: { from: 741.58, to: 799 },
      },
    });

    // Billing follows: a plan asked for now is priced at the new tariff (what the invoice and Stripe use).
    const driver = await createUser(t.db, { userType: 'driver' });
    const asked = await (
      await agentFor(t, driver.id)
    ).post('/api/billing/checkout', {
      plan: 'premium',
      interval: 'month',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const requests = (await admin.agent.get('/api/admin/subscriptions')).json().requests as Array<{
      user: { id: string };
      price: { amount: string };
    }>;
    expect(requests.find((row) => row.user.id === driver.id)?.price.amount).toBe('12.50');

    // Back to the defaults (the setting row stays, with the specification's figures).
    expect((await admin.agent.put('/api/admin/tariffs', DEFAULT_TARIFFS)).statusCode).toBe(200);
    const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.key, 'tariffs'));
    expect(row).toMatchObject({ isPublic: false });
    expect(JSON.parse(row!.value!)).toEqual(DEFAULT_TARIFFS);
  });

  it('refuses a fraction of a cent, even one too small for a loose check (0.000000001 €)', async () => {
    for (const amount of [1e-9, 14.9000001, 0.005]) {
      const refused = await admin.agent.put('/api/admin/tariffs', {
        ...DEFAULT_TARIFFS,
        driverPremiumMonthly: amount,
      });
      expect(refused.statusCode, String(amount)).toBe(400);
      expect(refused.json().errors).toEqual({ driverPremiumMonthly: 'Deux décimales au plus' });
    }
    // Amounts of whole cents, however the decimal reads in binary, are taken as typed.
    const fine = { ...DEFAULT_TARIFFS, driverPremiumMonthly: 0.07, driverEliteMonthly: 19.99 };
    const saved = await admin.agent.put('/api/admin/tariffs', fine);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(fine);
    expect((await admin.agent.put('/api/admin/tariffs', DEFAULT_TARIFFS)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/tariffs' })).json()).toEqual(DEFAULT_TARIFFS);
  });
});
