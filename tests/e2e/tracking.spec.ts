import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { moveMissionStart, transporterAndApplicant, shootBothThemes } from './helpers.js';

// The service worker runs in this file (a driver loses the network, as with the installed app); playwright.config.ts blocks it elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * Live tracking (decision 019) with Chromium's geolocation emulation: the driver starts the mission after the
 * explanation, drives north from Rungis, loses the network (points kept on the phone), gets it back (they
 * arrive); the transporter, in another browser, watches the map update live, then sees the pause.
 */

/** A point `km` north of Rungis (0.009° of latitude is about 1 km). */
const along = (km: number) => ({ latitude: 48.746 + km * 0.009, longitude: 2.35, accuracy: 15 });

test('the transporter follows the driver live, through a loss of network and a pause', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { transporter, driver, missionId } = await transporterAndApplicant(browser, null, {
    title: 'Semi frigo Rungis → Lille',
    pickupAddress: 'MIN de Rungis, 94150 Rungis',
    deliveryAddress: '59000 Lille',
    vehicleType: 'semi_frigorifique',
    price: '450',
  });
  // The transporter chooses the driver and waives the signatures; the start is an hour away (startable now).
  const detail = (await (await transporter.request.get(`/api/missions/${missionId}`)).json()) as {
    applications: Array<{ id: string }>;
  };
  expect(
    (await transporter.request.post(`/api/applications/${detail.applications[0]!.id}/accept`)).ok(),
  ).toBe(true);
  await moveMissionStart(missionId, 60);
  expect(
    (
      await transporter.request.post(`/api/missions/${missionId}/engagement/waive`, {
        data: { reason: 'Contrat signé sur papier au dépôt ce matin.' },
      })
    ).ok(),
  ).toBe(true);

  const phone = driver.context();
  await phone.grantPermissions(['geolocation']);
  await phone.setGeolocation(along(0));

  // Nothing is shared before the start: the explanation comes first.
  await driver.goto(`/mission/${missionId}`);
  await driver.getByRole('button', { name: 'Démarrer la mission' }).click();
  const dialog = driver.getByRole('alertdialog');
  await expect(dialog).toContainText('Qui la voit');
  await expect(dialog).toContainText('effacées 30 jours après la fin de la mission');
  await shootBothThemes(driver, 'tracking-start-dialog');
  await dialog.getByRole('button', { name: 'Partager et démarrer' }).click();
  await expect(driver.getByTestId('tracking-indicator')).toContainText('Position partagée');
  await expect(driver.getByTestId('tracking-state')).toContainText('Votre position est partagée');

  // The driver moves: a point every 200 m at least (here every 2 km).
  for (const km of [2, 4, 6]) {
    await phone.setGeolocation(along(km));
    await driver.waitForTimeout(300);
  }

  // The transporter opens the live map.
  await transporter.goto(`/mission/${missionId}/tracking`);
  const map = transporter.getByTestId('tracking-map');
  await expect(map).toBeVisible();
  await expect
    .poll(async () => Number(await map.getAttribute('data-points')), { timeout: 45_000 })
    .toBeGreaterThanOrEqual(3);
  const before = Number(await map.getAttribute('data-points'));
  await expect(transporter.getByTestId('seen-ago')).toHaveText(/à l’instant|il y a \d+ min/);

  // No network: the points stay on the phone.
  await phone.setOffline(true);
  for (const km of [8, 10, 12]) {
    await phone.setGeolocation(along(km));
    await driver.waitForTimeout(300);
  }
  await expect(driver.getByTestId('tracking-state')).toContainText('3 points en attente d’envoi');
  await shootBothThemes(driver, 'tracking-driver-offline');
  await transporter.waitForTimeout(2000);
  expect(Number(await map.getAttribute('data-points'))).toBe(before);

  // The network returns: the queued points go at once and the transporter's map follows, without a reload.
  await phone.setOffline(false);
  await expect
    .poll(async () => Number(await map.getAttribute('data-points')), { timeout: 20_000 })
    .toBe(before + 3);
  await expect(driver.getByTestId('tracking-state')).toContainText('Tous les points sont envoyés');
  await shootBothThemes(transporter, 'tracking-live-map');

  // The driver sees who looked at the positions.
  await expect(driver.getByTestId('tracking-views')).toContainText('Claire Martin · Transports Martin');

  // A pause: the transporter sees it live.
  await driver.getByRole('button', { name: 'Pause' }).click();
  await expect(driver.getByTestId('tracking-indicator')).toContainText('Partage en pause');
  await expect(transporter.getByTestId('tracking-paused')).toContainText('Suivi en pause');
  await shootBothThemes(transporter, 'tracking-paused');

  // The transporter's deliveries page lists it.
  await transporter.goto('/delivery-tracking');
  await expect(transporter.getByTestId('active-deliveries')).toContainText('Semi frigo Rungis → Lille');
  await expect(transporter.getByTestId('active-deliveries')).toContainText('Suivi en pause');
  // The vehicle is a button with a name (which mission, which state), not an anonymous dot.
  await expect(
    transporter.getByRole('button', { name: /Semi frigo Rungis → Lille — .*suivi en pause/ }),
  ).toBeVisible();
  await shootBothThemes(transporter, 'tracking-deliveries', true, (theme) =>
    expectNoAxeViolations(transporter, `delivery-tracking (${theme})`),
  );

  // A reload of the phone: the tracked mission is remembered (still paused), then resumed.
  await driver.reload();
  await expect(driver.getByTestId('tracking-indicator')).toContainText('Partage en pause');
  await driver.getByRole('button', { name: 'Reprendre' }).click();
  await expect(driver.getByTestId('tracking-indicator')).toContainText('Position partagée');
  await expect(transporter.getByTestId('active-deliveries')).not.toContainText('Suivi en pause');
});
