import { expect, test, type Page } from '@playwright/test';
import {
  moveMissionStart,
  pointAtServer,
  publishMissionByApi,
  registerCompanyByApi,
  registerDriverByApi,
  signedInPage,
  toast,
} from './helpers.js';
import { deliverByApi } from './delivery-helpers.js';
import { euros } from './money-helpers.js';

/**
 * Stripe mode end to end: the second Relais of playwright.config.ts (STRIPE_SECRET_KEY set) talks to
 * the local Stripe-shaped server (scripts/stripe-local.ts); the browser pays on its hosted pages, and the plan
 * and the mission change only when its signed webhook arrives. The helpers read mails and the database of the
 * server the test talks to: this file points them at the Stripe one while its tests run.
 */
test.use({ baseURL: process.env.E2E_STRIPE_URL! });

test.beforeAll(() => pointAtServer(process.env.E2E_STRIPE_DATA_DIR!));
test.afterAll(() => pointAtServer(undefined));

/** E2E_SHOTS_DIR=<folder>: screenshots of the hosted Checkout page, the mission with its deposit paid, the payment. */
async function shoot(page: Page, name: string) {
  if (process.env.E2E_SHOTS_DIR)
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}`, fullPage: true });
}
const STRIPE_API = /^http:\/\/127\.0\.0\.1:\d+\//;

async function post(page: Page, url: string, data: unknown = {}) {
  const response = await page.request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
}

/** On the local server's hosted Checkout page: the amount, then "Payer" (no card is typed anywhere). */
async function payOnCheckout(page: Page, heading: string, amount: string, screenshot?: string) {
  await expect(page).toHaveURL(new RegExp(`${STRIPE_API.source}checkout/cs_`));
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toContainText(euros(amount));
  if (screenshot) await shoot(page, screenshot);
  await page.getByRole('button', { name: `Payer ${euros(amount)}` }).click();
}

test('a driver subscribes to Premium on Stripe Checkout: the plan follows the webhook, the invoice is listed', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await registerDriverByApi(page.request);
  await page.goto('/driver/subscription');
  const plan = page.getByRole('region', { name: 'Votre formule', exact: true });
  const usage = page.getByRole('region', { name: 'Votre utilisation' });
  await expect(plan).toContainText('Freemium');
  await expect(usage).toContainText('3 candidatures restantes ce mois-ci');

  const chooser = page.getByRole('region', { name: 'Passer à une formule payante' });
  await expect(chooser).toContainText('Paiement sécurisé par carte avec Stripe');
  await chooser.getByRole('button', { name: 'Mensuel' }).click();
  await chooser.getByRole('button', { name: /^Choisir Premium/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Choisir Premium ?' });
  await expect(confirm).toContainText(/Premium Chauffeur, mensuel : 14,90\s€/);
  await confirm.getByRole('button', { name: 'Payer avec Stripe' }).click();

  // Stripe's page (the local one): a subscription of 14,90 € a month. Left once: nothing changes.
  await expect(page.getByRole('heading', { name: 'S’abonner', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Total par mois');
  await page.getByRole('button', { name: 'Annuler et revenir' }).click();
  await expect(page).toHaveURL(/\/driver\/subscription$/);
  await expect(toast(page, 'Paiement annulé')).toBeVisible();
  await expect(plan).toContainText('Freemium');
  await chooser.getByRole('button', { name: /^Choisir Premium/ }).click();
  await confirm.getByRole('button', { name: 'Payer avec Stripe' }).click();
  await payOnCheckout(page, 'S’abonner', '14,90 €');

  // Back on Relais: the page says so, and the plan is Premium once the signed webhook is applied.
  await expect(page).toHaveURL(/\/driver\/subscription$/);
  await expect(toast(page, 'Paiement reçu')).toBeVisible();
  await expect(plan).toContainText('Premium Chauffeur');
  await expect(plan).toContainText('Active');
  await expect(usage).toContainText('Candidatures illimitées');
  const invoices = page.getByRole('region', { name: 'Factures' });
  await expect(invoices.getByRole('listitem')).toHaveCount(1);
  await expect(invoices).toContainText(euros('14,90 €'));
  const link = invoices.getByRole('link', { name: /^Reçu de paiement/ });
  await expect(link).toHaveAttribute('href', new RegExp(`${STRIPE_API.source}invoices/in_`));
  // Relais's own invoice waits for the driver's billing address (decision 043), and the list says so.
  await expect(invoices).toContainText('Facture en préparation');
  await expect(invoices.getByRole('link', { name: 'indiquez-la' })).toHaveAttribute('href', '/facturation');
  // Stripe's receipt itself, as the link opens it.
  const hosted = await page.request.get((await link.getAttribute('href'))!);
  expect(await hosted.text()).toContain('14,90');
  // Premium applies at once on the server too: the session says so.
  const me = (await (await page.request.get('/api/auth/me')).json()) as { subscriptionPlan: string };
  expect(me.subscriptionPlan).toBe('premium');
});

test('a mission paid online: the deposit when the driver is chosen, the balance, the payout to the driver', async ({
  browser,
  page: probe,
}) => {
  test.setTimeout(120_000);
  const viewport = probe.viewportSize();
  const transporter = await signedInPage(browser, registerCompanyByApi, viewport);
  const driver = await signedInPage(browser, registerDriverByApi, viewport);
  // A flat 1 234,55 €: a deposit of 30 % is 370,365 €, rounded half up to 370,37 €; the balance 864,18 €.
  const title = `Semi Rungis → Chartres ${Date.now().toString(36)}`;
  const missionId = await publishMissionByApi(transporter.request, {
    title,
    pickupAddress: '94150 Rungis',
    deliveryAddress: '28000 Chartres',
    vehicleType: 'semi_remorque',
    price: '1234.55',
    engagementType: 'independent',
  });
  await post(driver, `/api/missions/${missionId}/apply`);
  const detail = (await (await transporter.request.get(`/api/missions/${missionId}`)).json()) as {
    applications: Array<{ id: string }>;
  };
  await post(transporter, `/api/applications/${detail.applications[0]!.id}/accept`);

  // The driver is chosen: the mission page offers the deposit, paid on Stripe's page.
  await transporter.goto(`/mission/${missionId}`);
  await expect(transporter.getByText('Paiement en ligne par carte', { exact: false })).toBeVisible();
  const deposit = transporter.getByRole('region', { name: 'Acompte' });
  await deposit.getByRole('button', { name: 'Payer l’acompte' }).click();
  // A declined card first: Stripe's page says so and stays open; then a card that pays.
  await transporter.getByRole('button', { name: 'Simuler un refus de carte' }).click();
  await expect(transporter.getByRole('alert')).toHaveText(
    'Votre carte a été refusée. Essayez une autre carte.',
  );
  await payOnCheckout(transporter, 'Payer', '370,37 €', 'stripe-checkout.png');

  // Back on the mission: the deposit is paid (the webhook came first), for both parties.
  await expect(transporter).toHaveURL(new RegExp(`/mission/${missionId}$`));
  await expect(toast(transporter, 'Paiement reçu')).toBeVisible();
  await expect(deposit).toContainText(`Acompte réglé en ligne : ${euros('370,37 €')}`);
  await expect(deposit.getByRole('button', { name: 'Payer l’acompte' })).toHaveCount(0);
  await shoot(transporter, 'stripe-deposit-paid.png');
  await driver.goto(`/mission/${missionId}`);
  await expect(driver.getByRole('region', { name: 'Acompte' })).toContainText(
    `Acompte réglé en ligne : ${euros('370,37 €')}`,
  );

  // The mission runs and is completed (the transporter waives the signatures in writing).
  await moveMissionStart(missionId, 60);
  await post(transporter, `/api/missions/${missionId}/engagement/waive`, {
    reason: 'Contrat signé sur papier au dépôt ce matin.',
  });
  await post(driver, `/api/missions/${missionId}/start`);
  await deliverByApi(driver, missionId);
  await post(transporter, `/api/missions/${missionId}/complete`);

  // The balance: what the mission owes less the deposit, to the cent, paid on Stripe's page.
  await transporter.goto(`/mission/${missionId}/payment`);
  const online = transporter.getByRole('region', { name: 'Paiement en ligne' });
  await expect(online).toContainText(`${euros('370,37 €')} — payé`);
  await expect(online).toContainText('Acompte payé');
  await online.getByRole('button', { name: 'Payer le solde' }).click();
  await payOnCheckout(transporter, 'Payer', '864,18 €');
  await expect(transporter).toHaveURL(new RegExp(`/mission/${missionId}/payment$`));
  await expect(toast(transporter, 'Paiement reçu')).toBeVisible();
  await expect(online.getByRole('definition').filter({ hasText: /^Payé$/ })).toBeVisible();
  await expect(online.getByRole('button', { name: 'Payer le solde' })).toHaveCount(0);
  // Paid by card: no transfer to declare any more; the driver's payout waits for the validation.
  await expect(transporter.getByText('Payé en ligne, à valider')).toBeVisible();
  await expect(transporter.getByRole('button', { name: 'Marquer comme payé' })).toHaveCount(0);
  await expect(online).toContainText('En attente de validation');
  await shoot(transporter, 'stripe-payment-page.png');
  // Validating before the driver has a payout account: said plainly, nothing sent.
  await online.getByRole('button', { name: 'Valider la mission et payer le chauffeur' }).click();
  await expect(toast(transporter, 'Paiement en ligne impossible')).toBeVisible();

  // The driver opens their payout account on Stripe's onboarding page.
  await driver.goto(`/mission/${missionId}/payment`);
  const driverOnline = driver.getByRole('region', { name: 'Paiement en ligne' });
  await expect(driverOnline).toContainText('En attente de validation');
  await expect(driver.getByRole('button', { name: 'Confirmer la réception' })).toHaveCount(0);
  await driverOnline.getByRole('button', { name: 'Configurer mes versements' }).click();
  await expect(driver).toHaveURL(new RegExp(`${STRIPE_API.source}connect/onboarding/`));
  await expect(driver.getByRole('heading', { name: 'Activer votre compte de versement' })).toBeVisible();
  await driver.getByRole('button', { name: 'Activer le compte (test)' }).click();
  await expect(driver).toHaveURL(new RegExp(`/mission/${missionId}/payment$`));
  await expect(toast(driver, 'Compte de versement enregistré')).toBeVisible();
  await expect(driverOnline.getByRole('button', { name: 'Configurer mes versements' })).toHaveCount(0);

  // The transporter validates: the driver is paid what the mission owes by a transfer.
  await transporter.reload();
  await online.getByRole('button', { name: 'Valider la mission et payer le chauffeur' }).click();
  await expect(toast(transporter, 'Mission validée')).toContainText(
    `${euros('1 234,55 €')} versés au chauffeur.`,
  );
  await expect(online.getByRole('definition').filter({ hasText: /^Versé$/ })).toBeVisible();
  await expect(online).toContainText('Validée le');

  await driver.reload();
  await expect(driverOnline.getByRole('definition').filter({ hasText: /^Versé$/ })).toBeVisible();
  await expect(driverOnline).toContainText('Versé le');
  await driver.goto('/wallet');
  await expect(driver.getByRole('heading', { name: 'Portefeuille', level: 1 })).toBeVisible();
  await expect(driver.getByTestId('balance-settled')).toContainText(euros('1 234,55 €'));
  await expect(driver.getByTestId('balance-pending')).toContainText(euros('0,00 €'));
  // The payout is the mission's line, received: one line, never a second one of the same amount.
  const operations = driver.getByRole('region', { name: 'Opérations' });
  await expect(operations.getByText('1 opération', { exact: true })).toBeVisible();
  const line = operations.getByRole('listitem').filter({ hasText: 'Règlement de mission' });
  await expect(line.getByText('Reçu', { exact: true })).toBeVisible();
  await expect(line).toContainText('versement Stripe du');
  await transporter.goto('/wallet');
  await expect(transporter.getByTestId('balance-settled')).toContainText(euros('1 234,55 €'));
  await expect(transporter.getByTestId('balance-pending')).toContainText(euros('0,00 €'));
  // The transporter: the mission's line, received by the driver, and the two card payments, each once.
  const paid = transporter.getByRole('region', { name: 'Opérations' });
  await expect(paid.getByText('3 opérations', { exact: true })).toBeVisible();
  await expect(
    paid.getByRole('listitem').filter({ hasText: 'Règlement de mission' }).getByText('Reçu par le chauffeur'),
  ).toBeVisible();
  await expect(paid.getByRole('listitem').filter({ hasText: 'Acompte' })).toContainText(euros('370,37 €'));
  await expect(paid.getByRole('listitem').filter({ hasText: 'Solde' })).toContainText(euros('864,18 €'));
  await transporter.context().close();
  await driver.context().close();
});
