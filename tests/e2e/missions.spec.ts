import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { sign } from './delivery-helpers.js';
import {
  acceptCookies,
  inDatabase,
  isPhone,
  localDateTime,
  moveMissionStart,
  openMenu,
  registerCompanyByApi,
  registerDriverByApi,
  signedInPage,
  publishMissionByApi,
  shootBothThemes,
  verificationLink,
} from './helpers.js';

/** Pictures at the narrowest phone width Relais supports (360 px) or the desktop's, in both themes (E2E_SHOTS_DIR). */
async function shoot(page: Page, name: string) {
  if (!process.env.E2E_SHOTS_DIR) return;
  const size = page.viewportSize()!;
  if (isPhone(page)) await page.setViewportSize({ width: 360, height: size.height });
  await shootBothThemes(page, name);
  await page.setViewportSize(size);
}

test('a transporter publishes, a driver finds and applies, the mission runs to completion, its waiting billed', async ({
  browser,
  page: probe,
}) => {
  // The whole lifecycle in two browsers (about 30 s on a quiet machine) passed 120 s on a clean clone beside both
  // API passes: it gets the tracking journey's budget; each wait keeps its own 10 s.
  test.setTimeout(180_000);
  const viewport = probe.viewportSize();
  const title = `Semi frigo Rungis → Lesquin ${Date.now().toString(36)}`;

  // The transporter publishes through the form; the §5 messages show under the fields first.
  const transporter = await signedInPage(browser, registerCompanyByApi, viewport);
  await transporter.goto('/missions');
  await transporter.getByRole('button', { name: 'Publier une mission' }).click();
  await transporter.getByRole('button', { name: 'Publier la mission' }).click();
  await expect(transporter.getByText('Le titre est requis')).toBeVisible();
  await expect(transporter.getByText('Le type de véhicule est requis')).toBeVisible();
  await transporter.getByLabel('Titre').fill(title);
  await transporter
    .getByLabel('Description')
    .fill('Palettes de produits frais, quai 12, déchargement par hayon.');
  await transporter.getByLabel('Adresse de ramassage').fill('1 rue de la Tour, 94150 Rungis');
  await transporter.getByLabel('Adresse de livraison').fill('Zone logistique, 59810 Lesquin');
  await transporter.getByLabel('Début').fill(localDateTime(2, 5));
  await transporter.getByLabel('Fin').fill(localDateTime(2, 4));
  await transporter.getByLabel('Type de véhicule').selectOption('semi_frigorifique');
  await transporter.getByLabel('Prix (€)').fill('12,345');
  // The goods and the waiting rate the transport order states (decision 042): an independent carrier, at a flat price.
  await transporter.getByLabel('Poids brut (facultatif)').fill('45 t');
  await transporter.getByLabel('Nombre de palettes (facultatif)').fill('2,5');
  await transporter.getByRole('radio', { name: /Prestation d’un indépendant/ }).check();
  const waiting = transporter.getByRole('group', { name: /Tarif d’attente/ });
  await expect(waiting.getByLabel('Franchise par opération')).toHaveValue('60');
  await waiting.getByLabel('Prix par quart d’heure commencé (€ HT)').fill('150');
  await transporter.getByRole('button', { name: 'Publier la mission' }).click();
  await expect(transporter.getByText('Format de prix invalide')).toBeVisible();
  await expect(transporter.getByText('La date de fin doit être après la date de début')).toBeVisible();
  await expect(transporter.getByText(/^Le poids ne doit pas dépasser 44\s+t : /)).toBeVisible();
  await expect(transporter.getByText('Indiquez un nombre entier de palettes')).toBeVisible();
  await expect(
    waiting.getByText(/^Le prix d’un quart d’heure d’attente ne doit pas dépasser 100\s+€$/),
  ).toBeVisible();
  await shoot(transporter, 'mission-form-errors');
  await transporter.getByLabel('Fin').fill(localDateTime(2, 15));
  await transporter.getByLabel('Prix (€)').fill('420');
  await transporter.getByLabel('Poids brut (facultatif)').fill('24,5 t');
  await transporter.getByLabel('Nombre de palettes (facultatif)').fill('33');
  await waiting.getByLabel('Prix par quart d’heure commencé (€ HT)').fill('12,50');
  await transporter.getByRole('button', { name: 'Publier la mission' }).click();
  await expect(transporter).toHaveURL(/\/mission\/[0-9a-f-]{36}$/);
  await expect(transporter.getByRole('heading', { name: title })).toBeVisible();
  const missionUrl = new URL(transporter.url()).pathname;
  const missionId = missionUrl.split('/').pop()!;
  // The mission says them.
  await expect(transporter.getByText(/^24,5\s+t · 33\s+palettes$/)).toBeVisible();
  await expect(
    transporter.getByText(
      /^12,50\s+€\s+HT par quart d’heure commencé au-delà d’une franchise de 1\s+h par opération \(chargement, livraison\)$/,
    ),
  ).toBeVisible();
  await shoot(transporter, 'mission-transport-terms');

  // The driver finds it in /explorer by city and radius, and applies.
  const driver = await signedInPage(browser, registerDriverByApi, viewport);
  await driver.goto('/explorer');
  await driver.getByLabel('Ville de chargement').fill('Paris');
  await driver.getByLabel('Rayon').selectOption('25');
  await driver.getByRole('button', { name: 'Rechercher' }).click();
  await expect(driver).toHaveURL(/city=Paris/);
  await driver.getByRole('link', { name: new RegExp(title) }).click();
  await expect(driver).toHaveURL(new RegExp(`${missionUrl}$`));
  await driver.getByLabel('Message au transporteur (facultatif)').fill('Disponible dès 4 h.');
  await driver.getByRole('button', { name: 'Postuler à cette mission' }).click();
  await expect(driver.getByText('En attente', { exact: true })).toBeVisible();

  // The transporter chooses the driver, after saying yes to what it means.
  await transporter.reload();
  await expect(transporter.getByText('« Disponible dès 4 h. »')).toBeVisible();
  await transporter.getByRole('button', { name: 'Retenir ce chauffeur' }).click();
  const confirm = transporter.getByRole('alertdialog', { name: 'Retenir Jean Routier ?' });
  await expect(confirm).toContainText('Aucune autre candidature n’est en attente.');
  await confirm.getByRole('button', { name: 'Retenir ce chauffeur' }).click();
  await expect(transporter.getByText('Chauffeur retenu : Jean Routier')).toBeVisible();
  await expect(confirm).toHaveCount(0);

  // Two days ahead, "Démarrer" waits, and says until when; on the morning it works.
  await driver.reload();
  await expect(driver.getByRole('button', { name: 'Démarrer la mission' })).toBeDisabled();
  await expect(
    driver.getByText(/^Vous pourrez démarrer à partir du .+, 2 h avant le départ prévu\.$/),
  ).toBeVisible();
  await moveMissionStart(missionId, 60);
  // The transport order says the carrier's register number is missing: the driver gives it in their profile, and
  // the order, not signed yet, is made again with it.
  const driverPanel = driver.getByRole('region', { name: 'Document d’engagement' });
  await expect(driverPanel.getByText('Ordre de transport', { exact: true })).toBeVisible();
  await expect(
    driverPanel.getByText(/Votre numéro d’inscription au registre des transporteurs manque/),
  ).toBeVisible();
  await shoot(driver, 'mission-order-missing-register');
  await driverPanel.getByRole('link', { name: 'Ajoutez-le à votre profil' }).click();
  await driver.getByLabel('N° d’inscription au registre des transporteurs (facultatif)').fill('licence 12');
  await driver.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(driver.getByText('Numéro d’inscription invalide', { exact: false })).toBeVisible();
  await driver
    .getByLabel('N° d’inscription au registre des transporteurs (facultatif)')
    .fill('2024/11/0012345');
  await driver.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(driver.getByText('Profil enregistré').first()).toBeVisible();
  await driver.goto(missionUrl);
  await expect(driverPanel.getByText('Ordre de transport', { exact: true })).toBeVisible();
  await expect(driverPanel.getByText(/manque à l’ordre de transport/)).toHaveCount(0);
  await shoot(driver, 'mission-order-driver');
  const order = await transporter.request.get(`/api/missions/${missionId}/engagement/file`);
  expect(order.status()).toBe(200);
  expect(order.headers()['content-type']).toBe('application/pdf');
  if (process.env.E2E_SHOTS_DIR)
    await writeFile(
      `${process.env.E2E_SHOTS_DIR}/ordre-de-transport-${test.info().project.name}.pdf`,
      await order.body(),
    );
  // Not before the engagement document is signed, or the transporter lets the driver start without, in writing.
  const engagement = transporter.getByRole('region', { name: 'Document d’engagement' });
  await expect(engagement.getByText('Ordre de transport', { exact: true })).toBeVisible();
  await engagement.getByRole('button', { name: 'Démarrer sans signatures…' }).click();
  await engagement
    .getByLabel('Pourquoi le chauffeur démarre-t-il sans signatures ?')
    .fill('Contrat papier signé au dépôt ce matin.');
  await engagement.getByRole('button', { name: 'Confirmer' }).click();
  await expect(engagement.getByText(/a accepté de démarrer sans signatures/)).toBeVisible();
  await driver.reload();
  // Starting explains the position sharing first; this driver starts without sharing.
  await driver.getByRole('button', { name: 'Démarrer la mission' }).click();
  await driver.getByRole('alertdialog').getByRole('button', { name: 'Démarrer sans partager' }).click();
  await expect(driver.getByText('En cours').first()).toBeVisible();
  // The driver waits at the quay: 1 h 40 (time passes in the database), beyond the hour of franchise.
  const box = driver.getByRole('group', { name: 'Temps d’attente' });
  await expect(box.getByText('Au-delà de la franchise, il est facturé', { exact: false })).toBeVisible();
  await box.getByRole('button', { name: 'Attente au chargement' }).click();
  await expect(box.getByRole('timer')).toBeVisible();
  await inDatabase(
    `update waiting_periods set started_at = now() - interval '100 minutes 20 seconds' where mission_id = $1`,
    [missionId],
  );
  await box.getByRole('button', { name: 'Arrêter l’attente' }).click();
  await expect(box.getByText(/Déjà compté : 1\s+h\s+40\s+au chargement\./)).toBeVisible();
  // Delivered with the recipient's name and signature.
  await driver.getByRole('button', { name: 'Marquer comme livrée' }).click();
  const proof = driver.getByRole('dialog', { name: 'Preuve de livraison' });
  await proof.getByLabel('Nom de la personne qui réceptionne').fill('Paul Quai');
  await sign(driver);
  await proof.getByRole('button', { name: 'Enregistrer et marquer livrée' }).click();
  // Delivered once the dialog has closed and the status reads so (not "Marquer comme livrée", still on screen).
  await expect(proof).toHaveCount(0);
  await expect(driver.getByText('Livrée', { exact: true }).first()).toBeVisible();
  await transporter.reload();
  await transporter.getByRole('button', { name: 'Confirmer la fin de mission' }).click();
  await expect(transporter.getByText('Terminée').first()).toBeVisible();
  await expect(transporter.getByText('Fin de mission confirmée')).toBeVisible();

  // What it owes: the flat price and the waiting beyond the franchise, 3 started quarters at 12,50 €.
  await transporter.getByRole('link', { name: 'Règlement' }).click();
  await expect(transporter.getByText('Forfait = 420,00 €', { exact: false })).toBeVisible();
  await expect(transporter.getByText(/^3 quarts d’heure commencés × 12,50\s+€ = 37,50\s+€$/)).toBeVisible();
  await expect(transporter.getByTestId('payment-amount')).toHaveText(/^457,50\s+€$/);
  await expect(
    transporter.getByTestId('payment-waiting').getByText(/facturé au-delà de la franchise : 37,50\s+€ HT/),
  ).toBeVisible();
  await shoot(transporter, 'payment-waiting-billed');

  // Both dashboards show it: the driver's earnings before VAT, waiting included.
  await driver.goto('/dashboard');
  await expect(driver.getByText('Terminée ce mois-ci')).toBeVisible();
  await expect(driver.getByText(/^457,50\s+€$/)).toBeVisible();
  await transporter.goto('/dashboard');
  await expect(
    transporter.getByRole('link', { name: new RegExp(`Fin de mission confirmée · ${title}`) }),
  ).toBeVisible();
  // …and both histories, with the CSV export.
  await driver.goto('/mission-history');
  await expect(driver.getByRole('heading', { name: title })).toBeVisible();
  await transporter.goto('/mission-history');
  await expect(transporter.getByRole('heading', { name: title })).toBeVisible();
  const download = transporter.waitForEvent('download');
  await transporter.getByRole('link', { name: 'Exporter en CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv).toContain(title);
  expect(csv).toContain(';Terminée;420,00;');
  const menu = await openMenu(transporter);
  await expect(menu.getByRole('link', { name: 'Missions' })).toBeVisible();
});

test('anonymous visitors see cities, not addresses, and are invited to sign up', async ({
  page,
  request,
}) => {
  await acceptCookies(page);
  await registerCompanyByApi(request);
  const title = `Benne chantier Lyon ${Date.now().toString(36)}`;
  await publishMissionByApi(request, {
    title,
    description: 'Évacuation de gravats.',
    pickupAddress: '12 rue Secrète, 69007 Lyon',
    deliveryAddress: '42000 Saint-Étienne',
    vehicleType: 'benne',
    price: '300',
  });
  await page.goto(`/explorer?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('12 rue Secrète')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Créer un compte' })).toBeVisible();
  // The same search on the map (Leaflet loads then): one dot for the mission, near Lyon.
  await page.getByRole('button', { name: 'Carte' }).click();
  await expect(page).toHaveURL(/vue=carte/);
  await expect(page.getByRole('region', { name: 'Carte des missions' })).toBeVisible();
  await expect(page.locator('path.leaflet-interactive')).toHaveCount(1);
  // Under the tiles (which do not load here), the built-in base layer: France, its neighbours, main cities.
  await expect(page.locator('path.relais-france')).toHaveCount(1);
  await expect(page.locator('.relais-city', { hasText: 'Lyon' })).toBeVisible();
});

test('a title written as markup shows as text on the map, never as a link', async ({ page, request }) => {
  await acceptCookies(page);
  await registerCompanyByApi(request);
  const tag = `piege${Date.now().toString(36)}`;
  const title = `<b>${tag}</b><a href=//evil.example>Se connecter</a>`;
  await publishMissionByApi(request, {
    title,
    pickupAddress: '69007 Lyon',
    deliveryAddress: '42000 Saint-Étienne',
    vehicleType: 'benne',
    price: '300',
  });
  // An anonymous visitor, on the map of /explorer.
  await page.goto(`/explorer?q=${tag}&vue=carte`);
  const map = page.getByRole('region', { name: 'Carte des missions' });
  const dot = map.locator('path.leaflet-interactive');
  await expect(dot).toHaveCount(1);
  await dot.hover();
  await expect(map.locator('.leaflet-tooltip')).toHaveText(title);
  await dot.click();
  await expect(map.locator('.leaflet-popup-content')).toContainText(title);
  await expect(map.locator('a[href*="evil.example"]')).toHaveCount(0);
  await expect(map.locator('.leaflet-tooltip b, .leaflet-popup-content b')).toHaveCount(0);
  await expect(map.getByRole('link', { name: 'Se connecter' })).toHaveCount(0);
});

test('a transporter cancels a mission with a reason of ten characters at least, said under the field', async ({
  page,
}) => {
  await acceptCookies(page);
  await registerCompanyByApi(page.request);
  const missionId = await publishMissionByApi(page.request, {
    title: 'Porteur Nantes → Rennes',
    pickupAddress: '44000 Nantes',
    deliveryAddress: '35000 Rennes',
    vehicleType: 'porteur',
    price: '280',
  });
  await page.goto(`/mission/${missionId}`);
  await page.getByRole('button', { name: 'Annuler la mission' }).click();
  const reason = page.getByLabel(/Motif de l’annulation/);
  await reason.fill('Annulée');
  await page.getByRole('button', { name: 'Confirmer : annuler la mission' }).click();
  await expect(page.getByText('Indiquez la raison (10 caractères au moins)')).toBeVisible();
  await reason.fill('Le client a reporté la livraison à la semaine prochaine.');
  await expect(page.getByText('Indiquez la raison (10 caractères au moins)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirmer : annuler la mission' }).click();
  await expect(page.getByText('Annulée', { exact: true }).first()).toBeVisible();
  const stored = await page.request.get(`/api/missions/${missionId}`);
  expect(stored.status()).toBe(200);
  expect(((await stored.json()) as { mission: { status: string } }).mission.status).toBe('cancelled');
});

test('a driver’s map starts from the profile city', async ({ page }) => {
  await acceptCookies(page);
  await registerDriverByApi(page.request);
  const me = await page.request.put('/api/profile', {
    data: { fullName: 'Jean Routier', phone: '0612345678', currentLocation: 'Lille' },
  });
  expect(me.status()).toBe(200);
  await page.goto('/driver-map');
  await expect(page).toHaveURL(/city=Lille/);
  await expect(page.getByRole('region', { name: 'Carte des missions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Carte' })).toHaveAttribute('aria-pressed', 'true');
});

test('the form says where an address will be placed, or that it cannot be; a pin places it by hand', async ({
  page,
}) => {
  await acceptCookies(page);
  await registerCompanyByApi(page.request);
  await page.goto('/missions');
  await page.getByRole('button', { name: 'Publier une mission' }).click();
  // Without the address service (GEOCODER_URL=off here): the commune, read from the postcode first.
  await page.getByLabel('Adresse de ramassage').fill('1 Rue de la Tour, 94150 Rungis');
  await expect(page.getByText('Placé d’après la commune : Rungis (94150)')).toBeVisible();
  await page.getByLabel('Adresse de livraison').fill('Entrepôt B, quelque part');
  await expect(page.getByText(/^Adresse non placée : ajoutez le code postal/)).toBeVisible();
  await page.getByRole('button', { name: 'Placer sur la carte' }).last().click();
  const map = page.getByRole('application', { name: /adresse de livraison/ });
  await expect(map).toBeVisible();
  await map.click({ position: { x: 120, y: 90 } });
  await expect(page.getByText(/^Point placé sur la carte : \d+\.\d{5}, -?\d+\.\d{5}$/)).toBeVisible();
});

test('a Freemium driver sees the monthly limit and the way to Premium', async ({ page, request }) => {
  await acceptCookies(page);
  await registerCompanyByApi(request);
  await registerDriverByApi(page.request);
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    ids.push(
      await publishMissionByApi(
        request,
        {
          title: `Porteur Lille ${i}`,
          pickupAddress: '59000 Lille',
          deliveryAddress: '62000 Arras',
          vehicleType: 'porteur',
          price: '250',
        },
        5,
      ),
    );
  }
  await page.goto(`/mission/${ids[0]}`);
  await expect(page.getByText('3 candidatures restantes ce mois-ci')).toBeVisible();
  for (const id of ids.slice(0, 3))
    expect((await page.request.post(`/api/missions/${id}/apply`, { data: {} })).status()).toBe(201);
  await page.goto(`/mission/${ids[3]}`);
  await expect(page.getByText(/Vous avez utilisé vos 3 candidatures du mois/)).toBeVisible();
  await page.getByRole('link', { name: 'Voir les formules' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('a shared mission link shows visitors the mission, and "Postuler" brings them back to it signed up', async ({
  page,
  request,
}) => {
  await acceptCookies(page);
  await registerCompanyByApi(request);
  const title = `Porteur frigo Rungis ${Date.now().toString(36)}`;
  const id = await publishMissionByApi(request, {
    title,
    pickupAddress: '7 rue du Quai Secret, 94150 Rungis',
    deliveryAddress: '59810 Lesquin',
    vehicleType: 'porteur_frigorifique',
    price: '380',
  });
  // From /explorer, the card now opens the mission.
  await page.goto(`/explorer?q=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/mission/${id}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('380,00 €')).toBeVisible();
  await expect(page.getByText('Quai Secret')).toHaveCount(0);
  await page.getByRole('button', { name: 'Postuler' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText('Une fois connecté, vous reviendrez à la page demandée.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Inscription chauffeur' });
  await form.getByLabel('Nom complet').fill('Nadia Routière');
  const email = `lien-partage-${Date.now().toString(36)}@exemple.fr`;
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Téléphone').fill('06 11 22 33 44');
  await form.getByLabel('Mot de passe', { exact: true }).fill('secret123');
  await form.getByLabel('Numéro de permis').fill('99XY12345');
  await form.getByLabel('Type de permis').selectOption('C');
  await form.getByRole('button', { name: 'Créer mon compte chauffeur' }).click();
  await expect(page.getByRole('heading', { name: 'Vérifiez votre boîte mail' })).toBeVisible();
  // The mail's link, opened in another tab, creates the account and brings the driver back to the mission,
  // signed in, with the address and the way to apply (decision 039).
  const mailTab = await page.context().newPage();
  await mailTab.goto(await verificationLink(email));
  await expect(mailTab).toHaveURL(new RegExp(`/mission/${id}$`));
  await expect(mailTab.getByText('7 rue du Quai Secret, 94150 Rungis')).toBeVisible();
  await expect(mailTab.getByRole('button', { name: 'Postuler à cette mission' })).toBeVisible();
});

test('a visitor sent home from a page that needs an account comes back to it after signing in', async ({
  page,
}) => {
  await acceptCookies(page);
  const { email, password } = await registerDriverByApi(page.request);
  await page.request.post('/api/auth/logout');
  await page.goto('/alerts');
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByText('Cette page demande un compte : connectez-vous, vous y reviendrez ensuite.'),
  ).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Se connecter' }).first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/alerts$/);
});
