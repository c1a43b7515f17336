import { acceptCookies, registerDriverByApi, transporterAndApplicant, uniqueEmail } from './helpers.js';
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

/** Buttons (and links styled as buttons) whose label is cut or spills out of them. */
async function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[class*="rounded-lg"]')]
      .filter((element) => element.getClientRects().length > 0)
      .filter(
        (element) =>
          element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
      )
      .map((element) => element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName),
  );
}

test('no sideways scrolling and no cut button label from 360 px to 1440 px', async ({ page }) => {
  await acceptCookies(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/', '/pricing', '/login', '/register', '/privacy', '/explorer']) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, `${path} at ${width}px`);
      expect.soft(await cutLabels(page), `labels at ${width}px on ${path}`).toEqual([]);
    }
  }
});

test('signed-in pages fit a 360 px phone, even with a long e-mail address', async ({ page }) => {
  await acceptCookies(page);
  await registerDriverByApi(page.request, uniqueEmail('une-adresse-vraiment-tres-longue-pour-un-telephone'));
  await page.setViewportSize({ width: 360, height: 800 });
  for (const path of ['/dashboard', '/messages', '/pricing', '/parametres', '/profile', '/missions']) {
    await page.goto(path);
    await expectNoSidewaysScroll(page, path);
    expect.soft(await cutLabels(page), `labels on ${path}`).toEqual([]);
  }
});

test('long titles, names, addresses and unbroken words never make a page scroll sideways', async ({
  browser,
}) => {
  // Two members, many pages at three widths: beside the whole suite on a 2-core machine, over two minutes.
  test.setTimeout(240_000);
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

/**
 * Every link, button and field can be brought into view and clicked at its centre: no fixed thing (cookie
 * banner, scroll-to-top, install offer, a fixed sidebar's end) stays over it wherever the page is scrolled to.
 */
async function coveredActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    const selector = 'a[href], button, input, select, textarea';
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest('[data-cookie-banner]') || element.getClientRects().length === 0) continue;
      element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      // What sits under the sticky page header is only scrolled past (a sticky header cannot be avoided at the top).
      if (!hit || element.contains(hit) || hit.contains(element) || hit.closest('header')) continue;
      const name = element.textContent?.trim() || element.getAttribute('aria-label');
      covered.push(`${name} (${Math.round(x)},${Math.round(y)}) under ${hit.tagName}.${hit.className}`);
    }
    return covered;
  });
}

test('the cookie banner and other fixed things never cover an action, at any size', async ({ browser }) => {
  test.setTimeout(90_000);
  // No cookie choice made: the banner is up.
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerDriverByApi(page.request);
  for (const viewport of [
    { width: 360, height: 640 },
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
    { width: 1440, height: 700 },
  ]) {
    await page.setViewportSize(viewport);
    for (const path of ['/dashboard', '/parametres', '/messages', '/pricing', '/privacy']) {
      await page.goto(path);
      await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect.soft(await coveredActions(page), `${path} at ${viewport.width}×${viewport.height}`).toEqual([]);
    }
    if (viewport.width >= 768) {
      await page.goto('/dashboard');
      // The sidebar's last action, the one the banner used to hide.
      await page.getByRole('button', { name: 'Déconnexion' }).click({ trial: true });
    }
  }
  await context.close();
});
