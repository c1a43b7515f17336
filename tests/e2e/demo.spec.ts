import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { acceptCookies, openMenu, registerDriverByApi, shootBothThemes } from './helpers.js';

/**
 * The demo (decision 022), the driver's door, on a desktop (the transporter's is on a phone: demo-phone.spec.ts). A
 * stranger goes from the landing page to a full Relais in one click, applies, chats with a transporter who answers
 * live, and puts everything back with « Réinitialiser ».
 */

/** The messages that arrive on the page's live connection (/ws), as they arrive. */
function liveMessages(page: Page) {
  const received: Array<{ senderId: string; missionId: string | null; content: string }> = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const event = JSON.parse(String(payload)) as {
        type: string;
        message?: (typeof received)[number];
      };
      if (event.type === 'new-message' && event.message) received.push(event.message);
    }),
  );
  return received;
}

/** In-app navigation (no reload): the menu's entry, whose name may end with its unread badge. */
async function goThroughMenu(page: Page, label: string) {
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: new RegExp(`^${label}`) }).click();
}

/** The driver's applications, as « Mes candidatures » lists them. */
async function myApplications(page: Page) {
  await goThroughMenu(page, 'Missions');
  await page.getByRole('tab', { name: 'Mes candidatures' }).click();
  const panel = page.getByRole('tabpanel');
  // Loaded: the cards, or the empty state (the panel's own heading is there before the list).
  await expect(panel.locator('h3').first().or(panel.getByText('Aucune candidature'))).toBeVisible();
  return panel.locator('h3');
}

test('from the landing page, the driver door opens a living demo; a reset brings its data back', async ({
  page,
}) => {
  await acceptCookies(page);
  const live = liveMessages(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Essayer la démo' }).first().click();
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Essayez Relais en un clic');
  await shootBothThemes(page, 'demo-page');

  // One click, no form: the dashboard of a driver with a history.
  await page.getByRole('button', { name: 'Essayer en tant que chauffeur' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByRole('region', { name: 'Mode démo' });
  await expect(banner.getByText('MODE DÉMO')).toBeVisible();
  await expect(banner.getByText('Données fictives')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonjour Camille');
  await expect(page.getByRole('heading', { name: 'Activité récente' })).toBeVisible();
  // docs/specification.md §4: the demo flag is set, and the data calls go to their /api/demo twins.
  expect(await page.evaluate(() => localStorage.getItem('isDemo'))).toBe('true');
  // No e-mail to confirm: the address is fictional.
  await expect(page.getByRole('region', { name: "Vérification de l'adresse email" })).toHaveCount(0);
  await shootBothThemes(page, 'demo-banner-dashboard', false);

  const applications = await myApplications(page);
  const before = await applications.allTextContents();

  // A mission from the search, and an application.
  await page.getByRole('tab', { name: 'Trouver une mission' }).click();
  const results = page.getByRole('tabpanel').getByRole('article');
  await expect(results.first()).toBeVisible();
  let applied: string | null = null;
  for (let index = 0; applied === null; index++) {
    await results.nth(index).getByRole('link').click();
    await expect(page).toHaveURL(/\/mission\/[0-9a-f-]{36}$/);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
    const apply = page.getByRole('button', { name: 'Postuler à cette mission' });
    if (await apply.isVisible()) {
      await apply.click();
      // The demo driver's calendar has days off (weekends among them): a mission on one of them is confirmed first.
      const dayOff = page.getByRole('alertdialog', { name: 'Vous êtes indisponible ce jour-là' });
      await expect(dayOff.or(page.getByText('Candidature envoyée').first())).toBeVisible();
      if (await dayOff.isVisible()) await dayOff.getByRole('button', { name: 'Postuler quand même' }).click();
      await expect(page.getByText('Candidature envoyée').first()).toBeVisible();
      await expect(page.getByText('En attente', { exact: true })).toBeVisible();
      applied = title;
    } else {
      await page.goBack();
    }
  }
  // Read again when shown (the list in memory is from before): one more, this one.
  const after = await myApplications(page);
  await expect(after).toHaveCount(before.length + 1);
  await expect(after.filter({ hasText: applied! }).first()).toBeVisible();

  // A message to a transporter: the answer comes back live, without a reload.
  await goThroughMenu(page, 'Messages');
  // The transporter of the trip under way.
  const conversation = page.getByRole('link', { name: /Rhône Fret Logistique.*Châteaurenard → Corbas/ });
  await conversation.click();
  const thread = page.getByRole('region', { name: /Conversation avec/ });
  const history = thread.locator('ol > li p:first-child');
  await expect(history.first()).toBeVisible();
  const original = await history.allTextContents();
  const mine = 'Bonjour, à quelle heure se fait le chargement demain ?';
  await page.getByLabel('Votre message').fill(mine);
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  // In the thread's history (until the draft clears, the text box holds the same words).
  await expect(history.filter({ hasText: mine })).toBeVisible();
  // The transporter of this conversation answers, on the live connection (the acknowledgement of the
  // application above may arrive there too, from another conversation).
  const url = new URL(page.url());
  const fromThem = () =>
    live.find(
      (message) =>
        message.senderId === url.searchParams.get('avec') &&
        message.missionId === url.searchParams.get('mission'),
    );
  await expect.poll(() => fromThem()?.content ?? null).not.toBeNull();
  await expect(thread.getByText(fromThem()!.content)).toBeVisible();

  // « Réinitialiser »: the toast of docs/specification.md §8, and the data as given.
  await banner.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(page.getByText('Données réinitialisées', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Les données de démonstration ont été réinitialisées avec succès', { exact: true }),
  ).toBeVisible();
  await goThroughMenu(page, 'Messages');
  await conversation.click();
  await expect(history.first()).toBeVisible();
  expect(await history.allTextContents()).toEqual(original);
  await expect(await myApplications(page)).toHaveText(before);
});

test('a demo account sees what it may not do, and « Quitter » ends the demo', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/demo');
  await page.getByRole('button', { name: 'Essayer en tant que chauffeur' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/parametres');
  const reason = 'Cette action n’est pas disponible en mode démo : créez un compte gratuit pour l’utiliser.';
  await expect(page.getByRole('region', { name: 'Mot de passe' }).getByText(reason)).toBeVisible();
  await expect(page.getByLabel('Nouveau mot de passe')).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Adresse e-mail' }).getByText(reason)).toBeVisible();
  await expect(page.getByLabel('Nouvelle adresse')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Supprimer mon compte' })).toBeDisabled();
  await shootBothThemes(page, 'demo-settings');
  // The banner stays above the public pages too.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Mode démo' })).toBeVisible();

  await page.getByRole('region', { name: 'Mode démo' }).getByRole('button', { name: 'Quitter' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Mode démo' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Se connecter' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('isDemo'))).toBeNull();
  // The session and its cookie are gone: the browser is a visitor's again (null, decision 038).
  const me = await page.request.get('/api/demo/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toBeNull();
});

test('a member signed in with a real account is told why, and logs out to try the demo', async ({ page }) => {
  await acceptCookies(page);
  await registerDriverByApi(page.request);
  await page.goto('/demo');
  await expect(
    page.getByText('Vous êtes connecté avec votre compte : déconnectez-vous pour essayer la démonstration.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Essayer en tant que chauffeur' })).toBeDisabled();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/demo$/);
  await page.getByRole('button', { name: 'Essayer en tant que chauffeur' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Mode démo' })).toBeVisible();
});

test('axe finds no accessibility violation on /demo, the banner and the demo’s settings (both themes)', async ({
  page,
}) => {
  for (const theme of ['dark', 'light'] as const) {
    await page.addInitScript((value) => {
      window.localStorage.setItem('theme', value);
      window.localStorage.setItem('cookie-consent', 'accepted');
    }, theme);
    await page.goto('/demo');
    await expectNoAxeViolations(page, `/demo (${theme})`);
    await page.getByRole('button', { name: 'Essayer en tant que chauffeur' }).click();
    await expect(page.getByRole('region', { name: 'Mode démo' })).toBeVisible();
    await expectNoAxeViolations(page, `/dashboard en démo (${theme})`);
    await page.goto('/parametres');
    await expect(page.getByTestId('not-in-demo').first()).toBeVisible();
    await expectNoAxeViolations(page, `/parametres en démo (${theme})`);
  }
});
