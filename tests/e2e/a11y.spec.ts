// Run by the desktop project only (playwright.config.ts): one viewport is enough for axe.
import { expectNoAxeViolations } from './axe.js';
import { expect, test } from '@playwright/test';
import { publishMissionByApi, registerCompanyByApi, registerDriverByApi } from './helpers.js';

const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/login',
  '/register',
  '/explorer',
  '/privacy',
  '/cgu-cgv',
  '/mentions-legales',
  '/installer-pwa',
  '/offline',
  '/verify-email',
  '/admin/setup',
  '/mot-de-passe-oublie',
  '/reinitialiser-mot-de-passe?token=lien-de-demonstration-1234',
  '/confirmer-email',
];

for (const theme of ['dark', 'light'] as const) {
  test(`axe finds no accessibility violation on the public pages (${theme} theme)`, async ({ page }) => {
    // Fifteen axe scans, at the start of the suite while the API suites load the machine: two minutes were not
    // always enough on a 2-core machine.
    test.setTimeout(300_000);
    await page.addInitScript((value) => {
      window.localStorage.setItem('theme', value);
      window.localStorage.setItem('cookie-consent', 'accepted');
    }, theme);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expectNoAxeViolations(page, `${path} (${theme})`);
    }
  });
}

test('axe finds no accessibility violation on the missions screens (both themes)', async ({
  page,
  request,
}) => {
  await registerCompanyByApi(request);
  const missionId = await publishMissionByApi(request, {
    title: 'Citerne Fos-sur-Mer',
    description: 'Chargement au terminal, ADR obligatoire.',
    pickupAddress: '13270 Fos-sur-Mer',
    deliveryAddress: '69007 Lyon',
    vehicleType: 'citerne',
    price: '640',
    requiredDocuments: ['adr'],
    urgency: true,
  });
  await registerDriverByApi(page.request);
  for (const theme of ['dark', 'light'] as const) {
    await page.addInitScript((value) => {
      window.localStorage.setItem('theme', value);
      window.localStorage.setItem('cookie-consent', 'accepted');
    }, theme);
    for (const path of [
      '/dashboard',
      '/missions',
      `/mission/${missionId}`,
      '/mission-history',
      '/profile',
      '/parametres',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, `${path} (${theme})`);
    }
  }
});
