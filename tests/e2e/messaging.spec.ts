import { expect, test } from '@playwright/test';
import {
  publishMissionByApi,
  registerCompanyByApi,
  registerDriverByApi,
  setPlanInDatabase,
  signedInPage,
  transporterAndApplicant,
} from './helpers.js';
import { FULL_CHROMIUM } from './browsers.js';

// The service worker runs in this file (a driver loses the network, as with the installed app); playwright.config.ts blocks it elsewhere.
test.use({ serviceWorkers: 'allow' });
// The Notification API (the offer to be told, the permission, alerts shown by the service worker): the full browser's.
test.use({ launchOptions: FULL_CHROMIUM });

test('a transporter and a driver write to each other about a mission; unread and read marks follow', async ({
  browser,
  page: probe,
}) => {
  const viewport = probe.viewportSize();
  const transporter = await signedInPage(browser, registerCompanyByApi, viewport);
  const driver = await signedInPage(browser, registerDriverByApi, viewport);
  const title = `Plateau Dunkerque ${Date.now().toString(36)}`;
  const missionId = await publishMissionByApi(transporter.request, {
    title,
    description: 'Bobines d’acier, sangles fournies.',
    pickupAddress: '59140 Dunkerque',
    deliveryAddress: '59000 Lille',
    vehicleType: 'plateau',
    price: '380',
  });
  expect(
    (await driver.request.post(`/api/missions/${missionId}/apply`, { data: { message: 'Dispo' } })).status(),
  ).toBe(201);

  // The transporter writes from the applicant's card.
  await transporter.goto(`/mission/${missionId}`);
  await transporter.getByRole('link', { name: 'Écrire' }).click();
  await expect(transporter).toHaveURL(/\/messages\?avec=/);
  await transporter
    .getByLabel('Votre message')
    .fill('Bonjour, chargement à 6 h, plan ici : https://exemple.fr/plan');
  await transporter.getByRole('button', { name: 'Envoyer', exact: true }).click();
  const transporterThread = transporter.getByRole('region', { name: /Conversation avec/ });
  await expect(transporterThread.getByRole('link', { name: 'https://exemple.fr/plan' })).toBeVisible();
  await expect(transporterThread.getByLabel('Envoyé')).toBeVisible();
  // Having written, the transporter is offered notifications (never on load), and can put it off for good.
  const offer = transporter.getByText(/Être prévenu quand .+ répond, même Relais fermé/);
  await expect(offer).toBeVisible();
  await transporter.getByRole('button', { name: 'Plus tard' }).click();
  await expect(offer).toHaveCount(0);

  // The driver sees it unread, opens it (read), answers.
  await driver.goto('/messages');
  const conversation = driver.getByRole('link', { name: /Transports Martin/ });
  await expect(conversation).toContainText('1');
  await conversation.click();
  const driverThread = driver.getByRole('region', { name: /Conversation avec/ });
  await expect(driverThread.getByText('Bonjour, chargement à 6 h')).toBeVisible();
  // Live, without a reload: the transporter sees the driver typing, then the answer.
  await driver.getByLabel('Votre message').pressSequentially('Parfait, je serai là.');
  await expect(transporter.getByText('Jean Routier écrit…')).toBeVisible();
  await driver.getByLabel('Votre message').press('Enter');
  // Sent: the box empties (its text stays there until the server has the message), the thread shows it.
  await expect(driver.getByLabel('Votre message')).toHaveValue('');
  await expect(driverThread.getByText('Parfait, je serai là.')).toBeVisible();
  await expect(transporterThread.getByText('Parfait, je serai là.')).toBeVisible();
  await expect(transporter.getByText('Jean Routier écrit…')).toHaveCount(0);
  await expect(transporterThread.getByLabel('Lu')).toBeVisible();

  // The transporter's alerts list the new application and the message.
  await transporter.goto('/alerts');
  await expect(transporter.getByText('Nouvelle candidature')).toBeVisible();
  await expect(transporter.getByText('Nouveau message')).toBeVisible();
  // The message alert opens that mission's conversation.
  await transporter.getByText('Nouveau message').click();
  await expect(transporter).toHaveURL(new RegExp(`/messages\\?avec=.+&mission=${missionId}$`));
  await expect(transporterThread.getByText('Parfait, je serai là.')).toBeVisible();
  await transporter.goto('/alerts');
  await transporter.getByRole('button', { name: 'Non lues' }).click();
  await expect(transporter.getByText('Nouvelle candidature')).toBeVisible();
  // The server's answer first: a clean-clone run under heavy load once ended with the application's alert still
  // unread, and this tells a request that failed from a list that was not refreshed.
  const readAll = transporter.waitForResponse((response) => response.url().endsWith('/api/alerts/read-all'));
  await transporter.getByRole('button', { name: 'Tout marquer comme lu' }).click();
  expect((await readAll).status()).toBe(200);
  await expect(transporter.getByText('Aucune alerte')).toBeVisible();
});

test('a driver whose signal drops gets what was sent meanwhile, and keeps what they wrote offline', async ({
  browser,
  page: probe,
}) => {
  const { transporter, driver, missionId, transporterId, driverId, write } = await transporterAndApplicant(
    browser,
    probe.viewportSize(),
    {
      title: `Frigo Rungis ${Date.now().toString(36)}`,
      description: 'Palettes de fruits, 2 °C.',
      pickupAddress: '94150 Rungis',
      deliveryAddress: '76600 Le Havre',
      vehicleType: 'porteur_frigorifique',
      price: '520',
    },
  );
  await write('Bonjour, vous êtes retenu ?');

  await driver.goto(`/messages?avec=${transporterId}&mission=${missionId}`);
  const thread = driver.getByRole('region', { name: /Conversation avec/ });
  await expect(thread.getByText('Bonjour, vous êtes retenu ?')).toBeVisible();

  // The signal drops: a message arrives meanwhile, and the driver's answer waits for the network.
  await driver.context().setOffline(true);
  await write('Changement : quai 4, à 5 h 30.');
  await driver.getByLabel('Votre message').fill('Bien noté, quai 4.');
  await driver.getByRole('button', { name: 'Envoyer', exact: true }).click();
  // It waits on the phone, shown under the thread (decision 055); the box is free for the next one.
  await expect(thread.getByTestId('queued-actions')).toContainText('Message : « Bien noté, quai 4. »');
  await expect(driver.getByLabel('Votre message')).toHaveValue('');

  // Back online: the answer leaves by itself, and what was sent meanwhile shows, without a reload.
  await driver.context().setOffline(false);
  await expect(thread.getByText('Bien noté, quai 4.')).toBeVisible();
  await expect(thread.getByTestId('queued-actions')).toHaveCount(0);
  await expect(thread.getByText('Changement : quai 4, à 5 h 30.')).toBeVisible({ timeout: 15_000 });
  await expect(driver.getByText('Hors connexion')).toHaveCount(0);
  expect(
    (
      (await (await transporter.request.get(`/api/messages/${driverId}?missionId=${missionId}`)).json()) as {
        items: Array<{ content: string }>;
      }
    ).items.filter((message) => message.content === 'Bien noté, quai 4.'),
  ).toHaveLength(1);
});

test('a long conversation opens on its newest messages; older ones load on demand and stay in order', async ({
  browser,
  page: probe,
}) => {
  const { transporter, driver, missionId, transporterId, write } = await transporterAndApplicant(
    browser,
    probe.viewportSize(),
    {
      title: `Citerne Fos ${Date.now().toString(36)}`,
      pickupAddress: '13270 Fos-sur-Mer',
      deliveryAddress: '69007 Lyon',
      vehicleType: 'porteur',
      price: '640',
    },
  );
  const email = ((await (await transporter.request.get('/api/auth/me')).json()) as { email: string }).email;
  await setPlanInDatabase(email, 'transporter'); // no daily limit
  for (let i = 1; i <= 55; i++) await write(`Point ${i}`);

  await driver.goto(`/messages?avec=${transporterId}&mission=${missionId}`);
  const thread = driver.getByRole('region', { name: /Conversation avec/ });
  await expect(thread.getByText('Point 55', { exact: true })).toBeVisible();
  await expect(thread.getByText('Point 6', { exact: true })).toBeAttached();
  await expect(thread.getByText('Point 5', { exact: true })).toHaveCount(0);

  await thread.getByRole('button', { name: 'Messages précédents' }).click();
  await expect(thread.getByText('Point 1', { exact: true })).toBeAttached();
  await expect(thread.getByRole('button', { name: 'Messages précédents' })).toHaveCount(0);

  // A new message moves the newest page on; nothing goes missing between the pages.
  await write('Point 56');
  await expect(thread.getByText('Point 56', { exact: true })).toBeVisible();
  const shown = await thread.getByRole('listitem').allInnerTexts();
  const points = shown
    .map((text) => /Point (\d+)/.exec(text)?.[1])
    .filter(Boolean)
    .map(Number);
  expect(points).toEqual(Array.from({ length: 56 }, (_, i) => i + 1));
});
