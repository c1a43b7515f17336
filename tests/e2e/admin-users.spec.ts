import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, signInAdmin } from './admin-helpers.js';
import { expectNoAxeViolations } from './axe.js';
import { acceptCookies, isPhone, registerDriverByApi, shootBothThemes, uniqueEmail } from './helpers.js';

const REASON = 'Fausses déclarations sur le permis de conduire';

/** A sensitive action may ask for the password again (after 5 minutes): typed when asked. */
async function confirmPasswordIfAsked(page: Page) {
  const dialog = page.getByRole('dialog', { name: /mot de passe/i });
  if (await dialog.isVisible().catch(() => false)) {
    await dialog.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: /Confirmer/ }).click();
  }
}

test('an admin finds a driver and deactivates them with a reason; the driver is refused at login and told why', async ({
  browser,
  page: admin,
}) => {
  test.setTimeout(120_000);
  // The driver registers in their own browser.
  const context = await browser.newContext({ viewport: admin.viewportSize() });
  const driverPage = await context.newPage();
  await acceptCookies(driverPage);
  const name = `Lucien Écharde ${Date.now().toString(36)}`;
  const { email, password } = await registerDriverByApi(
    driverPage.request,
    uniqueEmail('chauffeur-desactive'),
    {
      fullName: name,
    },
  );

  await acceptCookies(admin);
  await signInAdmin(admin.request);
  await admin.goto('/admin/utilisateurs');
  await expect(admin.getByRole('heading', { name: 'Utilisateurs', level: 1 })).toBeVisible();

  // The search ignores case and accents, and sits in the address with the filters (a link shares it).
  await admin.getByLabel('Rechercher').fill(name.replace('Écharde', 'echarde').toUpperCase());
  await admin.getByRole('button', { name: 'Rechercher' }).click();
  // On a phone the filters fold behind one button, the results first.
  if (isPhone(admin)) await admin.getByRole('button', { name: 'Filtres' }).click();
  await admin.getByLabel('Rôle').selectOption({ label: 'Chauffeur' });
  await expect(admin).toHaveURL(/q=LUCIEN.*role=driver|role=driver.*q=LUCIEN/);
  await expect(admin.getByRole('heading', { name: /^1 utilisateur/ })).toBeVisible();
  await shootBothThemes(admin, 'admin-users');
  await expectNoAxeViolations(admin, '/admin/utilisateurs');
  await admin.getByRole('link', { name }).filter({ visible: true }).click();

  // The member's page: header, sections, actions.
  await expect(admin.getByRole('heading', { name, level: 1 })).toBeVisible();
  for (const section of ['Profil', 'Documents', 'Missions', 'Candidatures', 'Avis', 'Sessions', 'Abonnement'])
    await expect(admin.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Sessions' })).not.toContainText('Aucune session');
  await shootBothThemes(admin, 'admin-user');
  await expectNoAxeViolations(admin, '/admin/utilisateurs/:id');

  // The reason is required: too short, said under the field.
  await admin.getByRole('button', { name: 'Désactiver le compte' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Désactiver le compte' });
  await dialog.getByLabel('Motif').fill('non');
  await dialog.getByRole('button', { name: 'Désactiver' }).click();
  await expect(dialog.getByText('Indiquez le motif (5 caractères au moins)')).toBeVisible();
  await dialog.getByLabel('Motif').fill(REASON);
  await dialog.getByRole('button', { name: 'Désactiver' }).click();
  await confirmPasswordIfAsked(admin);
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Compte désactivé').first()).toBeVisible();
  await expect(admin.getByRole('note')).toContainText(REASON);
  await expect(admin.getByRole('button', { name: 'Réactiver le compte' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Sessions' })).toContainText('Aucune session ouverte.');
  await expect(admin.getByRole('region', { name: 'Historique des actions' })).toContainText(
    'Compte désactivé',
  );
  await shootBothThemes(admin, 'admin-user-deactivated');

  // The driver's open session is over; signing in again is refused with the reason.
  expect((await driverPage.request.get('/api/auth/me')).status()).toBe(401);
  await driverPage.goto('/login');
  await driverPage.getByLabel('Email').fill(email);
  await driverPage.getByLabel('Mot de passe', { exact: true }).fill(password);
  await driverPage.getByRole('button', { name: 'Se connecter' }).click();
  await expect(driverPage.getByText(`Motif : ${REASON}`, { exact: false }).first()).toBeVisible();
  await expect(driverPage).toHaveURL(/\/login/);
  await context.close();
});
