import { expect, test } from '@playwright/test';
import { acceptCookies, registerDriverByApi } from './helpers.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a driver completes the profile, adds a photo and sees the public profile', async ({ page }) => {
  await acceptCookies(page);
  await registerDriverByApi(page.request);
  await page.goto('/profile');
  await page.getByLabel('Ville de départ habituelle').fill('Lyon');
  await page.getByLabel('Type de permis').selectOption('C');
  await page.getByLabel("Années d'expérience").fill('11');
  await page.getByLabel('Benne').check();
  await page.getByLabel('FIMO').check();
  await page.getByLabel('Téléphone').fill('12');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Numéro de téléphone invalide')).toBeVisible();
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil enregistré').first()).toBeVisible();

  await page
    .getByLabel('Choisir une photo')
    .setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Photo mise à jour').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Votre photo' })).toBeVisible();

  await page.getByRole('link', { name: 'Voir mon profil public' }).click();
  await expect(page.getByRole('heading', { name: 'Jean Routier' })).toBeVisible();
  await expect(page.getByText('Benne')).toBeVisible();
  await expect(page.getByText('FIMO')).toBeVisible();
  await expect(page.getByText(/Chauffeur · Lyon/)).toBeVisible();
});
