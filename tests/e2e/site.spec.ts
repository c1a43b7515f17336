import { expect, test } from '@playwright/test';
import { acceptCookies, isPhone, registerDriverByApi } from './helpers.js';

test('the landing page has every section of docs/specification.md §2, with its links', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Une mission demain matin');
  for (const heading of [
    'Pourquoi choisir Relais',
    'Tout ce qu’il faut pour rouler sereinement',
    'Un espace pour chacun',
    'Comment ça marche',
    'Ils roulent avec Relais',
    'Tarifs simples',
    'Questions fréquentes',
    'Prêt à prendre la route ?',
  ]) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.locator('figure')).toHaveCount(6);
  await expect(page.locator('details')).toHaveCount(8);
  await expect(page.getByText('Relais ne prend aucune commission', { exact: false })).toHaveCount(1);
  for (const href of ['/register', '/explorer', '/login', '/pricing', '/demo']) {
    expect(await page.locator(`main a[href="${href}"]`).count(), href).toBeGreaterThan(0);
  }
});

test('pricing shows the 4 plans with monthly, annual and saving in French format', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/pricing');
  const plans = page.getByRole('article');
  await expect(plans).toHaveCount(4);
  await expect(page.getByRole('article', { name: 'Freemium' })).toContainText('Le plus populaire');
  const premium = page.getByRole('article', { name: 'Premium Chauffeur' });
  await expect(premium).toContainText(/14,90\s€/);
  await expect(premium).toContainText(/149,00\s€ \/ an/);
  await expect(premium).toContainText(/29,80\s€ d'économie/);
  await expect(page.getByRole('article', { name: 'Elite Chauffeur' })).toContainText(/49,80\s€ d'économie/);
  // The transport companies' plan before VAT, the VAT and the price with it beside (decision 041).
  const transporter = page.getByRole('article', { name: 'Transporteur' });
  await expect(transporter).toContainText(/74,92\s€\sHT \/ mois/);
  await expect(transporter).toContainText(/TVA 20\s%\s: 14,98\s€ · 89,90\s€\sTTC/);
  await expect(transporter).toContainText(/741,58\s€\sHT \/ an \(889,90\s€\sTTC\)/);
  await expect(transporter).toContainText(/157,46\s€\sHT d'économie/);
  await expect(premium).toContainText('TVA incluse');
});

test('theme and cookie choices survive a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  const banner = page.getByRole('region', { name: 'Cookies' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Refuser les cookies non essentiels' }).click();
  await expect(banner).toHaveCount(0);
  await page.getByRole('button', { name: 'Passer au thème clair' }).first().click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
  expect(
    await page.evaluate(() => [localStorage.getItem('theme'), localStorage.getItem('cookie-consent')]),
  ).toEqual(['light', 'rejected']);
});

test('the sidebar collapses, remembers it in sidebar_state and answers Ctrl+B; on a phone it is a drawer', async ({
  page,
}) => {
  await acceptCookies(page);
  await registerDriverByApi(page.request);
  await page.goto('/dashboard');
  if (isPhone(page)) {
    await expect(page.getByTestId('sidebar-drawer')).toHaveCount(0);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.getByTestId('sidebar-drawer')).toBeVisible();
    await page.getByTestId('sidebar-drawer').getByRole('link', { name: 'Portefeuille' }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByTestId('sidebar-drawer')).toHaveCount(0);
    return;
  }
  const sidebar = page.locator('aside[data-state]');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.getByRole('button', { name: /Replier le menu/ }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(604800 - 60);
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
});

test('the public header hides when scrolling down and comes back on the way up', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/');
  const header = page.locator('header').first();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Prerendered: the scroll listener exists once the page is hydrated (the theme toggle turns enabled).
  await expect(page.getByRole('button', { name: 'Passer au thème clair' }).first()).toBeEnabled();
  await page.mouse.move(600, 400);
  await page.mouse.wheel(0, 900);
  await expect(header).toHaveAttribute('data-hidden', 'true');
  await expect(page.getByRole('button', { name: 'Revenir en haut de la page' })).toBeVisible();
  // Scrolling back up a little, as a thumb does, brings the header back.
  await expect(async () => {
    await page.mouse.wheel(0, -120);
    await expect(header).toHaveAttribute('data-hidden', 'false', { timeout: 400 });
  }).toPass({ timeout: 6000 });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
});

test('an unknown API path answers JSON; a deep link serves the app', async ({ page, request }) => {
  const api = await request.get('/api/rien-ici');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ message: 'Ressource introuvable' });
  const response = await page.goto('/mentions-legales');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Mentions légales' })).toBeVisible();
});

test('public pages arrive prerendered, with their submit buttons off until the app takes over', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/login')).text();
  expect(html).toContain('<h1 class="text-2xl font-extrabold tracking-tight">Connexion</h1>');
  // A form sent before hydration would be a native GET with the password in the URL.
  expect(html).toMatch(/<fieldset disabled=""[^>]*>(?:(?!<\/fieldset>).)*<button[^>]*type="submit"/s);
  expect(html).not.toMatch(
    /<script(?![^>]*src=)(?![^>]*type="module")[^>]*>(?!\(function\(\)\{var c=document)/,
  );
  await acceptCookies(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
});

test('hydration adopts the prerendered HTML instead of rendering the page again', async ({ page }) => {
  await acceptCookies(page);
  // Remember elements of the HTML as it arrived, before the app runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const marks = ['h1', 'main details', 'main section:last-of-type a', 'header', 'main form, main p'];
      (window as unknown as { marks: Array<[string, Element | null]> }).marks = marks.map((selector) => [
        selector,
        document.querySelector(selector),
      ]);
    });
  });
  for (const [path, hydrated] of [
    ['/', 'Passer au thème clair'],
    ['/login', 'Se connecter'],
    ['/pricing', 'Passer au thème clair'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: hydrated }).first()).toBeEnabled();
    // Let the session check answer too: an update reaching a boundary still hydrating used to discard it.
    await page.waitForLoadState('networkidle');
    const replaced = await page.evaluate(() =>
      (window as unknown as { marks: Array<[string, Element | null]> }).marks
        .filter(([selector, element]) => element && document.querySelector(selector) !== element)
        .map(([selector]) => selector),
    );
    expect(replaced, path).toEqual([]);
  }
  // Links of the landing page's static sections still navigate within the app, without a reload.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Passer au thème clair' }).first()).toBeEnabled();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('link', { name: 'Voir les tarifs' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // …and the new page opens at its top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
});
