import { expect, test } from '@playwright/test';
import { E2E_ADMIN, adminCode, adoptAuthenticator, keepRecoveryCodes, signInAdmin } from './admin-helpers.js';
import { expectNoAxeViolations } from './axe.js';
import { acceptCookies, isPhone, shootBothThemes, uniqueEmail } from './helpers.js';

test.beforeEach(async ({ page }) => acceptCookies(page));

test('an administrator signs in with the password then the code of their authenticator', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The e2e administrator exists, its authenticator enrolled (whoever ran first).
  await signInAdmin(request);

  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();

  await expect(page.getByRole('heading', { name: 'Double authentification' })).toBeVisible();
  const code = page.getByLabel('Code à 6 chiffres');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await shootBothThemes(page, `admin-second-step-${isPhone(page) ? 'phone' : 'desktop'}`);
  await expectNoAxeViolations(page, 'second step');

  // A reload keeps the second step: the session waits for it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Double authentification' })).toBeVisible();

  await code.fill('000000');
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByText('Code incorrect ou expiré')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Code à 6 chiffres').fill(await adminCode());
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'Sécurité' }).click();
  await expect(page.getByRole('heading', { name: 'Sécurité', level: 1 })).toBeVisible();
  await expect(page.getByText(/Il vous reste \d+ codes? de secours/)).toBeVisible();
  await shootBothThemes(page, `admin-security-${isPhone(page) ? 'phone' : 'desktop'}`);
});

test('a sensitive action asks for the password again, then goes through', async ({ page }) => {
  // Signed in a moment ago, password not typed again: the first sensitive action asks for it.
  await signInAdmin(page.request, { confirmPassword: false });
  await page.goto('/admin/administrateurs');
  await expect(page.getByRole('heading', { name: 'Administrateurs', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'L’équipe' }).getByText(E2E_ADMIN.email)).toBeVisible();

  const invited = uniqueEmail('nouvel-admin');
  await page.getByLabel('Adresse e-mail').fill(invited);
  await page.getByRole('button', { name: 'Envoyer l’invitation', exact: true }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Confirmez votre mot de passe' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon-mot-de-passe');
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(dialog.getByText('Mot de passe incorrect')).toBeVisible();
  await shootBothThemes(page, `admin-reauth-${isPhone(page) ? 'phone' : 'desktop'}`, false);
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(dialog).toBeHidden();

  await expect(
    page.getByText(`Un lien valable 72 heures a été envoyé à ${invited}.`, { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Invitations en attente' }).getByText(invited, { exact: true }),
  ).toBeVisible();
  await shootBothThemes(page, `admin-administrators-${isPhone(page) ? 'phone' : 'desktop'}`);
});

test('an administrator moves to a new authenticator app: password again, the new app’s code, new recovery codes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAdmin(page.request, { confirmPassword: false });
  await page.goto('/admin/securite');
  await page.getByRole('button', { name: 'Changer d’application d’authentification' }).click();

  // A new QR code is a sensitive action: the password first (nothing typed: said under the field).
  const dialog = page.getByRole('alertdialog', { name: 'Confirmez votre mot de passe' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(dialog.getByText('Saisissez votre mot de passe')).toBeVisible();
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(dialog).toBeHidden();

  // The key written out, as someone without a camera types it.
  const key = page.getByLabel(/^Clé : /);
  await expect(key).toBeVisible();
  const secret = (await key.textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const code = page.getByLabel('Code à 6 chiffres');
  await code.fill('12 3');
  await page.getByRole('button', { name: 'Activer la double authentification' }).click();
  await expect(page.getByText('Saisissez les 6 chiffres affichés par votre application')).toBeVisible();
  await code.fill(await adoptAuthenticator(secret));
  await page.getByRole('button', { name: 'Activer la double authentification' }).click();

  const codes = page.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  keepRecoveryCodes((await codes.allTextContents()).map((text) => text.trim()));
  await page.getByLabel('J’ai noté mes codes').check();
  await page.getByRole('button', { name: 'Terminé' }).click();
  await expect(page.getByRole('button', { name: 'Changer d’application d’authentification' })).toBeVisible();

  // Signed in again elsewhere: the new app's code is the one asked.
  const other = await page.context().browser()!.newContext();
  await signInAdmin(other.request);
  await other.close();
});
