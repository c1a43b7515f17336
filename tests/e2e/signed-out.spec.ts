import { expect, test } from '@playwright/test';
import { watchForProblems } from './helpers.js';

/** The public pages a visitor opens first (docs/specification.md §2), and the landing page again with consent. */
const PAGES = ['/', '/login', '/register', '/pricing', '/explorer', '/demo', '/privacy'];

test('signed-out pages make no failed request and log no console error (decision 038)', async ({ page }) => {
  const { problems, requested } = watchForProblems(page);
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    // Every call the page makes on its own has been answered (the current user's above all).
    await page.waitForLoadState('networkidle');
  }
  // The same, once the visitor has accepted the cookies (the audience beacon then runs).
  await page.getByRole('button', { name: 'Accepter tous les cookies' }).click();
  await page.goto('/');
  await page.waitForLoadState('networkidle');

  expect(problems).toEqual([]);
  // The pages did ask who is signed in: the answer, not the absence of the question, kept them clean.
  expect(requested.filter((path) => path === '/api/auth/me').length).toBeGreaterThanOrEqual(PAGES.length);
});
