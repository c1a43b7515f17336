import { expect, test } from '@playwright/test';
import { acceptCookies } from './helpers.js';

// The service worker runs in this file (the service worker is what this file tests); playwright.config.ts blocks it elsewhere.
test.use({ serviceWorkers: 'allow' });

test('the manifest makes Relais installable (lang fr, icons 192 and 512, maskable)', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ lang: 'fr', short_name: 'Relais', display: 'standalone', start_url: '/' });
  const sizes = manifest.icons.map(
    (icon: { sizes: string; purpose?: string }) => `${icon.sizes}:${icon.purpose ?? 'any'}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  const icon = await request.get('/icons/icon-192x192.png');
  expect(icon.headers()['content-type']).toBe('image/png');
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('the service worker registers; with the network cut the app shows /offline, and recovers', async ({
  page,
  context,
}) => {
  await acceptCookies(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The worker installs on the first interaction once the app runs (or 10 s after that).
  await expect(page.getByRole('button', { name: 'Passer au thème clair' }).first()).toBeEnabled();
  await page.keyboard.press('Tab');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Pas de réseau pour le moment' })).toBeVisible();
  await page.goto('/offline');
  await expect(page.getByRole('heading', { name: 'Pas de réseau pour le moment' })).toBeVisible();

  await context.setOffline(false);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Une mission demain matin');
});
