import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import {
  moveMissionStart,
  publishMissionByApi,
  shootBothThemes,
  transporterAndApplicant,
} from './helpers.js';

/**
 * The mission sheet without network (decision 055), on a small phone: the driver's current and next missions are
 * readable from the copy kept on the phone — after a reload, and for a mission never opened — with the time it was
 * saved; the banner says « Hors connexion » as soon as the network drops; the start, a wait, an incident and a
 * message done offline wait on the phone and are sent once, in order, dated from when they were done, when the
 * network returns; signing out leaves nothing readable.
 */
test.use({ serviceWorkers: 'allow' });

const PHONE = { width: 360, height: 740 };

async function accept(transporter: Page, missionId: string) {
  const detail = (await (await transporter.request.get(`/api/missions/${missionId}`)).json()) as {
    applications: Array<{ id: string }>;
  };
  const accepted = await transporter.request.post(`/api/applications/${detail.applications[0]!.id}/accept`);
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

test('the driver’s missions stay readable offline, and what is done offline is sent once when the network returns', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { transporter, driver, missionId, transporterId, driverId, write } = await transporterAndApplicant(
    browser,
    PHONE,
    {
      title: 'Frigo Rungis → Lille',
      description: 'Quai 12, demander Marc au poste de garde. Palettes filmées, 2 °C.',
      pickupAddress: 'MIN de Rungis, bâtiment C3, 94150 Rungis',
      deliveryAddress: 'Entrepôt Nord, 59000 Lille',
      vehicleType: 'semi_frigorifique',
      price: '450',
    },
  );
  await accept(transporter, missionId);
  await moveMissionStart(missionId, 60);
  const waived = await transporter.request.post(`/api/missions/${missionId}/engagement/waive`, {
    data: { reason: 'Contrat signé sur papier au dépôt ce matin.' },
  });
  expect(waived.ok()).toBe(true);
  await write('Bonjour, le quai 12 vous attend à 6 h.');
  // The next mission, in two days: never opened on the phone.
  const nextId = await publishMissionByApi(
    transporter.request,
    {
      title: 'Retour Lille → Rungis',
      pickupAddress: 'Entrepôt Nord, 59000 Lille',
      deliveryAddress: '94150 Rungis',
      vehicleType: 'semi_frigorifique',
      price: '430',
    },
    2,
  );
  expect((await driver.request.post(`/api/missions/${nextId}/apply`, { data: {} })).status()).toBe(201);
  await accept(transporter, nextId);

  // Online: the sheet opens once; the service worker takes the page (it installs on the first interaction).
  await driver.goto(`/mission/${missionId}`);
  await expect(driver.getByRole('heading', { name: 'Frigo Rungis → Lille' })).toBeVisible();
  await driver.keyboard.press('Tab');
  await driver.evaluate(async () => void (await navigator.serviceWorker.ready));
  await driver.reload();
  await expect.poll(() => driver.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(driver.getByRole('heading', { name: 'Frigo Rungis → Lille' })).toBeVisible();
  // The next mission's sheet has been kept ahead, without being opened.
  await expect
    .poll(() =>
      driver.evaluate(
        (id) =>
          new Promise<boolean>((resolve) => {
            const request = indexedDB.open('relais-offline');
            request.onsuccess = () => {
              const get = request.result.transaction('copies').objectStore('copies').getAll();
              get.onsuccess = () =>
                resolve(get.result.some((copy: { path: string }) => copy.path === `/api/missions/${id}`));
            };
          }),
        nextId,
      ),
    )
    .toBe(true);

  // The network drops: the banner says so at once, before any reload.
  await driver.context().setOffline(true);
  const banner = driver.getByTestId('offline-banner');
  await expect(banner).toContainText('Hors connexion.');

  // A reload and another mission: the sheets come from the phone, with the time they were saved.
  await driver.reload();
  await expect(driver.getByRole('heading', { name: 'Frigo Rungis → Lille' })).toBeVisible();
  await expect(driver.getByText('Quai 12, demander Marc au poste de garde.')).toBeVisible();
  await expect(driver.getByTestId('saved-copy')).toContainText(
    /Fiche enregistrée sur ce téléphone aujourd’hui à \d\d:\d\d/,
  );
  await expect(banner).toContainText('Hors connexion.');
  await driver.goto(`/mission/${nextId}`);
  await expect(driver.getByRole('heading', { name: 'Retour Lille → Rungis' })).toBeVisible();
  await expect(driver.getByTestId('saved-copy')).toBeVisible();
  await shootBothThemes(driver, 'offline-next-mission', true, (theme) =>
    expectNoAxeViolations(driver, `mission sheet offline (${theme})`),
  );

  // Offline at the quay: the driver starts, counts a wait, reports a delay and writes.
  const offlineSince = Date.now();
  await driver.goto(`/mission/${missionId}`);
  await driver.getByRole('button', { name: 'Démarrer la mission' }).click();
  await driver.getByRole('alertdialog').getByRole('button', { name: 'Démarrer sans partager' }).click();
  await expect(driver.getByText('Départ enregistré sur le téléphone', { exact: true })).toBeVisible();
  await driver.getByRole('button', { name: /^Attente au chargement/ }).click();
  await expect(driver.getByText('Attente au chargement en cours')).toBeVisible();
  await driver.getByRole('button', { name: 'Signaler un incident' }).click();
  await driver.getByLabel('Type d’incident').selectOption('delay');
  await driver.getByRole('button', { name: 'Signaler l’incident' }).click();
  await expect(driver.getByText('Incident enregistré sur le téléphone', { exact: true })).toBeVisible();
  const queued = driver.getByTestId('queued-actions');
  await expect(queued.getByRole('listitem')).toHaveText([
    /^Début de la mission · faite à/,
    /^Début de l’attente au chargement · faite à/,
    /^Incident : retard · faite à/,
  ]);
  await shootBothThemes(driver, 'offline-queued', true, (theme) =>
    expectNoAxeViolations(driver, `queued actions (${theme})`),
  );
  await driver.goto(`/messages?avec=${transporterId}&mission=${missionId}`);
  const thread = driver.getByRole('region', { name: /Conversation avec/ });
  await expect(thread.getByText('Bonjour, le quai 12 vous attend à 6 h.')).toBeVisible();
  await driver.getByLabel('Votre message').fill('Arrivé au quai 12, on attend.');
  await driver.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(thread.getByTestId('queued-actions')).toContainText(
    'Message : « Arrivé au quai 12, on attend. »',
  );
  await expect(driver.getByLabel('Votre message')).toHaveValue('');
  await expect(banner).toContainText('4 actions faites hors connexion partiront au retour du réseau.');
  // Nothing has reached the transporter yet.
  const state = async () =>
    (await (await transporter.request.get(`/api/missions/${missionId}`)).json()) as {
      mission: { status: string; startedAt: string | null };
    };
  expect((await state()).mission.status).toBe('assigned');

  // The network returns: the four leave, in order, once, dated from when they were done.
  const backAt = Date.now();
  await driver.context().setOffline(false);
  await expect(driver.getByText('4 actions envoyées', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(banner).toHaveCount(0);
  await expect(thread.getByText('Arrivé au quai 12, on attend.')).toBeVisible();
  const after = await state();
  expect(after.mission.status).toBe('in_progress');
  const startedAt = new Date(after.mission.startedAt!).getTime();
  expect(startedAt).toBeGreaterThanOrEqual(offlineSince - 1_000);
  expect(startedAt).toBeLessThan(backAt);
  const delivery = (await (await transporter.request.get(`/api/missions/${missionId}/delivery`)).json()) as {
    incidents: Array<{ type: string; occurredAt: string }>;
    waiting: { open: { place: string; startedAt: string } | null };
  };
  expect(delivery.incidents.map((incident) => incident.type)).toEqual(['delay']);
  expect(new Date(delivery.incidents[0]!.occurredAt).getTime()).toBeLessThan(backAt);
  expect(delivery.waiting.open?.place).toBe('pickup');
  expect(new Date(delivery.waiting.open!.startedAt).getTime()).toBeLessThan(backAt);
  const messages = (await (
    await transporter.request.get(`/api/messages/${driverId}?missionId=${missionId}`)
  ).json()) as { items: Array<{ content: string }> };
  expect(
    messages.items.filter((message) => message.content === 'Arrivé au quai 12, on attend.'),
  ).toHaveLength(1);

  // Signed out: nothing of the account is readable on the phone any more, even offline.
  await driver.goto('/dashboard');
  await driver.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await driver.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(driver).toHaveURL(/\/$/);
  await driver.context().setOffline(true);
  await driver.goto(`/mission/${missionId}`);
  await expect(driver.getByRole('heading', { name: 'Pas de réseau pour le moment' })).toBeVisible();
  await expect(driver.getByText('Quai 12, demander Marc')).toHaveCount(0);
  await driver.context().setOffline(false);
});
