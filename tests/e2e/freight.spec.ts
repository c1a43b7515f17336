import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import {
  localDateTime,
  registerCompanyByApi,
  registerDriverByApi,
  shootBothThemes,
  signedInPage,
} from './helpers.js';

/**
 * A mission's freight in the browser (decision 052): the transporter gives the slots, the equipment, the set-point
 * and the dangerous goods, each wrong value told under its field; a driver without « Hayon » nor « Frigo (ATP) »
 * nor an ADR certificate reads every reason on the mission's card, and the filters find it.
 */
test('a refrigerated ADR mission with a tail-lift: published with its freight, a driver is told every reason on the card', async ({
  browser,
  page: probe,
}) => {
  // Two browsers, two screenshots with axe in both themes, on a machine shared with other runs.
  test.setTimeout(180_000);
  const viewport = probe.viewportSize();
  const title = `Frigo hayon ${Date.now().toString(36)}`;

  const transporter = await signedInPage(browser, registerCompanyByApi, viewport);
  await transporter.goto('/missions');
  await transporter.getByRole('button', { name: 'Publier une mission' }).click();
  await transporter.getByLabel('Titre').fill(title);
  await transporter
    .getByLabel('Description')
    .fill('Surgelés sur palettes, déchargement par hayon en centre-ville.');
  await transporter.getByLabel('Adresse de ramassage').fill('1 rue de la Tour, 94150 Rungis');
  await transporter.getByLabel('Adresse de livraison').fill('Zone logistique, 59810 Lesquin');
  await transporter.getByLabel('Début').fill(localDateTime(2, 5));
  await transporter.getByLabel('Fin').fill(localDateTime(2, 15));
  await transporter.getByLabel('Type de véhicule').selectOption('semi_frigorifique');
  await transporter.getByLabel('Prix (€)').fill('480');
  // Wrong first: a slot ending before it starts, a set-point without the refrigerated unit, a class without its
  // UN number.
  const freight = transporter.getByRole('group', { name: /Créneaux et exigences/ });
  await freight.getByLabel('Chargement à partir de').fill(localDateTime(2, 7));
  await freight.getByLabel('Chargement jusqu’à').fill(localDateTime(2, 6));
  await freight.getByLabel('Température de consigne (°C)').fill('-18');
  await freight.getByLabel('Marchandises dangereuses (ADR) : classe').selectOption('2');
  await transporter.getByRole('button', { name: 'Publier la mission' }).click();
  await expect(freight.getByText('La fin du créneau doit être après son début')).toBeVisible();
  await expect(
    freight.getByText(
      /^Une température de consigne demande un véhicule frigorifique : cochez «\sFrigo \(ATP\)\s»$/,
    ),
  ).toBeVisible();
  await expect(freight.getByText(/^Indiquez le numéro ONU de la marchandise/)).toBeVisible();
  await freight.scrollIntoViewIfNeeded();
  await shootBothThemes(transporter, 'freight-form-errors', false, (theme) =>
    expectNoAxeViolations(transporter, `freight form errors (${theme})`),
  );
  await freight.getByLabel('Chargement jusqu’à').fill(localDateTime(2, 8));
  await freight.getByLabel('Livraison à partir de').fill(localDateTime(2, 12));
  await freight.getByLabel('Livraison jusqu’à').fill(localDateTime(2, 14));
  await freight.getByLabel('Frigo (ATP)').check();
  await freight.getByLabel('Hayon').check();
  await freight.getByLabel('Numéro ONU').fill('UN 1965');
  await transporter.getByRole('button', { name: 'Publier la mission' }).click();
  await expect(transporter).toHaveURL(/\/mission\/[0-9a-f-]{36}$/);
  await expect(transporter.getByRole('heading', { name: title })).toBeVisible();
  // The sheet states the freight as the transport order does.
  await expect(transporter.getByText('Température de consigne')).toBeVisible();
  await expect(transporter.getByText(/^\u221218\s°C$/)).toBeVisible();
  await expect(transporter.getByText(/^Classe 2 — Gaz, UN\s1965$/)).toBeVisible();
  await expect(transporter.getByText('Frigo (ATP), Hayon')).toBeVisible();

  // A driver (licence CE) with none of it: the card says each reason, in the sheet's words.
  const driver = await signedInPage(browser, registerDriverByApi, viewport);
  await driver.goto(`/missions?q=${encodeURIComponent(title)}`);
  const card = driver.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText(/Cette mission demande «\sHayon\s» : ajoutez cette qualification/);
  await expect(card).toContainText(/Cette mission demande «\sFrigo \(ATP\)\s» : ajoutez cette qualification/);
  await expect(card).toContainText('Votre certificat ADR est requis pour cette mission');
  await expect(card.getByRole('list', { name: 'Exigences' })).toContainText('ADR classe 2 · UN\u00a01965');
  await card.scrollIntoViewIfNeeded();
  await shootBothThemes(driver, 'freight-card-reasons', false, (theme) =>
    expectNoAxeViolations(driver, `freight card reasons (${theme})`),
  );

  // The filters: only missions with a tail-lift keep it; excluding ADR leaves it out.
  await driver.getByRole('button', { name: 'Plus de filtres' }).click();
  await driver.getByLabel('Hayon').selectOption('include');
  await driver.getByRole('button', { name: 'Rechercher' }).click();
  await expect(driver).toHaveURL(/tailLift=include/);
  await expect(driver.getByRole('article').filter({ hasText: title })).toBeVisible();
  await driver.getByLabel('Marchandises dangereuses (ADR)', { exact: true }).selectOption('exclude');
  await driver.getByRole('button', { name: 'Rechercher' }).click();
  await expect(driver).toHaveURL(/adr=exclude/);
  await expect(driver.getByRole('article').filter({ hasText: title })).toHaveCount(0);

  // The sheet lists the same reasons beside the greyed button.
  await driver.goto(new URL(transporter.url()).pathname);
  const apply = driver.getByRole('region', { name: 'Postuler' });
  await expect(apply.getByText('Vous ne pouvez pas postuler à cette mission :')).toBeVisible();
  await expect(apply).toContainText(/Cette mission demande «\sHayon\s»/);
  await expect(apply.getByRole('button', { name: 'Postuler à cette mission' })).toBeDisabled();
  for (const one of [driver, transporter]) await one.context().close();
});
