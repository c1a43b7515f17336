import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAdmin } from './admin-helpers.js';
import { shootBothThemes } from './helpers.js';

/**
 * Site analytics (decision 020), as a visitor's browser does it: the banner's choice decides what the beacons carry,
 * the server keeps only anonymous counts without consent, and nothing ever leaves for another site.
 */

interface Overview {
  totals: { pageViews: number; visits: number; uniqueVisitors: number; sessions: number };
}

async function overview(request: APIRequestContext): Promise<Overview> {
  const response = await request.get('/api/admin/analytics/overview');
  expect(response.status()).toBe(200);
  return (await response.json()) as Overview;
}

/** The figures once nothing arrives any more (beacons of earlier pages, the 2 s flush of the server). */
async function settled(request: APIRequestContext): Promise<Overview> {
  let previous = await overview(request);
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const current = await overview(request);
    if (JSON.stringify(current.totals) === JSON.stringify(previous.totals)) return current;
    previous = current;
  }
  return previous;
}

interface Beacon {
  consent: boolean;
  visitorId?: string;
  sessionId?: string;
  events: Array<{ type: string; path: string }>;
}

/** Every request the page makes, and the beacons among them. */
function watch(page: Page, origin: string) {
  const foreign: string[] = [];
  const beacons: Beacon[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
    if (url.endsWith('/api/analytics/collect'))
      beacons.push(JSON.parse(request.postData() ?? '{}') as Beacon);
  });
  return { foreign, beacons };
}

/** A move inside the app, as a link does it (wouter follows history.pushState). */
async function go(page: Page, path: string) {
  await page.evaluate((to) => history.pushState(null, '', to), path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await page.waitForLoadState('domcontentloaded');
}

/** What the tracker holds leaves now (it sends on pagehide as on a timer). */
async function sendNow(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
}

test('a visitor who refuses cookies is only counted anonymously', async ({ page, request, baseURL }) => {
  await signInAdmin(request);
  const before = await settled(request);
  const seen = watch(page, baseURL!);

  await page.goto('/');
  await page.getByRole('button', { name: 'Refuser les cookies non essentiels' }).click();
  await go(page, '/pricing');
  await go(page, '/cgu-cgv');
  await sendNow(page);

  // A page view queued after the forced send leaves with the tracker's own 5-second timer.
  await expect
    .poll(() => seen.beacons.flatMap((b) => b.events).length, { timeout: 12_000 })
    .toBeGreaterThanOrEqual(3);
  for (const beacon of seen.beacons) {
    expect(beacon.consent).toBe(false);
    expect(beacon.visitorId).toBeUndefined();
    expect(beacon.sessionId).toBeUndefined();
  }
  expect(
    await page.evaluate(() => [
      localStorage.getItem('relais-visitor'),
      sessionStorage.getItem('relais-session'),
    ]),
  ).toEqual([null, null]);

  await expect
    .poll(async () => (await overview(request)).totals.pageViews - before.totals.pageViews, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(3);
  const after = await settled(request);
  expect(after.totals.visits).toBe(before.totals.visits);
  expect(after.totals.sessions).toBe(before.totals.sessions);
  expect(after.totals.uniqueVisitors).toBe(before.totals.uniqueVisitors);
  expect(seen.foreign).toEqual([]);
});

test('a visitor who accepts is measured with a session and visits, and can change their mind', async ({
  page,
  request,
  baseURL,
}) => {
  await signInAdmin(request);
  const before = await settled(request);
  const seen = watch(page, baseURL!);

  await page.goto('/');
  await page.getByRole('button', { name: 'Accepter tous les cookies' }).click();
  await go(page, '/pricing');
  await go(page, '/mentions-legales');
  await sendNow(page);

  await expect
    .poll(() => seen.beacons.filter((b) => b.consent).flatMap((b) => b.events).length, { timeout: 12_000 })
    .toBeGreaterThanOrEqual(2);
  const withConsent = seen.beacons.filter((b) => b.consent);
  const visitorId = await page.evaluate(() => localStorage.getItem('relais-visitor'));
  expect(visitorId).toBeTruthy();
  expect(withConsent.every((b) => b.visitorId === visitorId && b.sessionId)).toBe(true);

  await expect
    .poll(
      async () => {
        const now = (await overview(request)).totals;
        return [now.sessions - before.totals.sessions >= 1, now.visits - before.totals.visits >= 2];
      },
      { timeout: 15_000 },
    )
    .toEqual([true, true]);
  const now = (await overview(request)).totals;
  expect(now.uniqueVisitors).toBeGreaterThan(before.totals.uniqueVisitors);
  expect(now.pageViews - before.totals.pageViews).toBeGreaterThanOrEqual(3);

  // /privacy: « Gérer les cookies » asks again; refusing deletes the ids.
  await go(page, '/privacy');
  await expect(page.getByRole('heading', { name: 'Cookies' })).toBeVisible();
  const manage = page.getByRole('button', { name: 'Gérer les cookies' });
  await manage.scrollIntoViewIfNeeded();
  await shootBothThemes(page, 'privacy-cookies', false);
  await manage.click();
  const refuse = page.getByRole('button', { name: 'Refuser les cookies non essentiels' });
  await expect(refuse).toBeVisible();
  await refuse.click();
  await expect(refuse).toBeHidden();
  expect(
    await page.evaluate(() => [
      localStorage.getItem('relais-visitor'),
      sessionStorage.getItem('relais-session'),
      localStorage.getItem('cookie-consent'),
    ]),
  ).toEqual([null, null, 'rejected']);
  const count = seen.beacons.length;
  await go(page, '/pricing');
  await sendNow(page);
  // The page view is queued by an effect after the address changes; if it comes after the forced send, the
  // tracker's own 5-second timer sends it.
  await expect.poll(() => seen.beacons.length, { timeout: 12_000 }).toBeGreaterThan(count);
  expect(seen.beacons.slice(count).every((b) => !b.consent && !b.visitorId)).toBe(true);
  expect(seen.foreign).toEqual([]);
});
