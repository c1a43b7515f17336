import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerNamedDriver, signInAdmin } from './admin-helpers.js';
import { acceptCookies, publishMissionByApi, registerCompanyByApi } from './helpers.js';

/** Missions to apply to, published by a transporter of their own. */
async function publishMissions(request: APIRequestContext, count: number): Promise<string[]> {
  await registerCompanyByApi(request);
  const ids: string[] = [];
  for (let index = 0; index < count; index++)
    ids.push(
      await publishMissionByApi(request, {
        title: `Porteur Lille → Arras ${index + 1}`,
        pickupAddress: '59000 Lille',
        deliveryAddress: '62000 Arras',
        vehicleType: 'porteur',
        price: '250',
      }),
    );
  return ids;
}

const apply = async (page: Page, missionId: string) =>
  (await page.request.post(`/api/missions/${missionId}/apply`, { data: {} })).status();

const usage = (page: Page) => page.getByRole('region', { name: 'Votre utilisation' });
const plan = (page: Page) => page.getByRole('region', { name: 'Votre formule', exact: true });

test('a Freemium driver out of applications asks for Premium, an administrator activates it then ends it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const transporter = await browser.newContext();
  const missions = await publishMissions(transporter.request, 5);
  await transporter.close();

  await acceptCookies(page);
  const driverName = `Paul Forfait ${Date.now().toString(36)}`;
  const { email } = await registerNamedDriver(page.request, driverName);
  for (const id of missions.slice(0, 3)) expect(await apply(page, id)).toBe(201);
  expect(await apply(page, missions[3]!)).toBe(402);

  // The plan page: Freemium, nothing left this month, the coordination note.
  await page.goto('/driver/subscription');
  await expect(page.getByRole('heading', { name: 'Mon abonnement', level: 1 })).toBeVisible();
  await expect(plan(page)).toContainText('Freemium : 3 candidatures par mois, 5 messages par jour.');
  await expect(plan(page)).toContainText('ne sont pas décomptés');
  await expect(usage(page)).toContainText('Aucune candidature restante ce mois-ci');
  await expect(usage(page)).toContainText('5 messages restants aujourd’hui');

  // Premium, monthly: without online payment, a request an administrator answers.
  const chooser = page.getByRole('region', { name: 'Passer à une formule payante' });
  await expect(chooser).toContainText(/14,90\s€ \/ mois/);
  await chooser.getByRole('button', { name: 'Annuel' }).click();
  await expect(chooser).toContainText(/149,00\s€ \/ an/);
  await expect(chooser).toContainText(/29,80\s€ d’économie sur un an/);
  await chooser.getByRole('button', { name: 'Mensuel' }).click();
  await chooser.getByRole('button', { name: /^Choisir Premium/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Choisir Premium ?' });
  await expect(confirm).toContainText(/Premium Chauffeur, mensuel : 14,90\s€/);
  await confirm.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByText('Demande envoyée').first()).toBeVisible();
  const pending = page.getByRole('region', { name: 'Demande en cours' });
  await expect(pending).toContainText('Premium Chauffeur, mensuel');
  await expect(chooser.getByRole('button', { name: /^Choisir/ }).first()).toBeDisabled();

  // The administrator finds the request and activates it with the invoice's reference.
  const adminContext = await browser.newContext({ viewport: page.viewportSize() });
  const admin = await adminContext.newPage();
  await acceptCookies(admin);
  await signInAdmin(admin.request);
  // « Validation » holds the queues; plan requests are its third tab.
  await admin.goto('/admin/documents');
  await admin
    .getByRole('navigation', { name: 'Pages de la section' })
    .getByRole('link', { name: /Abonnements/ })
    .click();
  await expect(admin.getByRole('heading', { name: 'Abonnements', level: 1 })).toBeVisible();
  await admin.getByLabel('Rechercher un membre').fill(email);
  const requests = admin.getByRole('region', { name: /Demandes en attente/ });
  await expect(requests.getByRole('listitem')).toHaveCount(1);
  await expect(requests).toContainText('Premium Chauffeur · mensuel');
  await expect(requests).toContainText(/À facturer : 14,90\s€/);
  await requests.getByRole('button', { name: `Activer : ${driverName}, Premium Chauffeur` }).click();
  const grant = admin.getByRole('dialog', { name: 'Activer une formule' });
  await expect(grant.getByLabel('Formule')).toHaveValue('premium');
  await expect(grant.getByLabel('Période')).toHaveValue('month');
  await grant.getByLabel('Référence du client (facultatif)').fill('FA-2026-0042');
  await grant.getByRole('button', { name: 'Activer la formule' }).click();
  await expect(grant).toHaveCount(0);
  const live = admin.getByRole('region', { name: /Abonnements en cours/ });
  await expect(requests.getByRole('listitem')).toHaveCount(0);
  await expect(live.getByRole('listitem')).toHaveCount(1);
  await expect(live).toContainText('FA-2026-0042');

  // The driver's limits are gone at once: the page follows live (the plan's alert), no reload needed.
  await expect(plan(page)).toContainText('Premium Chauffeur');
  await expect(plan(page)).toContainText('Active');
  await expect(usage(page)).toContainText('Candidatures illimitées');
  await expect(pending).toHaveCount(0);
  expect(await apply(page, missions[3]!)).toBe(201);

  // The administrator ends it, with a reason: the free plan and its limit are back.
  await live.getByRole('button', { name: `Mettre fin : ${driverName}` }).click();
  const end = admin.getByRole('dialog', { name: 'Mettre fin à la formule' });
  await end.getByLabel('Motif').fill('Impayée');
  await end.getByRole('button', { name: 'Mettre fin' }).click();
  await expect(end.getByText('Indiquez la raison (10 caractères au moins)')).toBeVisible();
  await end.getByLabel('Motif').fill('Facture impayée après deux relances.');
  await end.getByRole('button', { name: 'Mettre fin' }).click();
  await expect(end).toHaveCount(0);
  await expect(live.getByRole('listitem')).toHaveCount(0);
  await adminContext.close();

  await page.reload();
  await expect(plan(page)).toContainText('Freemium');
  await expect(usage(page)).toContainText('Aucune candidature restante ce mois-ci');
  expect(await apply(page, missions[4]!)).toBe(402);
});

test('a signed-in member’s plan cards lead to their subscription page', async ({ page }) => {
  await acceptCookies(page);
  await registerNamedDriver(page.request, 'Lise Tarif');
  await page.goto('/pricing');
  const freemium = page.getByRole('article', { name: 'Freemium' });
  await expect(freemium.getByRole('link', { name: 'Votre formule' })).toHaveAttribute(
    'href',
    '/driver/subscription',
  );
  await expect(page.getByRole('article', { name: 'Transporteur' })).toContainText(
    'Formule des transporteurs',
  );
  await page
    .getByRole('article', { name: 'Premium Chauffeur' })
    .getByRole('link', { name: 'Choisir Premium' })
    .click();
  await expect(page).toHaveURL(/\/driver\/subscription$/);
  await expect(page.getByRole('heading', { name: 'Mon abonnement', level: 1 })).toBeVisible();
  // Nothing the product does not do is promised; what it does (live tracking and proof of delivery) is.
  await page.goto('/pricing');
  for (const promise of ['Statistiques de revenus', 'support en priorité'])
    await expect(page.getByRole('main')).not.toContainText(promise);
  await expect(page.getByRole('article', { name: 'Transporteur' })).toContainText(
    'Suivi des livraisons en direct et preuve de livraison',
  );
});

test('a transport company’s plan is priced before VAT: asked for, invoiced with VAT, the invoice says both', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await acceptCookies(page);
  const { email } = await registerCompanyByApi(page.request);

  // The company's plan page: the price before VAT, the VAT and the price with it beside (decision 041).
  await page.goto('/driver/subscription');
  const chooser = page.getByRole('region', { name: 'Passer à une formule payante' });
  await expect(chooser).toContainText(/74,92\s€\sHT \/ mois/);
  await expect(chooser).toContainText(/TVA 20\s%\s: 14,98\s€ · 89,90\s€\sTTC/);
  await chooser.getByRole('button', { name: /^Choisir Transporteur/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Choisir Transporteur ?' });
  await expect(confirm).toContainText(
    /Transporteur, mensuel : 74,92\s€\sHT \/ mois \(TVA 20\s%\s: 14,98\s€ · 89,90\s€\sTTC\)/,
  );
  await confirm.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByText('Demande envoyée').first()).toBeVisible();

  // The administrator invoices the price with VAT, computed from the price before VAT.
  const adminContext = await browser.newContext({ viewport: page.viewportSize() });
  const admin = await adminContext.newPage();
  await acceptCookies(admin);
  await signInAdmin(admin.request);
  await admin.goto('/admin/abonnements');
  await admin.getByLabel('Rechercher un membre').fill(email);
  const requests = admin.getByRole('region', { name: /Demandes en attente/ });
  await expect(requests).toContainText(/À facturer : 74,92\s€\sHT · TVA 20\s%\s: 14,98\s€ · 89,90\s€\sTTC/);
  await requests.getByRole('button', { name: /^Activer : Claire Martin, Transporteur/ }).click();
  const grant = admin.getByRole('dialog', { name: 'Activer une formule' });
  await expect(grant).toContainText(
    /Montant à facturer : 74,92\s€\sHT · TVA 20\s%\s: 14,98\s€ · 89,90\s€\sTTC/,
  );
  await grant.getByLabel('Référence du client (facultatif)').fill('FA-2026-0107');
  await grant.getByRole('button', { name: 'Activer la formule' }).click();
  await expect(grant).toHaveCount(0);
  await expect(admin.getByRole('region', { name: /Abonnements en cours/ })).toContainText(
    /facturé 89,90\s€\sTTC · réf. FA-2026-0107/,
  );
  await adminContext.close();

  // The company's invoice: with VAT, and before VAT with the VAT apart.
  await page.reload();
  const invoices = page.getByRole('region', { name: 'Factures' });
  await expect(invoices).toContainText(/89,90\s€\sTTC/);
  await expect(invoices).toContainText(/74,92\s€\sHT · TVA 20\s%\s: 14,98\s€/);
});
