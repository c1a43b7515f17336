import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { SIGNATURE_PNG, sign } from './delivery-helpers.js';
import { moveMissionStart, transporterAndApplicant, shootBothThemes } from './helpers.js';

/**
 * Proof of delivery and incidents (decision 019): the driver reports a breakdown (the transporter is alerted and
 * sees it on the mission), then marks the mission delivered with the recipient's name, a signature drawn with the
 * mouse on the canvas and a photo of the delivery note; the transporter downloads the proof-of-delivery PDF.
 */

test('an incident reaches the transporter; delivered with a drawn signature and a photo; the proof PDF downloads', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { transporter, driver, missionId } = await transporterAndApplicant(browser, null, {
    title: 'Semi frigo Rungis → Lesquin',
    pickupAddress: 'MIN de Rungis, 94150 Rungis',
    deliveryAddress: 'Zone logistique, 59810 Lesquin',
    vehicleType: 'semi_frigorifique',
    price: '480',
  });
  // Chosen, signatures waived in writing, started (the tracking dialog is another spec's subject).
  const detail = (await (await transporter.request.get(`/api/missions/${missionId}`)).json()) as {
    applications: Array<{ id: string }>;
  };
  expect(
    (await transporter.request.post(`/api/applications/${detail.applications[0]!.id}/accept`)).status(),
  ).toBe(200);
  await moveMissionStart(missionId, 60);
  expect(
    (
      await transporter.request.post(`/api/missions/${missionId}/engagement/waive`, {
        data: { reason: 'Contrat signé sur papier au dépôt ce matin.' },
      })
    ).status(),
  ).toBe(200);
  expect((await driver.request.post(`/api/missions/${missionId}/start`, { data: {} })).status()).toBe(200);
  await driver.context().grantPermissions(['geolocation']);
  await driver.context().setGeolocation({ latitude: 50.589, longitude: 3.111, accuracy: 20 });

  // The driver reports a breakdown, with a note.
  await driver.goto(`/mission/${missionId}`);
  await driver.getByRole('button', { name: 'Signaler un incident' }).click();
  const incident = driver.getByRole('form', { name: 'Signaler un incident' });
  await incident.getByLabel('Type d’incident').selectOption({ label: 'Panne' });
  await incident
    .getByLabel('Ce qui s’est passé')
    .fill('Crevaison sur l’A1 à hauteur de Péronne, dépanneuse en route.');
  await shootBothThemes(driver, 'delivery-incident-form');
  await incident.getByRole('button', { name: 'Signaler l’incident' }).click();
  await expect(driver.getByText('Incident signalé : panne').first()).toBeVisible();
  await expect(driver.getByRole('list', { name: 'Incidents signalés' })).toContainText('Crevaison sur l’A1');

  // The transporter is alerted at once, and sees it on the mission.
  const alerts = (await (await transporter.request.get('/api/alerts')).json()) as Array<{ title: string }>;
  expect(alerts.map((alert) => alert.title)).toContain('Incident : panne');
  await transporter.goto(`/mission/${missionId}`);
  await expect(transporter.getByRole('list', { name: 'Incidents signalés' })).toContainText('Panne');
  await expect(transporter.getByRole('list', { name: 'Incidents signalés' })).toContainText(
    'Crevaison sur l’A1',
  );

  // "Marquer comme livrée": nothing drawn yet → the dialog says what is missing, keeps the name.
  await driver.getByRole('button', { name: 'Marquer comme livrée' }).click();
  const dialog = driver.getByRole('dialog', { name: 'Preuve de livraison' });
  await dialog.getByLabel('Nom de la personne qui réceptionne').fill('Paul Quai');
  await dialog.getByRole('button', { name: 'Enregistrer et marquer livrée' }).click();
  await expect(dialog.getByText('Faites signer le destinataire dans le cadre')).toBeVisible();
  await expect(dialog.getByLabel('Nom de la personne qui réceptionne')).toHaveValue('Paul Quai');

  await sign(driver);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'bon-de-livraison.png',
    mimeType: 'image/png',
    buffer: SIGNATURE_PNG,
  });
  await expect(dialog.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(dialog.getByText('Position relevée')).toBeVisible();
  // The dialog covers the screen: what the phone shows, not the page behind it.
  await shootBothThemes(driver, 'delivery-proof-dialog', false);
  await dialog.getByRole('button', { name: 'Enregistrer et marquer livrée' }).click();
  await expect(driver.getByText('Mission livrée').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(driver.getByText('Livrée — réceptionnée par Paul Quai')).toBeVisible();
  await shootBothThemes(driver, 'delivery-panel-driver');

  // The transporter downloads the proof-of-delivery PDF.
  await transporter.reload();
  const link = transporter.getByRole('link', { name: 'Télécharger la preuve de livraison (PDF)' });
  await expect(link).toBeVisible();
  await expect(transporter.getByRole('img', { name: 'Signature de Paul Quai' })).toBeVisible();
  await shootBothThemes(transporter, 'delivery-panel-transporter');
  const [download] = await Promise.all([transporter.waitForEvent('download'), link.click()]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(download.suggestedFilename()).toMatch(/^Preuve de livraison M-[0-9A-F]{8}\.pdf$/);
});
