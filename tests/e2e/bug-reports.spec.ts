import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInAdmin } from './admin-helpers.js';
import { expectNoAxeViolations } from './axe.js';
import { acceptCookies, openMenu, registerDriverByApi, shootBothThemes, signedInPage } from './helpers.js';

/** A screenshot as a phone takes it: a PNG with a grey "map" and an orange button on it. */
const screenshot = () =>
  sharp({ create: { width: 780, height: 1688, channels: 3, background: '#cbd5e1' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="780" height="1688"><rect x="60" y="1400" width="660" height="120" rx="20" fill="#d9480f"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

/**
 * Bug reports end to end: a driver files a report with a screenshot (the page they came from and their device
 * filled in), sees it "Nouveau"; an administrator takes it in hand and answers on /admin/signalements; the driver
 * sees the new status and the answer on the open page, and the alert.
 */
test('a driver reports a bug with a screenshot; an administrator answers; the driver sees it', async ({
  browser,
  page: probe,
}) => {
  test.setTimeout(120_000);
  const projected = probe.viewportSize();
  const viewport = projected && projected.width < 768 ? { width: 390, height: 844 } : projected;
  const driver = await signedInPage(browser, registerDriverByApi, viewport);
  const title = `Carte grise au zoom ${Date.now().toString(36)}`;

  // From the missions page, through the menu: the page concerned is the one they came from.
  await driver.goto('/missions');
  await (await openMenu(driver)).getByRole('link', { name: 'Signaler un bug', exact: true }).click();
  await expect(driver.getByRole('heading', { name: 'Signaler un bug', level: 1 })).toBeVisible();
  await expect(driver.getByLabel('Page concernée')).toHaveValue('/missions');
  await expect(driver.getByText('Aucun signalement pour l’instant.', { exact: false })).toBeVisible();

  // Nothing typed: each missing field says so.
  await driver.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(driver.getByText('Donnez un titre de 3 caractères au moins')).toBeVisible();
  await expect(driver.getByText('Choisissez une catégorie')).toBeVisible();

  // A security problem: the responsible-disclosure note, and the priority held at high.
  await driver.getByLabel('Catégorie').selectOption({ label: 'Sécurité' });
  await expect(driver.getByText('Divulgation responsable.')).toBeVisible();
  await expect(driver.getByText('ne publiez pas les détails', { exact: false })).toBeVisible();
  await expect(driver.getByLabel('Priorité')).toBeDisabled();
  await expect(driver.getByLabel('Priorité')).toHaveValue('high');

  await driver.getByLabel('Catégorie').selectOption({ label: 'Interface' });
  await expect(driver.getByText('Divulgation responsable.')).toHaveCount(0);
  await expect(driver.getByLabel('Priorité')).toHaveValue('medium');
  await driver.getByLabel('Titre').fill(title);
  // What is corrected loses its error at once.
  await expect(driver.getByText('Donnez un titre de 3 caractères au moins')).toHaveCount(0);
  await driver
    .getByLabel('Description')
    .fill('Sur la carte des missions, quand je zoome avec deux doigts, la carte devient grise.');
  await driver.locator('input[type="file"]').setInputFiles({
    name: 'capture.png',
    mimeType: 'image/png',
    buffer: await screenshot(),
  });
  await expect(driver.getByRole('img', { name: 'Capture d’écran jointe' })).toBeVisible();
  await driver.getByText('Informations techniques envoyées').click();
  await expect(driver.getByText(/^Navigateur : /m)).toBeVisible();
  await shootBothThemes(driver, 'report-bug-form');
  await expectNoAxeViolations(driver, 'report-bug form');

  await driver.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(driver.getByText('Signalement envoyé', { exact: true })).toBeVisible();
  const mine = driver.getByRole('region', { name: 'Mes signalements' });
  const item = mine.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByText('Nouveau', { exact: true })).toBeVisible();
  await expect(item).toContainText('Page : /missions');
  const thumbnail = item.getByRole('img', { name: /Capture d’écran jointe/ });
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  // The form is empty again for the next one.
  await expect(driver.getByLabel('Titre')).toHaveValue('');

  // The administrator, at a desk or on a phone.
  const adminContext = await browser.newContext(viewport ? { viewport } : {});
  const admin = await adminContext.newPage();
  await acceptCookies(admin);
  await signInAdmin(admin.request);
  await admin.goto('/admin/signalements');
  await expect(admin.getByRole('heading', { name: 'Signalements de bugs', level: 1 })).toBeVisible();
  await admin.getByLabel('Rechercher').fill(title);
  const row = admin.getByRole('button', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await row.click();
  const detail = admin.getByRole('article');
  await expect(detail.getByRole('heading', { name: title })).toBeVisible();
  await expect(detail).toContainText('la carte devient grise');
  await expect(detail).toContainText('/missions');
  const image = detail.getByRole('img', { name: /Capture d’écran jointe/ });
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  await detail.getByLabel('Statut').selectOption({ label: 'En cours' });
  await detail.getByLabel('Notes internes — jamais montrées au déclarant').fill('Reproduit sur Android 14.');
  await detail
    .getByLabel('Réponse au déclarant')
    .fill('Merci ! Nous avons reproduit le problème, la correction arrive cette semaine.');
  await detail.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(admin.getByText('Signalement enregistré', { exact: true })).toBeVisible();
  await expect(row).toContainText('En cours');
  await shootBothThemes(admin, 'admin-bug-reports');
  await expectNoAxeViolations(admin, 'admin bug reports');

  // The driver's open page follows: the new status and the answer, never the internal notes.
  await expect(item.getByText('En cours', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(item).toContainText('Réponse de l’équipe');
  await expect(item).toContainText('la correction arrive cette semaine');
  await expect(driver.getByText('Reproduit sur Android 14.')).toHaveCount(0);
  await shootBothThemes(driver, 'report-bug-answered');

  // And the alert.
  await driver.goto('/alerts');
  await expect(driver.getByText('Signalement pris en charge')).toBeVisible();
  await expect(
    driver.getByText(`Votre signalement « ${title} » est maintenant « En cours »`, { exact: false }),
  ).toBeVisible();
  await adminContext.close();
});
