import {
  acceptCookies,
  registerCompanyByApi,
  registerDriverByApi,
  transporterAndApplicant,
  uniqueEmail,
} from './helpers.js';
import { expect, test, type Page } from '@playwright/test';

const WIDTHS = [360, 390, 768, 1440];

/** Soft: one run lists every page and width that overflows. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  await expect(page.locator('main')).toBeVisible();
  // Whatever loads after the first paint (lists, threads) is in place before measuring.
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(overflow, label).toBeLessThanOrEqual(0);
}

test('no sideways scrolling from 360 px to 1440 px', async ({ page }) => {
  await acceptCookies(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/', '/pricing', '/login', '/register', '/privacy', '/explorer']) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, `${path} at ${width}px`);
    }
  }
});

test('signed-in pages fit a 360 px phone, even with a long e-mail address', async ({ page }) => {
  await acceptCookies(page);
  await registerDriverByApi(page.request, uniqueEmail('une-adresse-vraiment-tres-longue-pour-un-telephone'));
  await page.setViewportSize({ width: 360, height: 800 });
  for (const path of ['/dashboard', '/messages', '/pricing', '/parametres', '/profile']) {
    await page.goto(path);
    await expectNoSidewaysScroll(page, path);
  }
});

test('long titles, names, addresses and unbroken words never make a page scroll sideways', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const unbroken = 'Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
  const { transporter, driver, missionId, transporterId, driverId, write } = await transporterAndApplicant(
    browser,
    { width: 390, height: 844 },
    {
      title: `Semi frigo Rungis → Lyon, départ demain 6h ${unbroken}`,
      description: `Palettes de produits frais, quai 12. ${unbroken}`,
      pickupAddress: `Marché d'intérêt national, 1 Rue de la Tour, Bâtiment ${unbroken}, 94150 Rungis`,
      deliveryAddress: `Plateforme logistique des Transports Réunis du Grand Lyon, 69960 Corbas`,
      vehicleType: 'semi_frigorifique',
      price: '450',
      cargoType: `Frais ${unbroken}`,
    },
  );
  const longName = `Jean-Baptiste Maximilien ${unbroken}`;
  for (const [page, fields] of [
    [driver, { fullName: longName, phone: '06 12 34 56 78' }],
    [transporter, { fullName: longName, phone: '06 98 76 54 32', companyName: `Transports ${unbroken}` }],
  ] as const) {
    const saved = await page.request.put('/api/profile', { data: fields });
    expect(saved.status()).toBe(200);
  }
  await write(`Bonjour, voici le lien https://exemple.fr/${unbroken}/${unbroken} et ${unbroken}`);
  const driverPages = [
    '/dashboard',
    '/missions',
    `/mission/${missionId}`,
    '/messages',
    `/messages?avec=${transporterId}&mission=${missionId}`,
    '/alerts',
    `/profile/${transporterId}`,
    '/mission-history',
  ];
  const transporterPages = [
    '/dashboard',
    '/missions',
    `/mission/${missionId}`,
    `/messages?avec=${driverId}&mission=${missionId}`,
    `/profile/${driverId}`,
  ];
  for (const width of WIDTHS) {
    for (const [page, paths] of [
      [driver, driverPages],
      [transporter, transporterPages],
    ] as const) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of paths) {
        await page.goto(path);
        await expectNoSidewaysScroll(page, `${path} at ${width}px`);
      }
    }
  }
});
