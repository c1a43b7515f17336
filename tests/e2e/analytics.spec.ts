import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import {
  isPhone,
  registerCompanyByApi,
  registerDriverByApi,
  shootBothThemes,
  signedInPage,
} from './helpers.js';
import { completedMission } from './money-helpers.js';

/**
 * Analytics Avancés (/analytics): a newcomer's honest empty page; a driver and a transporter who completed a
 * mission together see their figures, switch the period, open a chart's table and download the CSV.
 */
test('a newcomer sees that there is nothing yet, and where to start', async ({ browser, viewport }) => {
  const driver = await signedInPage(browser, registerDriverByApi, viewport);
  await driver.goto('/analytics');
  await expect(driver.getByRole('heading', { name: 'Analytics Avancés', level: 1 })).toBeVisible();
  await expect(
    driver.getByRole('heading', { name: 'Pas encore de données sur cette période' }),
  ).toBeVisible();
  await expect(driver.getByRole('link', { name: 'Trouver une mission' })).toHaveAttribute(
    'href',
    '/explorer',
  );
  await shootBothThemes(driver, 'analytics-empty');
});

async function csvOf(page: Page): Promise<string> {
  await page.getByText('Exporter en CSV').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Indicateurs de la période' }).click(),
  ]);
  return readFile((await download.path())!, 'utf8');
}

test('a driver and a transporter read their figures, change the period, open a table and export', async ({
  browser,
  viewport,
}) => {
  test.setTimeout(120_000);
  const transporter = await signedInPage(browser, registerCompanyByApi, viewport);
  const driver = await signedInPage(browser, registerDriverByApi, viewport);
  await completedMission(transporter, driver, {
    title: 'Semi Rungis → Lille',
    pickupAddress: 'MIN de Rungis, 94150 Rungis',
    deliveryAddress: '59810 Lesquin',
    vehicleType: 'semi_frigorifique',
    price: '420',
  });

  // ——— The driver ———
  await driver.goto('/analytics');
  await expect(driver.getByRole('heading', { name: 'Analytics Avancés', level: 1 })).toBeVisible();
  await expect(driver.getByTestId('kpi-earnings')).toContainText('420,00');
  await expect(driver.getByTestId('kpi-completed')).toContainText('1');
  await expect(driver.getByTestId('kpi-acceptance')).toContainText('100 %');
  await expect(driver.getByTestId('kpi-acceptance')).toContainText('1 acceptée sur 1 réponse');
  await expect(driver.getByTestId('kpi-rating')).toContainText('Pas encore d’avis publiés sur la période');
  // Nothing the month before: no change to claim, the previous period says so.
  await expect(driver.getByTestId('kpi-earnings')).toContainText('aucune donnée');
  await expect(driver.getByRole('table', { name: /5 transporteurs/ })).toContainText('1');
  await expect(driver.getByRole('heading', { name: 'Gains, semaine par semaine' })).toBeVisible();
  await expect(driver.locator('.uplot')).toHaveCount(2);
  await shootBothThemes(driver, 'analytics-driver');

  // 12 months: month by month; the chart's table on demand.
  await driver.getByText('12 mois', { exact: true }).click();
  await expect(driver).toHaveURL(/\/analytics\?period=12m$/);
  await expect(driver.getByRole('heading', { name: 'Gains, mois par mois' })).toBeVisible();
  const gains = driver.getByRole('region', { name: 'Gains, mois par mois' });
  await gains.getByRole('button', { name: 'Voir le tableau' }).click();
  await expect(gains.getByRole('button', { name: 'Masquer le tableau' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const table = gains.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('row').last()).toContainText('420,00');
  await expect(driver.locator('.uplot')).toHaveCount(2);
  if (!isPhone(driver)) await expectNoAxeViolations(driver, 'analytics, driver, table shown');
  await shootBothThemes(driver, 'analytics-driver-12m');

  const csv = await csvOf(driver);
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv).toContain('Gains HT des missions terminées (€);420,00;;');
  expect(csv).toContain('Missions terminées;1;0;');

  // A custom period checked before asking: the end before the start is refused in French.
  await driver.getByText('Personnalisé', { exact: true }).click();
  await driver.getByLabel('Du', { exact: true }).fill('2026-03-10');
  await driver.getByLabel('Au', { exact: true }).fill('2026-03-01');
  await driver.getByRole('button', { name: 'Afficher' }).click();
  await expect(driver.getByText('La date de fin doit suivre la date de début')).toBeVisible();
  await driver.getByLabel('Au', { exact: true }).fill('2026-03-31');
  await driver.getByRole('button', { name: 'Afficher' }).click();
  await expect(driver.getByText('du 10 mars au 31 mars 2026')).toBeVisible();
  // The period is in the address: a reload (or a shared link) keeps it; a bad one falls back to 30 jours.
  await expect(driver).toHaveURL(/\/analytics\?period=custom&from=2026-03-10&to=2026-03-31$/);
  await driver.reload();
  await expect(driver.getByText('du 10 mars au 31 mars 2026')).toBeVisible();
  await expect(driver.getByLabel('Au', { exact: true })).toHaveValue('2026-03-31');
  await driver.goto('/analytics?period=12m');
  await expect(driver.getByRole('heading', { name: 'Gains, mois par mois' })).toBeVisible();
  await expect(driver.getByRole('radio', { name: '12 mois' })).toBeChecked();
  await driver.goto('/analytics?period=custom&from=2026-03-31&to=nope');
  await expect(driver.getByRole('heading', { name: 'Gains, semaine par semaine' })).toBeVisible();
  await expect(driver.getByRole('radio', { name: '30 jours' })).toBeChecked();

  // ——— The transporter ———
  await transporter.goto('/analytics');
  await expect(transporter.getByTestId('kpi-published')).toContainText('1');
  await expect(transporter.getByTestId('kpi-fill')).toContainText('100 %');
  await expect(transporter.getByTestId('kpi-spend')).toContainText('420,00');
  await expect(transporter.getByTestId('kpi-on-time')).toContainText('100 %');
  await expect(transporter.getByTestId('kpi-driver-rating')).toContainText(
    'Pas encore d’avis publiés sur vos chauffeurs',
  );
  await expect(transporter.getByRole('heading', { name: 'Dépenses, semaine par semaine' })).toBeVisible();
  await expect(transporter.locator('.uplot')).toHaveCount(3);
  if (!isPhone(transporter)) await expectNoAxeViolations(transporter, 'analytics, transporter');
  await shootBothThemes(transporter, 'analytics-transporter');
  const transporterCsv = await csvOf(transporter);
  expect(transporterCsv).toContain('Missions publiées;1;0;');
  expect(transporterCsv).toContain('Taux de missions pourvues;100 %;;');
});
