import { devices, expect, test } from '@playwright/test';
import {
  CARD,
  daysAgo,
  filterQueue,
  pdfFile,
  pngFile,
  queueItem,
  registerNamedDriver,
  selected,
  signInAdmin,
  uploadDocument,
} from './admin-helpers.js';
import { expectNoAxeViolations } from './axe.js';
import { publishMissionByApi, registerCompanyByApi, registerDriverByApi } from './helpers.js';

// A desktop browser, on the phone project's worker and server: it has room while the desktop one runs the
// browser-wide specs (playwright.config.ts); axe judges the markup, the viewport is the desktop's.
test.use({ ...devices['Desktop Chrome'] });

/** Accessibility of the documents screens, the driver's and the admin's, in both themes (desktop: axe judges the
 * markup, one viewport is enough; the phone project ignores a11y*.spec.ts). */

test('axe finds no accessibility violation on /documents and a mission the papers close (both themes)', async ({
  page,
  request,
}) => {
  await registerCompanyByApi(request);
  const missionId = await publishMissionByApi(request, {
    title: 'Citerne Fos Lyon',
    pickupAddress: '13270 Fos-sur-Mer',
    deliveryAddress: '69007 Lyon',
    vehicleType: 'porteur',
    price: '640',
    requiredDocuments: ['permis', 'carte_conducteur', 'fimo_fco'],
  });
  await registerDriverByApi(page.request);
  await uploadDocument(
    page.request,
    { type: 'permis', number: '12AB34567', expiresAt: '2031-06-30', categories: 'CE' },
    await pdfFile('Permis de conduire'),
    'application/pdf',
  );
  for (const theme of ['dark', 'light'] as const) {
    await page.addInitScript((value) => {
      window.localStorage.setItem('theme', value);
      window.localStorage.setItem('cookie-consent', 'accepted');
    }, theme);
    for (const path of ['/documents', `/mission/${missionId}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, `${path} (${theme})`);
    }
  }
});

test('axe finds no accessibility violation on the back-office screens (both themes)', async ({ browser }) => {
  test.setTimeout(120_000);
  const driverName = `Lucie Routier ${Date.now().toString(36)}`;
  const driverContext = await browser.newContext();
  const { id: driverId } = await registerNamedDriver(driverContext.request, driverName);
  await uploadDocument(
    driverContext.request,
    { type: 'permis', number: '456', expiresAt: '2031-06-30', categories: 'C,CE' },
    await pdfFile('Permis de conduire'),
    'application/pdf',
  );
  await uploadDocument(
    driverContext.request,
    { type: 'carte_conducteur', number: 'Y', issuedAt: daysAgo(30) },
    await pngFile('Carte de conducteur'),
    'image/png',
  );
  await driverContext.close();

  for (const theme of ['dark', 'light'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript((value) => {
      window.localStorage.setItem('theme', value);
      window.localStorage.setItem('cookie-consent', 'accepted');
    }, theme);
    await signInAdmin(page.request);
    const scan = (what: string) => expectNoAxeViolations(page, `${what} (${theme})`);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Accueil', level: 1 })).toBeVisible();
    await scan('/admin');
    await page.goto('/admin/documents');
    await filterQueue(page, 'En attente', CARD);
    await queueItem(page, driverName).click();
    await expect(
      selected(page).getByRole('img', { name: `Aperçu : ${CARD} de ${driverName}` }),
    ).toBeVisible();
    await scan('/admin/documents');
    await selected(page).getByRole('button', { name: 'Refuser' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refuser le document' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    await scan('refusal dialog');
    await page.keyboard.press('Escape');
    await page.goto('/admin/chauffeurs');
    await expect(page.getByRole('link').filter({ hasText: driverName })).toBeVisible();
    await scan('/admin/chauffeurs');
    await page.goto(`/admin/chauffeurs/${driverId}`);
    await page.getByRole('button', { name: 'Examiner : Permis de conduire' }).click();
    await scan('/admin/chauffeurs/:id');
    await context.close();
  }
});
