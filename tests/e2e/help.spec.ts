import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import {
  acceptCookies,
  isPhone,
  openMenu,
  registerCompanyByApi,
  registerDriverByApi,
  shootBothThemes,
} from './helpers.js';

test.beforeEach(async ({ page }) => acceptCookies(page));

test('a driver opens the help from the menu, searches without accents and follows a link into the app', async ({
  page,
}) => {
  await registerDriverByApi(page.request);
  await page.goto('/dashboard');
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Documentation', exact: true }).click();
  await expect(page).toHaveURL(/\/documentation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation chauffeur' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Vos documents et leur validité' })).toBeVisible();
  await expectNoAxeViolations(page, '/documentation');

  const search = page.getByRole('searchbox', { name: 'Rechercher dans l’aide' });
  await search.fill('vehicule');
  const status = page.getByRole('status').filter({ hasText: 'pour « vehicule »' });
  await expect(status).toContainText(/\d+ réponses? pour «\svehicule\s»/);
  await expect(page.getByRole('heading', { level: 3, name: 'Comment chercher une mission ?' })).toBeVisible();
  // Sections without the word are gone.
  await expect(page.getByRole('heading', { level: 2, name: 'Avis et badges' })).toHaveCount(0);

  await search.fill('rappel document');
  const reminders = page.getByRole('article', { name: 'Serai-je prévenu avant qu’un document expire ?' });
  await expect(reminders).toBeVisible();
  await expect(reminders).toContainText('90 jours, 30 jours et 7 jours');
  await shootBothThemes(page, 'help-driver-search');

  await search.fill('zzzyx');
  await expect(page.getByRole('heading', { name: 'Aucune réponse pour « zzzyx »' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Signaler un problème' })).toHaveAttribute(
    'href',
    '/report-bug',
  );
  await expect(page.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);

  await search.fill('documents');
  await page
    .getByRole('article', { name: 'Qui peut voir mes documents ?' })
    .getByRole('link', { name: 'Qui a consulté mes documents' })
    .click();
  await expect(page).toHaveURL(/\/documents#consultations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes documents' })).toBeVisible();
});

test('a link to a section opens the help at that section', async ({ page }) => {
  await registerDriverByApi(page.request);
  await page.goto('/documentation#paiement');
  const section = page.getByRole('region', { name: 'Paiement' });
  await expect(section).toBeInViewport();
  // Both modes are told, and which one this Relais uses (the e2e server runs without Stripe).
  await expect(section).toContainText('Sur ce site, pas de paiement en ligne');
  await expect(section).toContainText('Configurer mes versements');
  await shootBothThemes(page, 'help-driver-guide', !isPhone(page));
});

test('a transporter reads their help on a phone, table of contents folded', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await acceptCookies(page);
  await registerCompanyByApi(page.request);
  await page.goto('/dashboard');
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Documentation', exact: true }).click();
  await expect(page).toHaveURL(/\/transporter-documentation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation transporteur' })).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const contents = page.getByText(/^Sommaire · \d+ rubriques$/);
  await expect(contents).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sommaire' })).toBeHidden();
  await shootBothThemes(page, 'help-transporter-phone', false);
  await contents.click();
  const nav = page.getByRole('navigation', { name: 'Sommaire' });
  await nav.getByRole('link', { name: 'Suivre la livraison' }).click();
  await expect(page).toHaveURL(/#suivre$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Suivre la livraison' })).toBeInViewport();
  await expect(nav).toBeHidden();
  await expectNoAxeViolations(page, '/transporter-documentation (phone)');

  await page.getByRole('searchbox', { name: 'Rechercher dans l’aide' }).fill('vehicule');
  await expect(page.getByRole('heading', { level: 3, name: 'Comment publier une mission ?' })).toBeVisible();
  await shootBothThemes(page, 'help-transporter-search');

  // A transporter opening the drivers' help still reads it, with the way back to their own.
  await page.goto('/documentation');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation chauffeur' })).toBeVisible();
  await page.getByRole('link', { name: 'Documentation transporteur' }).click();
  await expect(page).toHaveURL(/\/transporter-documentation$/);
  await context.close();
});
