import { expect, test, type Locator } from '@playwright/test';
import {
  CARD,
  daysAgo,
  filterQueue,
  pdfFile,
  pngFile,
  queueItem,
  REASON,
  registerNamedDriver,
  selected,
  signInAdmin,
  uploadDocument,
} from './admin-helpers.js';
import { FULL_CHROMIUM } from './browsers.js';
import { acceptCookies, localDateTime } from './helpers.js';

// A PDF is previewed inline by the browser's own viewer, which only the full browser has.
test.use({ launchOptions: FULL_CHROMIUM });

/** A PDF shows in a frame of the page (its answer lets Relais's own pages frame it), beside the link that opens
 * it. Returns the file's address. */
async function expectPdfPreview(region: Locator, name: string): Promise<string> {
  const link = region.getByRole('link', { name: `Ouvrir dans un nouvel onglet : ${name}` });
  const url = await link.getAttribute('href');
  expect(url).toMatch(/^\/api\/documents\/[\w-]+\/file$/);
  const frame = region.locator(`iframe[title="Aperçu : ${name}"]`);
  await expect
    .poll(() =>
      frame
        .evaluate((element: HTMLIFrameElement) => element.contentDocument?.URL ?? '', undefined, {
          timeout: 500,
        })
        .catch(() => ''),
    )
    .toMatch(new RegExp(`${url!}$`));
  return url!;
}

test('an admin reviews a driver’s documents and works through the driver’s validation', async ({
  browser,
  page: admin,
}) => {
  test.setTimeout(120_000);
  const driverName = `Marc Routier ${Date.now().toString(36)}`;

  // The driver deposits a licence (PDF) and a driver card (PNG photo) through the API.
  const driverContext = await browser.newContext();
  const driver = await driverContext.newPage();
  await acceptCookies(driver);
  const { id: driverId } = await registerNamedDriver(driver.request, driverName);
  await uploadDocument(
    driver.request,
    { type: 'permis', number: '123', expiresAt: '2030-01-01', categories: 'CE' },
    await pdfFile('Permis de conduire'),
    'application/pdf',
  );
  await uploadDocument(
    driver.request,
    { type: 'carte_conducteur', number: 'X', issuedAt: daysAgo(100) },
    await pngFile('Carte de conducteur'),
    'image/png',
  );

  // The administrator uses the project's device (a desktop, or a phone); the driver only calls the API.
  await acceptCookies(admin);
  const adminName = await signInAdmin(admin.request);

  // The home counts what waits and leads to the queue.
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Accueil', level: 1 })).toBeVisible();
  await expect(admin.getByRole('link', { name: /Documents à vérifier/ }).first()).toBeVisible();
  await admin
    .getByRole('link', { name: /Documents à vérifier/ })
    .first()
    .click();
  await expect(admin).toHaveURL(/\/admin\/documents$/);
  await expect(admin.getByRole('heading', { name: 'Documents à vérifier', level: 1 })).toBeVisible();

  // Both documents wait in the queue.
  const items = admin.getByRole('button').filter({ hasText: driverName });
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'Permis de conduire' })).toContainText('N° 123');
  await expect(items.filter({ hasText: 'Permis de conduire' })).toContainText('expire le 01/01/2030');
  await expect(items.filter({ hasText: CARD })).toContainText('N° X');

  // The licence, previewed in the page (a PDF in a frame), is verified.
  await filterQueue(admin, 'En attente', 'Permis de conduire');
  await queueItem(admin, driverName).click();
  const licence = selected(admin);
  await expect(licence.getByRole('heading', { name: `Permis de conduire de ${driverName}` })).toBeFocused();
  await expect(licence).toContainText('CE');
  await expectPdfPreview(licence, `Permis de conduire de ${driverName}`);
  await expect(licence.getByRole('heading', { name: 'Historique' })).toBeVisible();
  await expect(licence).toContainText('Aucune décision pour l’instant.');
  await licence.getByRole('button', { name: 'Vérifier' }).click();
  await expect(admin.getByText('Document vérifié', { exact: true })).toBeVisible();
  await expect(queueItem(admin, driverName)).toHaveCount(0);

  // The card, a photo shown as an image, is refused with a reason (asked for in a dialog).
  await filterQueue(admin, 'En attente', CARD);
  await queueItem(admin, driverName).click();
  const card = selected(admin);
  const photo = card.getByRole('img', { name: `Aperçu : ${CARD} de ${driverName}` });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await card.getByRole('button', { name: 'Refuser' }).click();
  const dialog = admin.getByRole('dialog', { name: `Refuser : ${CARD}` });
  await expect(dialog.getByLabel('Motif du refus')).toBeFocused();
  await dialog.getByRole('button', { name: 'Refuser le document' }).click();
  await expect(dialog.getByText('Indiquez la raison (5 caractères au moins)')).toBeVisible();
  await dialog.getByLabel('Motif du refus').fill(REASON);
  await dialog.getByRole('button', { name: 'Refuser le document' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Document refusé', { exact: true })).toBeVisible();
  await expect(queueItem(admin, driverName)).toHaveCount(0);

  // Each decision is in the document's history, with who and when.
  await filterQueue(admin, 'Vérifiés', 'Permis de conduire');
  await queueItem(admin, driverName).click();
  await expect(selected(admin).getByRole('listitem').filter({ hasText: 'Vérifié par' })).toHaveText(
    new RegExp(`^Vérifié par ${adminName} le \\d{1,2} \\S+ \\d{4} à \\d{2}:\\d{2}$`),
  );
  await filterQueue(admin, 'Refusés', CARD);
  await queueItem(admin, driverName).click();
  await expect(selected(admin)).toContainText(`Motif du refus : ${REASON}`);
  await expect(selected(admin).getByRole('listitem').filter({ hasText: 'Refusé par' })).toHaveText(
    new RegExp(`^Refusé par ${adminName} le .+ à \\d{2}:\\d{2} — ${REASON}$`),
  );

  // The driver reads the reason, and sends a new photo of the card.
  const mine = (await (await driver.request.get('/api/documents')).json()) as {
    documents: Array<{ type: string; status: string; rejectionReason: string | null }>;
  };
  expect(mine.documents.find((document) => document.type === 'carte_conducteur')).toMatchObject({
    status: 'rejected',
    rejectionReason: REASON,
  });
  expect(mine.documents.find((document) => document.type === 'permis')?.status).toBe('verified');
  await uploadDocument(
    driver.request,
    { type: 'carte_conducteur', number: 'X2', issuedAt: daysAgo(100) },
    await pngFile('Carte de conducteur'),
    'image/png',
  );

  // The new card waits in the queue again (the queue is read again when the filter changes back).
  await filterQueue(admin, 'En attente', CARD);
  await expect(queueItem(admin, driverName)).toContainText('N° X2');

  // The driver's file: counts, requirements, documents opened in place.
  await admin
    .getByRole('navigation', { name: 'Pages de la section' })
    .getByRole('link', { name: /Validation des chauffeurs/ })
    .click();
  await expect(admin.getByRole('heading', { name: 'Validation des chauffeurs', level: 1 })).toBeVisible();
  const row = admin.getByRole('link').filter({ hasText: driverName });
  // The refused card counts no more: the new one replaced it.
  await expect(row.getByText(/^Documents :/)).toHaveText('Documents : 1 en attente · 1 vérifié');
  await expect(row).not.toContainText('Dossier complet');
  await row.click();
  await expect(admin).toHaveURL(new RegExp(`/admin/chauffeurs/${driverId}$`));
  await expect(admin.getByRole('heading', { name: driverName, level: 1 })).toBeVisible();
  const required = admin.getByRole('region', { name: 'Documents requis' });
  await expect(required).toContainText('Dossier incomplet');
  await expect(required.getByRole('listitem').filter({ hasText: 'Permis de conduire' })).toContainText(
    'Vérifié, valable jusqu’au 01/01/2030',
  );
  await expect(required.getByRole('listitem').filter({ hasText: 'Carte conducteur' })).toContainText(
    'Déposé, à vérifier',
  );
  await expect(required.getByRole('listitem').filter({ hasText: 'FIMO / FCO' })).toContainText('Manquant');
  const papers = admin.getByRole('region', { name: 'Documents déposés' });
  await papers.getByRole('button', { name: 'Examiner : Permis de conduire' }).click();
  await expectPdfPreview(papers, `Permis de conduire de ${driverName}`);

  // The interview is set (Paris time), and appears in the file and its history.
  const validation = admin.getByRole('region', { name: 'Validation' });
  await expect(validation).toContainText('En attente de validation');
  const when = localDateTime(3, 10);
  const form = validation.getByRole('form', { name: 'Fixer l’entretien' });
  await form.getByLabel('Date et heure (heure de Paris)').fill(when);
  await form.getByLabel('Notes d’entretien (facultatif)').fill('Appel vidéo, 20 minutes.');
  await form.getByRole('button', { name: 'Fixer l’entretien' }).click();
  await expect(admin.getByText('Entretien fixé', { exact: true })).toBeVisible();
  await expect(validation).toContainText(/Prévu le \d{1,2} \S+ \d{4} à 10:00 — Appel vidéo, 20 minutes\./);
  await expect(validation.getByRole('button', { name: 'Modifier l’entretien' })).toBeVisible();
  const history = admin.getByRole('region', { name: 'Historique' });
  await expect(history).toContainText(new RegExp(`Entretien fixé au .+ à 10:00 par ${adminName} le `));

  // Approval is refused while the papers are not all verified: the server's reason is shown.
  await validation.getByRole('button', { name: 'Valider le chauffeur' }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Valider ${driverName} ?` });
  await confirm.getByRole('button', { name: 'Valider le chauffeur' }).click();
  await expect(confirm).toBeHidden();
  await expect(validation.getByRole('alert')).toHaveText(
    'Vérifiez d’abord les documents du chauffeur : permis, carte de conducteur et FIMO/FCO valides.',
  );
  await expect(validation).toContainText('En attente de validation');

  await driverContext.close();
});
