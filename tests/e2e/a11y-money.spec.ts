import { devices, expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { registerCompanyByApi, registerDriverByApi } from './helpers.js';
import { completedMission } from './money-helpers.js';

// A desktop browser, on the phone project's worker and server: it has room while the desktop one runs the
// browser-wide specs (playwright.config.ts); axe judges the markup, the viewport is the desktop's.
test.use({ ...devices['Desktop Chrome'] });

/**
 * Accessibility of the money screens in both themes (desktop: axe judges the markup, one viewport is enough; run
 * once, by the phone project's worker): the payment page with its billing form and dialogs, the wallet with its
 * chart, table and operations.
 */
test('axe finds no accessibility violation on /mission/:id/payment and /wallet (both themes)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const transporterContext = await browser.newContext();
  const driverContext = await browser.newContext();
  const transporter = await transporterContext.newPage();
  const driver = await driverContext.newPage();
  await registerCompanyByApi(transporter.request);
  await registerDriverByApi(driver.request);
  const missionId = await completedMission(transporter, driver, {
    title: 'Porteur Fos → Lyon',
    pickupAddress: '13270 Fos-sur-Mer',
    deliveryAddress: '69007 Lyon',
    vehicleType: 'porteur',
    price: '45',
    pricingType: 'hourly',
    engagementType: 'independent',
    paymentTerms: '15_days',
  });
  // The carrier's VAT regime is known (the amount is final), so the transporter may declare the payment.
  const details = await driver.request.put('/api/billing/details', {
    data: { billingAddress: '5 quai du Rhône, 69007 Lyon', vatRegime: 'franchise' },
  });
  expect(details.status()).toBe(200);
  for (const theme of ['dark', 'light'] as const) {
    for (const page of [driver, transporter]) {
      await page.addInitScript((value) => {
        window.localStorage.setItem('theme', value);
        window.localStorage.setItem('cookie-consent', 'accepted');
      }, theme);
    }
    const scan = (page: typeof driver, what: string) => expectNoAxeViolations(page, `${what} (${theme})`);

    // The driver's payment page, its billing form open, then with the form's errors shown.
    await driver.goto(`/mission/${missionId}/payment`);
    await expect(driver.getByRole('heading', { name: 'Règlement de la mission', level: 1 })).toBeVisible();
    await expect(driver.getByLabel('Numéro SIRET')).toBeVisible();
    await scan(driver, 'payment, driver, billing form');
    await driver.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(driver.getByText('Acceptez le mandat de facturation', { exact: false })).toBeVisible();
    await scan(driver, 'payment, driver, billing form errors');
    await driver.getByRole('button', { name: 'Contester' }).click();
    await expect(driver.getByRole('dialog', { name: 'Contester le paiement' })).toBeVisible();
    await scan(driver, 'dispute dialog');
    await driver.keyboard.press('Escape');

    // The transporter's page and its dialog.
    await transporter.goto(`/mission/${missionId}/payment`);
    await expect(transporter.getByRole('button', { name: 'Marquer comme payé' })).toBeVisible();
    await scan(transporter, 'payment, transporter');
    await transporter.getByRole('button', { name: 'Marquer comme payé' }).click();
    await expect(transporter.getByRole('dialog', { name: 'Marquer comme payé' })).toBeVisible();
    await scan(transporter, 'mark paid dialog');
    await transporter.keyboard.press('Escape');

    // Both wallets, the table shown.
    for (const page of [driver, transporter]) {
      await page.goto('/wallet');
      await expect(page.locator('.wallet-chart canvas')).toBeVisible();
      await scan(page, '/wallet');
      await page.getByRole('button', { name: 'Voir le tableau' }).click();
      await expect(page.getByRole('table')).toBeVisible();
      await scan(page, '/wallet with its table');
    }
  }
  await transporterContext.close();
  await driverContext.close();
});
