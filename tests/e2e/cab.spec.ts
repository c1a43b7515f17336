import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { deliverByApi } from './delivery-helpers.js';
import { moveMissionStart, shootBothThemes, transporterAndApplicant } from './helpers.js';

/**
 * The phone in the cab (decision 047), on a small phone's screen: « Y aller » under the mission's addresses asks
 * once which app and remembers it on the phone, its link carries the mission's points; while the position is
 * shared the screen is kept on (a fake Screen Wake Lock records what is asked), let go at a pause, when the page
 * is hidden, at the delivery, and never when the driver turned it off.
 */

const PHONE = { width: 360, height: 740 };
const PICKUP = { lat: 48.755312, lng: 2.352187 };
const DELIVERY = { lat: 50.62925, lng: 3.057256 };

interface FakeWakeLock {
  log: string[];
  held: () => number;
  setHidden: (hidden: boolean) => void;
}

/**
 * Replaces navigator.wakeLock before the app loads: each request and release is written down, and a page made
 * hidden loses its locks as a browser's does. The page's visibility is the fake's too.
 */
function installFakeWakeLock() {
  type Sentinel = EventTarget & { released: boolean; type: string; release: () => Promise<void> };
  const log: string[] = [];
  const held = new Set<Sentinel>();
  let hidden = false;
  const drop = (sentinel: Sentinel, why: string) => {
    if (sentinel.released) return;
    sentinel.released = true;
    held.delete(sentinel);
    log.push(why);
    sentinel.dispatchEvent(new Event('release'));
  };
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(navigator, 'wakeLock', {
    configurable: true,
    value: {
      request: (type: string) => {
        log.push(`request ${type}`);
        if (hidden) return Promise.reject(new DOMException('hidden', 'NotAllowedError'));
        const sentinel = Object.assign(new EventTarget(), {
          released: false,
          type,
          release: () => Promise.resolve(drop(sentinel, 'release')),
        });
        held.add(sentinel);
        return Promise.resolve(sentinel);
      },
    },
  });
  const fake: FakeWakeLock = {
    log,
    held: () => held.size,
    setHidden: (value) => {
      hidden = value;
      if (value) for (const sentinel of [...held]) drop(sentinel, 'released by the browser');
      document.dispatchEvent(new Event('visibilitychange'));
    },
  };
  (window as unknown as { fakeWakeLock: FakeWakeLock }).fakeWakeLock = fake;
}

const wakeLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { fakeWakeLock: FakeWakeLock }).fakeWakeLock.log.slice());
const wakeHeld = (page: Page) =>
  page.evaluate(() => (window as unknown as { fakeWakeLock: FakeWakeLock }).fakeWakeLock.held());
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate(
    (value) => (window as unknown as { fakeWakeLock: FakeWakeLock }).fakeWakeLock.setHidden(value),
    hidden,
  );

/** A thumb's target: 44 px at least each way. */
async function expectTouchSize(target: Locator) {
  const box = (await target.boundingBox())!;
  expect(box.height, 'height').toBeGreaterThanOrEqual(44);
  expect(box.width, 'width').toBeGreaterThanOrEqual(44);
}

const waze = ({ lat, lng }: typeof PICKUP) => `https://waze.com/ul?ll=${lat},${lng}&navigate=yes`;
const google = ({ lat, lng }: typeof PICKUP) =>
  `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;

test('« Y aller » opens the remembered app at the mission’s points; the screen stays on while tracked', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { transporter, driver, missionId } = await transporterAndApplicant(browser, PHONE, {
    title: 'Frigo Rungis → Lille',
    pickupAddress: 'MIN de Rungis, bâtiment C3 (quai 12), 94150 Rungis',
    deliveryAddress: 'Entrepôt Nord, 59000 Lille',
    pickupLat: PICKUP.lat,
    pickupLng: PICKUP.lng,
    deliveryLat: DELIVERY.lat,
    deliveryLng: DELIVERY.lng,
    vehicleType: 'semi_frigorifique',
    price: '450',
  });
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
  await driver.addInitScript(installFakeWakeLock);
  // The apps' web addresses answer here, not on the Internet.
  await phone.route(/^https:\/\/(waze\.com|www\.google\.com|maps\.apple\.com)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Navigation</title>' }),
  );

  // The first « Y aller » asks which app: on Android, no Plans; each app is the link itself.
  await driver.goto(`/mission/${missionId}`);
  const firstGo = driver.getByRole('button', { name: 'Y aller, ramassage' });
  await expect(firstGo).toBeVisible();
  await expect(driver.getByRole('button', { name: 'Y aller, livraison' })).toBeVisible();
  await expectTouchSize(firstGo);
  await firstGo.click();
  const chooser = driver.getByRole('dialog', { name: /Avec quelle application y aller/ });
  await expect(chooser.getByRole('link')).toHaveText([
    'Waze',
    'Google Maps',
    /^Application de navigation du téléphone/,
  ]);
  await expect(chooser.getByRole('link', { name: /téléphone/ })).toHaveAttribute(
    'href',
    `geo:${PICKUP.lat},${PICKUP.lng}?q=${PICKUP.lat},${PICKUP.lng}(MIN%20de%20Rungis%2C%20b%C3%A2timent%20C3%20%28quai%2012%29%2C%2094150%20Rungis)`,
  );
  await shootBothThemes(driver, 'cab-first-choice', false, (theme) =>
    expectNoAxeViolations(driver, `app chooser (${theme})`),
  );
  const opened = driver.waitForEvent('popup');
  await chooser.getByRole('link', { name: 'Waze', exact: true }).click();
  const app = await opened;
  expect(app.url()).toBe(waze(PICKUP));
  await app.close();
  await expect(chooser).toBeHidden();

  // Remembered on this phone, after a reload too: « Y aller » is now a link to the point, at once.
  await driver.reload();
  const toPickup = driver.getByRole('link', { name: 'Y aller, ramassage, avec Waze' });
  await expect(toPickup).toHaveAttribute('href', waze(PICKUP));
  await expect(toPickup).toHaveAttribute('target', '_blank');
  await expect(driver.getByRole('link', { name: 'Y aller, livraison, avec Waze' })).toHaveAttribute(
    'href',
    waze(DELIVERY),
  );
  await expectTouchSize(toPickup);
  const change = driver.getByRole('button', { name: 'Changer d’application de navigation (Waze)' }).first();
  await expectTouchSize(change);
  await shootBothThemes(driver, 'cab-mission-sheet', true, (theme) =>
    expectNoAxeViolations(driver, `mission sheet (${theme})`),
  );

  // The app's name beside it changes the app, for both addresses.
  await change.click();
  const settings = driver.getByRole('dialog', { name: 'Application de navigation' });
  await expect(settings.getByRole('button', { name: 'Waze', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await shootBothThemes(driver, 'cab-change-app', false);
  await settings.getByRole('button', { name: 'Google Maps', exact: true }).click();
  await expect(settings).toBeHidden();
  await expect(driver.getByRole('link', { name: 'Y aller, ramassage, avec Google Maps' })).toHaveAttribute(
    'href',
    google(PICKUP),
  );
  await expect(driver.getByRole('link', { name: 'Y aller, livraison, avec Google Maps' })).toHaveAttribute(
    'href',
    google(DELIVERY),
  );

  // The mission starts with the position shared: the screen is held on.
  await phone.grantPermissions(['geolocation']);
  await phone.setGeolocation({ latitude: PICKUP.lat, longitude: PICKUP.lng, accuracy: 15 });
  expect(await wakeLog(driver)).toEqual([]);
  await driver.getByRole('button', { name: 'Démarrer la mission' }).click();
  await driver.getByRole('alertdialog').getByRole('button', { name: 'Partager et démarrer' }).click();
  await expect(driver.getByTestId('tracking-state')).toContainText('Votre position est partagée');
  const awake = driver.getByRole('switch', { name: 'Garder l’écran allumé pendant le suivi' });
  await expect(awake).toBeChecked();
  await expect.poll(() => wakeLog(driver)).toEqual(['request screen']);
  expect(await wakeHeld(driver)).toBe(1);
  const panel = driver.getByTestId('screen-awake');
  await expect(panel).toContainText('L’écran reste allumé tant que Relais est affiché');
  await expect(panel).toContainText('les positions s’arrêtent quand l’écran s’éteint');
  await expectTouchSize(driver.locator('label').filter({ has: awake }));
  // The « En cours » notice of the start (once the server has it) would cover the panel in the pictures.
  await expect(driver.getByRole('button', { name: 'Marquer comme livrée' })).toBeVisible();
  const notice = driver.locator('[aria-label="Fermer la notification"]');
  await notice.waitFor({ timeout: 5000 }).catch(() => undefined);
  if (await notice.isVisible()) await notice.click();
  await expect(notice).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await shootBothThemes(driver, 'cab-screen-awake', false, (theme) =>
    expectNoAxeViolations(driver, `screen kept on (${theme})`),
  );

  // « En savoir plus » leads to the help's answer; the screen stays held there too (the hook is app-wide).
  await panel.getByRole('link', { name: 'En savoir plus' }).click();
  await expect(driver).toHaveURL(/\/documentation#ecran-allume$/);
  const answer = driver.getByRole('article', { name: /Faut-il laisser l’écran allumé/ });
  await expect(answer).toContainText('Posez le téléphone sur un support');
  await answer.scrollIntoViewIfNeeded();
  await shootBothThemes(driver, 'cab-help', false);
  expect(await wakeHeld(driver)).toBe(1);
  await driver.goBack();
  await expect(awake).toBeChecked();

  // Hidden (the driver switched to the navigation app), the browser lets go; shown again, it is asked again.
  await setHidden(driver, true);
  await setHidden(driver, false);
  await expect
    .poll(() => wakeLog(driver))
    .toEqual(['request screen', 'released by the browser', 'request screen']);
  expect(await wakeHeld(driver)).toBe(1);

  // The switch lets go at once, and stays off on this phone after a reload (sharing resumes, the screen not).
  await awake.uncheck();
  await expect.poll(() => wakeHeld(driver)).toBe(0);
  expect((await wakeLog(driver)).at(-1)).toBe('release');
  await expect(panel).toContainText('L’écran s’éteint comme d’habitude');
  await driver.reload();
  await expect(driver.getByTestId('tracking-state')).toContainText('Votre position est partagée');
  await expect(awake).not.toBeChecked();
  await driver.waitForTimeout(500);
  expect(await wakeLog(driver)).toEqual([]);
  await awake.check();
  await expect.poll(() => wakeLog(driver)).toEqual(['request screen']);

  // A pause lets go; « Reprendre » holds it again.
  await driver.getByRole('button', { name: 'Pause' }).click();
  await expect(driver.getByTestId('tracking-indicator')).toContainText('Partage en pause');
  await expect.poll(() => wakeLog(driver)).toEqual(['request screen', 'release']);
  await driver.getByRole('button', { name: 'Reprendre' }).click();
  await expect.poll(() => wakeHeld(driver)).toBe(1);

  // The live map offers « Y aller » too, to the same points, with the app chosen.
  await driver.getByRole('region', { name: 'Suivi en direct' }).getByRole('link', { name: 'Carte' }).click();
  const stops = driver.getByTestId('driver-destinations');
  await expect(stops.getByRole('link', { name: 'Y aller, enlèvement, avec Google Maps' })).toHaveAttribute(
    'href',
    google(PICKUP),
  );
  await expect(stops.getByRole('link', { name: 'Y aller, livraison, avec Google Maps' })).toHaveAttribute(
    'href',
    google(DELIVERY),
  );
  await shootBothThemes(driver, 'cab-tracking-page', false, (theme) =>
    expectNoAxeViolations(driver, `live map for the driver (${theme})`),
  );
  expect(await wakeHeld(driver)).toBe(1);

  // Delivered: sharing stops, and the screen is let go.
  await deliverByApi(driver, missionId);
  await expect(driver.getByTestId('tracking-indicator')).toBeHidden({ timeout: 20_000 });
  await expect.poll(() => wakeHeld(driver)).toBe(0);
  expect((await wakeLog(driver)).at(-1)).toBe('release');
});
