import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, openMenu, shootBothThemes } from './helpers.js';

/**
 * The demo (decision 022), the transporter's door, on a phone (the driver's is on a desktop: demo.spec.ts): a
 * dispatcher chooses a driver among the applications waiting, then « Réinitialiser » puts them back.
 */

/** The open mission of the data set with three drivers' applications waiting. */
const WAITING = /Livraison frigo Villefranche-sur-Saône → Lesquin/;

async function openWaitingMission(page: Page) {
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Missions', exact: true }).click();
  await page.getByRole('link', { name: WAITING }).click();
  await expect(page).toHaveURL(/\/mission\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(WAITING);
}

test('the transporter door, on a phone: an application accepted, then a reset brings the data back', async ({
  page,
}) => {
  await acceptCookies(page);
  await page.goto('/demo');
  await shootBothThemes(page, 'demo-page');
  await page.getByRole('button', { name: 'Essayer en tant que transporteur' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByRole('region', { name: 'Mode démo' });
  await expect(banner.getByText('MODE DÉMO')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonjour Camille');
  await expect(page.getByRole('heading', { name: 'Activité récente' })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Chiffres clés' });
  await expect(figures.getByText(/^Candidatures? à traiter$/)).toBeVisible();
  await shootBothThemes(page, 'demo-banner-dashboard', false);
  // The banner's three actions fit the narrowest phone.
  await page.setViewportSize({ width: 360, height: 780 });
  for (const name of ['Réinitialiser', 'Créer un compte', 'Quitter'])
    await expect(banner.getByRole('button', { name })).toBeInViewport();
  await shootBothThemes(page, 'demo-banner-360', false);

  // Three drivers wait for an answer on tomorrow's urgent run: the first one is chosen.
  await openWaitingMission(page);
  const choose = page.getByRole('button', { name: 'Retenir ce chauffeur' });
  await expect(choose).toHaveCount(3);
  await choose.first().click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Retenir ce chauffeur' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(/^Chauffeur retenu : /)).toBeVisible();
  await expect(choose).toHaveCount(0);

  // « Réinitialiser »: the toast, and the applications waiting again.
  await banner.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(page.getByText('Données réinitialisées', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Les données de démonstration ont été réinitialisées avec succès', { exact: true }),
  ).toBeVisible();
  await openWaitingMission(page);
  await expect(page.getByRole('button', { name: 'Retenir ce chauffeur' })).toHaveCount(3);
  await expect(page.getByText(/^Chauffeur retenu : /)).toHaveCount(0);
});

test('a shared link /demo/login?role=chauffeur opens the driver demo without a click', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/demo/login?role=chauffeur');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Mode démo' })).toBeVisible();
  const me = (await (await page.request.get('/api/demo/me')).json()) as { role: string; isDemo: boolean };
  expect(me).toMatchObject({ role: 'driver', isDemo: true });
});
