import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, signInAdmin } from './admin-helpers.js';
import { expectNoAxeViolations } from './axe.js';
import { acceptCookies, shootBothThemes, transporterAndApplicant } from './helpers.js';

const REASON = 'Annonce frauduleuse : société inconnue au registre';

/** A sensitive action may ask for the password again (after 5 minutes): typed when asked. */
async function confirmPasswordIfAsked(page: Page) {
  const dialog = page.getByRole('dialog', { name: /mot de passe/i });
  if (await dialog.isVisible().catch(() => false)) {
    await dialog.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: /Confirmer/ }).click();
  }
}

test('the admin home shows the day’s figures, what waits and the site’s audience', async ({ page }) => {
  await acceptCookies(page);
  await signInAdmin(page.request);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Accueil', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'À traiter' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Documents à vérifier/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Missions publiées/ })).toContainText('7 jours');
  await expect(page.getByText('Taux de remplissage', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Missions publiées par jour' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fréquentation du site' })).toBeVisible();
  await expect(page.getByText('Pages vues', { exact: false }).first()).toBeVisible();
  await shootBothThemes(page, 'admin-home');
  await expectNoAxeViolations(page, '/admin');
  // A figure leads to where the team acts: the missions of the day.
  await page.getByRole('link', { name: /Missions publiées/ }).click();
  await expect(page).toHaveURL(/\/admin\/missions\?from=\d{4}-\d{2}-\d{2}&to=/);
  await expect(page.getByRole('heading', { name: 'Missions', level: 1 })).toBeVisible();
});

test('an admin finds a mission, reads its timeline and cancels it; the transporter sees it cancelled', async ({
  browser,
  page: admin,
}) => {
  test.setTimeout(120_000);
  const title = `Navette suspecte ${Date.now().toString(36)}`;
  const { transporter, driver, missionId } = await transporterAndApplicant(browser, admin.viewportSize(), {
    title,
    pickupAddress: 'MIN de Rungis, 94150 Rungis',
    deliveryAddress: 'Zone logistique, 59810 Lesquin',
    vehicleType: 'semi_remorque',
    price: '480',
  });
  await acceptCookies(admin);
  await signInAdmin(admin.request);

  // The search is kept in the address; the mission is found among all others.
  await admin.goto('/admin/missions');
  await expect(admin.getByRole('heading', { name: 'Missions', level: 1 })).toBeVisible();
  await admin.getByLabel('Rechercher').fill(title);
  await expect(admin).toHaveURL(/q=Navette/);
  await expect(admin.getByRole('heading', { name: /^1 mission/ })).toBeVisible();
  await shootBothThemes(admin, 'admin-missions');
  await expectNoAxeViolations(admin, '/admin/missions');
  await admin.getByRole('link', { name: new RegExp(title) }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/missions/${missionId}$`));
  await expect(admin.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // Parties, the application and the timeline.
  const parties = admin.getByRole('region', { name: 'Parties' });
  await expect(parties.getByRole('link', { name: 'Transports Martin' })).toHaveAttribute(
    'href',
    /\/admin\/utilisateurs\//,
  );
  await expect(admin.getByRole('region', { name: /Candidatures \(1\)/ })).toContainText('En attente');
  const timeline = admin.getByRole('region', { name: 'Historique' });
  await expect(timeline).toContainText('Mission publiée');
  await expect(timeline).toContainText('Candidature reçue');
  await expectNoAxeViolations(admin, '/admin/missions/:id');

  // The cancellation asks for a reason: too short, said under the field.
  await admin.getByRole('button', { name: 'Annuler la mission' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Annuler cette mission' });
  await dialog.getByLabel('Motif de l’annulation').fill('non');
  await dialog.getByRole('button', { name: 'Annuler la mission' }).click();
  await expect(dialog.getByText('Indiquez le motif de l’annulation (5 caractères au moins)')).toBeVisible();
  await shootBothThemes(admin, 'admin-mission-cancel', false);
  await dialog.getByLabel('Motif de l’annulation').fill(REASON);
  await dialog.getByRole('button', { name: 'Annuler la mission' }).click();
  await confirmPasswordIfAsked(admin);
  await expect(admin.getByText('Les parties ont été prévenues.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('status').filter({ hasText: 'Mission annulée le' })).toContainText(REASON);
  await expect(timeline).toContainText('Mission annulée par l’équipe Relais');
  await expect(timeline).toContainText(REASON);
  await expect(admin.getByRole('button', { name: 'Annuler la mission' })).toHaveCount(0);
  await shootBothThemes(admin, 'admin-mission-cancelled');

  // The transporter sees it cancelled, with the team's reason; the applicant was told.
  await transporter.goto(`/mission/${missionId}`);
  await expect(
    transporter.getByText(`Motif d’annulation : Annulée par l’équipe Relais : ${REASON}`),
  ).toBeVisible();
  const alerts = (await (await driver.request.get('/api/alerts')).json()) as {
    alerts?: { message: string }[];
  };
  expect(JSON.stringify(alerts)).toContain('annulée par l’équipe Relais');
  await transporter.context().close();
  await driver.context().close();
});
