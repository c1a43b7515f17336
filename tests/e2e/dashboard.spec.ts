import { expect, test } from '@playwright/test';
import {
  acceptCookies,
  publishMissionByApi,
  registerCompanyByApi,
  registerDriverByApi,
  signedInPage,
} from './helpers.js';

test('"Pour bien démarrer" follows what the driver has done, and goes once all is done', async ({
  page,
  browser,
}) => {
  await acceptCookies(page);
  await registerDriverByApi(page.request);
  await page.goto('/dashboard');
  const steps = page.locator('section[aria-labelledby="prochaines-etapes"]');
  await expect(steps).toContainText('Adresse email vérifiée');
  await expect(steps.getByRole('link', { name: /Indiquez votre ville/ })).toBeVisible();
  // The plan in the driver's words.
  await expect(page.getByText('3 candidatures par mois · 5 messages par jour')).toBeVisible();

  // Saving the profile with a city and vehicles ticks the step.
  await steps.getByRole('link', { name: /Indiquez votre ville/ }).click();
  await page.getByLabel('Ville de départ habituelle').fill('Lille');
  await page.getByLabel('Porteur (plus de 7,5 t)').check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil enregistré').first()).toBeVisible();
  await page.goBack();
  await expect(steps).toContainText('Profil complété : ville et véhicules renseignés');

  // A first application: every step done, the card is gone.
  const transporter = await signedInPage(browser, registerCompanyByApi, null);
  const id = await publishMissionByApi(transporter.request, {
    title: 'Porteur Lille → Arras',
    pickupAddress: '59000 Lille',
    deliveryAddress: '62000 Arras',
    vehicleType: 'porteur',
    price: '250',
  });
  expect((await page.request.post(`/api/missions/${id}/apply`, { data: {} })).status()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Bonjour/ })).toBeVisible();
  await expect(page.getByText('Pour bien démarrer')).toHaveCount(0);
});

test('a transporter is told about their own plan, never about applications', async ({ page }) => {
  await acceptCookies(page);
  await registerCompanyByApi(page.request);
  await page.goto('/dashboard');
  await expect(page.getByText('Publication de missions sans limite · 5 messages par jour')).toBeVisible();
  await expect(page.getByText(/candidatures par mois/)).toHaveCount(0);
  await page.goto('/driver/subscription');
  await expect(
    page.getByText(/^Gratuit : publication de missions sans limite, 5 messages par jour\./),
  ).toBeVisible();
  await expect(page.getByText(/candidatures/)).toHaveCount(0);
});
