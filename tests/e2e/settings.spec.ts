import { expect, test } from '@playwright/test';
import {
  acceptCookies,
  mailLink,
  openMenu,
  publishMissionByApi,
  registerCompanyByApi,
  registerDriverByApi,
  uniqueEmail,
} from './helpers.js';

test('a driver who forgot the password gets a link by e-mail and is back in', async ({ page }, testInfo) => {
  await acceptCookies(page);
  const email = uniqueEmail(`oubli-${testInfo.project.name}`);
  await registerDriverByApi(page.request, email);
  await page.request.post('/api/auth/logout');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(page.getByRole('status')).toContainText('Si un compte Relais existe avec cette adresse');

  await page.goto(await mailLink(email, '/reinitialiser-mot-de-passe'));
  await page.getByLabel('Nouveau mot de passe').fill('nouveau-secret');
  await page.getByLabel('Confirmer le mot de passe').fill('autre-chose');
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
  await expect(page.getByText('Les deux mots de passe ne correspondent pas')).toBeVisible();
  await page.getByLabel('Confirmer le mot de passe').fill('nouveau-secret');
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const old = await page.request.post('/api/auth/login', { data: { email, password: 'secret123' } });
  expect(old.status()).toBe(401);
  // The link served once: opened again, it says so before anything is typed.
  await page.goto(await mailLink(email, '/reinitialiser-mot-de-passe'));
  await expect(page.getByRole('alert')).toContainText('Ce lien est invalide, a déjà servi ou a expiré');
  await expect(page.getByLabel('Nouveau mot de passe')).toHaveCount(0);
  await page.getByRole('link', { name: 'Recevoir un nouveau lien' }).click();
  await expect(page).toHaveURL(/\/dashboard$/); // signed in already: the forgotten-password form is not for them
});

test('in /parametres a driver changes the password, signs out another device and changes the e-mail', async ({
  page,
  browser,
}, testInfo) => {
  await acceptCookies(page);
  const email = uniqueEmail(`param-${testInfo.project.name}`);
  await registerDriverByApi(page.request, email);
  const other = await browser.newContext();
  const otherLogin = await other.request.post('/api/auth/login', { data: { email, password: 'secret123' } });
  expect(otherLogin.status()).toBe(200);

  await page.goto('/dashboard');
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Paramètres' }).click();
  await expect(page.getByRole('heading', { name: 'Paramètres', level: 1 })).toBeVisible();

  const devices = page.getByRole('region', { name: 'Appareils connectés' });
  await expect(devices.getByText('Cet appareil')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await devices.getByRole('button', { name: 'Déconnecter tous les autres appareils' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect((await other.request.get('/api/auth/me')).status()).toBe(401);
  await other.close();

  const password = page.getByRole('region', { name: 'Mot de passe' });
  await password.getByLabel('Mot de passe actuel').fill('pas-le-bon');
  await password.getByLabel('Nouveau mot de passe').fill('nouveau-secret');
  await password.getByLabel('Confirmer le nouveau').fill('nouveau-secret');
  await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(password.getByText('Mot de passe incorrect')).toBeVisible();
  await password.getByLabel('Mot de passe actuel').fill('secret123');
  await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Mot de passe changé').first()).toBeVisible();
  await expect(password.getByLabel('Mot de passe actuel')).toHaveValue('');

  const address = page.getByRole('region', { name: 'Adresse e-mail' });
  const newEmail = uniqueEmail(`nouvelle-${testInfo.project.name}`);
  await address.getByLabel('Nouvelle adresse').fill(newEmail);
  await address.getByLabel('Mot de passe actuel').fill('nouveau-secret');
  await address.getByRole('button', { name: 'Changer d’adresse' }).click();
  await expect(address.getByRole('status')).toContainText('Un lien de confirmation a été envoyé');
  await page.goto(await mailLink(newEmail, '/confirmer-email'));
  await expect(page.getByRole('status')).toHaveText('Votre nouvelle adresse e-mail est enregistrée.');
  await page.getByRole('link', { name: 'Mes paramètres' }).click();
  await expect(page.getByRole('region', { name: 'Adresse e-mail' }).getByText(newEmail)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Adresse e-mail' }).getByText('Adresse confirmée'),
  ).toBeVisible();
});

test('a driver downloads their data, then deletes the account', async ({ page }, testInfo) => {
  await acceptCookies(page);
  const email = uniqueEmail(`rgpd-${testInfo.project.name}`);
  await registerDriverByApi(page.request, email);
  await page.goto('/parametres');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger mes données' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^relais-mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(
    await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8'),
  );
  expect(data.account.email).toBe(email);

  // At the end of the page nothing fixed covers the last actions.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('button', { name: 'Revenir en haut de la page' })).toHaveCount(0);
  const danger = page.getByRole('region', { name: 'Supprimer mon compte' });
  await danger.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await danger.getByLabel('Mot de passe, pour confirmer').fill('mauvais');
  await danger.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(danger.getByText('Mot de passe incorrect')).toBeVisible();
  await danger.getByLabel('Mot de passe, pour confirmer').fill('secret123');
  await danger.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Compte supprimé').first()).toBeVisible();
  const login = await page.request.post('/api/auth/login', { data: { email, password: 'secret123' } });
  expect(login.status()).toBe(401);
});

test('an unconfirmed address is told before the click, with a link to ask again', async ({
  page,
  request,
}) => {
  await acceptCookies(page);
  await registerCompanyByApi(request);
  const missionId = await publishMissionByApi(request, {
    title: 'Porteur Lille Arras',
    pickupAddress: '59000 Lille',
    deliveryAddress: '62000 Arras',
    vehicleType: 'porteur',
    price: '250',
  });
  await registerDriverByApi(page.request, undefined, { verified: false });
  await page.goto(`/mission/${missionId}`);
  const notice = page.getByText('Confirmez votre adresse e-mail pour postuler');
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'Postuler à cette mission' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Renvoyer le lien' }).click();
  await expect(page.getByText('Email envoyé').first()).toBeVisible();

  const transporter = await page.context().browser()!.newContext();
  const office = await transporter.newPage();
  await acceptCookies(office);
  await registerCompanyByApi(office.request, undefined, { verified: false });
  await office.goto('/missions');
  await expect(office.getByText('Confirmez votre adresse e-mail pour publier une mission')).toBeVisible();
  await expect(office.getByRole('button', { name: 'Publier une mission' })).toBeDisabled();
  await transporter.close();
});
