import { expect, test } from '@playwright/test';
import {
  openMenu,
  publishMissionByApi,
  registerCompanyByApi,
  registerDriverByApi,
  signedInPage,
} from './helpers.js';
import { FULL_CHROMIUM } from './browsers.js';

// The service worker runs in this file (pushed alerts are shown by the service worker); playwright.config.ts blocks it elsewhere.
test.use({ serviceWorkers: 'allow' });
// The Notification API (the offer to be told, the permission, alerts shown by the service worker): the full browser's.
test.use({ launchOptions: FULL_CHROMIUM });

test('a driver’s alert badge rises when a mission in their zone is published, without a reload', async ({
  browser,
  page: probe,
}) => {
  const viewport = probe.viewportSize();
  const driver = await signedInPage(browser, registerDriverByApi, viewport);
  const transporter = await signedInPage(browser, registerCompanyByApi, viewport);
  const profile = await driver.request.put('/api/profile', {
    data: { fullName: 'Jean Routier', phone: '0612345678', currentLocation: 'Arras' },
  });
  expect(profile.status()).toBe(200);

  await driver.goto('/dashboard');
  const menu = await openMenu(driver);
  const alertsLink = menu.getByRole('link', { name: /Alertes & Notifications/ });
  await expect(alertsLink).toBeVisible();
  await expect(alertsLink.getByLabel(/non lus/)).toHaveCount(0);

  const title = `Citerne Lille ${Date.now().toString(36)}`;
  await publishMissionByApi(transporter.request, {
    title,
    pickupAddress: 'Port fluvial, 59000 Lille',
    deliveryAddress: '75012 Paris',
    vehicleType: 'citerne',
    price: '300',
  });
  // Delivered on the open socket: well before the 30 s polling.
  await expect(alertsLink.getByLabel('1 non lus')).toBeVisible({ timeout: 8000 });

  await alertsLink.click();
  await expect(driver.getByRole('heading', { name: 'Alertes & Notifications' })).toBeVisible();
  await expect(driver.getByText(`« ${title} » : départ de Lille`)).toBeVisible();
  await driver.getByText('Nouvelle mission').first().click();
  await expect(driver).toHaveURL(/\/mission\//);
  await expect(driver.getByRole('heading', { name: title })).toBeVisible();
});

test('notification preferences: the permission is asked from a click, the choices are kept', async ({
  browser,
  page: probe,
}) => {
  const driver = await signedInPage(browser, registerDriverByApi, probe.viewportSize());
  await driver.goto('/alerts');
  // Nothing is asked on load: the browser's permission is still "default".
  const state = driver.getByTestId('notification-state');
  await expect(state).toHaveAttribute('data-state', 'default');
  await expect(driver.getByRole('button', { name: 'Activer les notifications' })).toBeVisible();
  await expect(driver.getByRole('link', { name: 'Indiquez votre ville dans votre profil' })).toBeVisible();

  await driver.getByLabel('Messages : E-mail').uncheck();
  await driver.getByLabel('Zone des nouvelles missions').selectOption('50');
  await driver.getByRole('button', { name: 'Enregistrer les préférences' }).click();
  await expect(driver.getByText('Préférences enregistrées').first()).toBeVisible();
  await driver.reload();
  await expect(driver.getByLabel('Messages : E-mail')).not.toBeChecked();
  await expect(driver.getByLabel('Messages : Push')).toBeChecked();
  await expect(driver.getByLabel('Zone des nouvelles missions')).toHaveValue('50');

  // Granted: the page says so (push itself needs a push service, absent here).
  await driver.context().grantPermissions(['notifications']);
  await driver.reload();
  await expect(state).toHaveAttribute('data-state', 'granted');
});

test('the service worker shows a pushed alert with its title, body, icon and link', async ({
  browser,
  page: probe,
}) => {
  const driver = await signedInPage(browser, registerDriverByApi, probe.viewportSize());
  await driver.context().grantPermissions(['notifications']);
  const cdp = await driver.context().newCDPSession(driver);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await driver.goto('/alerts');
  // `ready` resolves once the worker is activating; a push is for an activated worker (a real push service only
  // reaches it once subscribed, after that), and Workbox's activation (old caches removed) can take a while under
  // load: wait for it.
  await driver.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state !== 'activated')
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
  });
  const origin = new URL(driver.url()).origin;
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();

  // What the server sends for an alert (features/alerts/subscriber.ts), delivered as a push service would.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registrations.get(`${origin}/`)!,
    data: JSON.stringify({
      title: 'Nouvelle mission',
      body: 'Une nouvelle mission est disponible',
      link: '/missions',
      tag: 'alerte-1',
    }),
  });
  // The push wakes the service worker, which fetches the icon and shows the notification: a chain of processes that
  // takes milliseconds on a quiet machine and passed 10 s once beside the other project's width sweep.
  await expect
    .poll(
      () =>
        driver.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
            title: notification.title,
            body: notification.body,
            icon: new URL(notification.icon).pathname,
            tag: notification.tag,
            link: (notification.data as { link: string }).link,
          })),
        ),
      { timeout: 30_000 },
    )
    .toEqual([
      {
        title: 'Nouvelle mission',
        body: 'Une nouvelle mission est disponible',
        icon: '/icons/icon-192x192.png',
        tag: 'alerte-1',
        link: '/missions',
      },
    ]);
});
