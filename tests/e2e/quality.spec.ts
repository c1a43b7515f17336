import { registerDriverByApi, uniqueEmail } from './helpers.js';
import { expect, test } from '@playwright/test';

test('no sideways scrolling from 360 px to 1440 px', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/', '/pricing', '/login', '/register', '/privacy']) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
    }
  }
});

test('signed-in pages fit a 360 px phone, even with a long e-mail address', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  await registerDriverByApi(page.request, uniqueEmail('une-adresse-vraiment-tres-longue-pour-un-telephone'));
  await page.setViewportSize({ width: 360, height: 800 });
  for (const path of ['/dashboard', '/messages', '/pricing']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
