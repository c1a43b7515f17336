import { devices, expect, test } from '@playwright/test';
import { registerNamedDriver, signInAdmin } from './admin-helpers.js';
import { expectNoAxeViolations } from './axe.js';

// A desktop browser, on the phone project's worker and server: it has room while the desktop one runs the
// browser-wide specs (playwright.config.ts); axe judges the markup, the viewport is the desktop's.
test.use({ ...devices['Desktop Chrome'] });

/** Accessibility of the plan screens, the member's and the administrator's, in both themes (desktop only, like the
 * other a11y*.spec.ts: axe judges the markup, one viewport is enough). */

test('axe finds no accessibility violation on the plan screens (both themes)', async ({ browser }) => {
  // Several axe scans; beside the whole suite on a 2-core machine they took over two minutes.
  test.setTimeout(240_000);
  const driverName = `Inès Formule ${Date.now().toString(36)}`;
  const driverContext = await browser.newContext();
  const { email } = await registerNamedDriver(driverContext.request, driverName);
  const asked = await driverContext.request.post('/api/billing/checkout', {
    data: { plan: 'elite', interval: 'year' },
  });
  expect(asked.status(), await asked.text()).toBeLessThan(300);

  for (const theme of ['dark', 'light'] as const) {
    const driver = await driverContext.newPage();
    await driver.addInitScript((value) => {
      window.localStorage.setItem('theme', value);
      window.localStorage.setItem('cookie-consent', 'accepted');
    }, theme);
    await driver.goto('/driver/subscription');
    await expect(driver.getByRole('region', { name: 'Demande en cours' })).toBeVisible();
    await expectNoAxeViolations(driver, `/driver/subscription (${theme})`);
    await driver.getByRole('button', { name: 'Annuler la demande' }).click();
    await expect(driver.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolations(driver, `withdraw dialog (${theme})`);
    await driver.keyboard.press('Escape');
    await driver.goto('/pricing');
    await expect(driver.getByRole('link', { name: 'Votre formule' })).toBeVisible();
    await expectNoAxeViolations(driver, `/pricing signed in (${theme})`);
    await driver.close();

    const context = await browser.newContext();
    const admin = await context.newPage();
    await admin.addInitScript((value) => {
      window.localStorage.setItem('theme', value);
      window.localStorage.setItem('cookie-consent', 'accepted');
    }, theme);
    await signInAdmin(admin.request);
    await admin.goto('/admin/abonnements');
    await admin.getByLabel('Rechercher un membre').fill(email);
    const requests = admin.getByRole('region', { name: /Demandes en attente/ });
    await expect(requests.getByRole('listitem')).toHaveCount(1);
    await expectNoAxeViolations(admin, `/admin/abonnements (${theme})`);
    await requests.getByRole('button', { name: `Activer : ${driverName}, Elite Chauffeur` }).click();
    await expect(admin.getByRole('dialog', { name: 'Activer une formule' })).toBeVisible();
    await expectNoAxeViolations(admin, `activate dialog (${theme})`);
    await context.close();
  }
  await driverContext.close();
});
