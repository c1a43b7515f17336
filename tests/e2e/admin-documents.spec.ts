import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  daysAgo,
  pdfFile,
  pngFile,
  registerNamedDriver,
  signInAdmin,
  uploadDocument,
} from './admin-helpers.js';
import { acceptCookies, localDateTime } from './helpers.js';

const CARD = 'Carte de conducteur (chronotachygraphe)';
const REASON = 'Photo illisible : renvoyez une photo nette de la carte, recto.';

/** The queue's entry of this driver's document (queues hold every test's documents). */
const queueItem = (page: Page, driverName: string) =>
  page.getByRole('button').filter({ hasText: driverName }).first();

/** Filters the queue, and waits for the list of these filters (the previous one shows meanwhile). */
async function filterQueue(page: Page, status: string, type: string) {
  await page.getByLabel('Statut', { exact: true }).selectOption({ label: status });
  await page.getByLabel('Type de document').selectOption({ label: type });
  await expect(page.locator('ul[aria-busy="true"]')).toHaveCount(0);
}

const selected = (page: Page): Locator => page.getByRole('region', { name: 'Document sélectionné' });

/**
 * A PDF shows in a frame of the page — or, while the file's answer forbids being framed (its
 * Content-Security-Policy says frame-ancestors 'none'), the screen says so instead of an error page, beside the
 * link that opens it. Returns the file's address.
 */
async function expectPdfPreview(region: Locator, name: string): Promise<string> {
  const frame = region.locator(`iframe[title="Aperçu : ${name}"]`);
  const refused = region.getByText(
    'Ce PDF ne peut pas être affiché dans la page : ouvrez-le dans un nouvel onglet.',
  );
  const link = region.getByRole('link', { name: `Ouvrir dans un nouvel onglet : ${name}` });
  const url = await link.getAttribute('href');
  expect(url).toMatch(/^\/api\/documents\/[\w-]+\/file$/);
  await expect
    .poll(async () => {
      if (await refused.isVisible()) return 'refused';
      // Briefly: the frame leaves the page when the refusal is shown.
      const shown = await frame
        .evaluate((element: HTMLIFrameElement) => element.contentDocument?.URL ?? '', undefined, {
          timeout: 500,
        })
        .catch(() => '');
      return shown.endsWith(url!) ? 'shown' : 'loading';
    })
    .not.toBe('loading');
  if (await refused.isVisible())
    test.info().annotations.push({
      type: 'server',
      description: `${url} answers frame-ancestors 'none': the PDF cannot show inside the page`,
    });
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
  await expect(admin.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
  await expect(admin.getByRole('link', { name: /Documents à vérifier/ }).first()).toBeVisible();
  await admin
    .getByRole('navigation', { name: 'Menu d’administration' })
    .getByRole('link', { name: /Documents à vérifier/ })
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
    .getByRole('navigation', { name: 'Menu d’administration' })
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

test('axe finds no accessibility violation on the back-office screens (both themes)', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one viewport is enough for axe');
  test.setTimeout(120_000);
  const driverName = `Lucie Routier ${Date.now().toString(36)}`;
  const driverContext = await browser.newContext();
  const { id: driverId } = await registerNamedDriver(driverContext.request, driverName);
  await uploadDocument(
    driverContext.request,
    { type: 'permis', number: '456', expiresAt: '2031-06-30', categories: 'C,CE' },
    await pdfFile('Permis de conduire'),
    'application/pdf',
  );
  await uploadDocument(
    driverContext.request,
    { type: 'carte_conducteur', number: 'Y', issuedAt: daysAgo(30) },
    await pngFile('Carte de conducteur'),
    'image/png',
  );
  await driverContext.close();

  for (const theme of ['dark', 'light'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript((value) => {
      window.localStorage.setItem('theme', value);
      window.localStorage.setItem('cookie-consent', 'accepted');
    }, theme);
    await signInAdmin(page.request);
    const scan = async (what: string) => {
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const summary = results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
      expect(summary, `${what} (${theme})`).toEqual([]);
    };
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
    await scan('/admin');
    await page.goto('/admin/documents');
    await filterQueue(page, 'En attente', CARD);
    await queueItem(page, driverName).click();
    await expect(
      selected(page).getByRole('img', { name: `Aperçu : ${CARD} de ${driverName}` }),
    ).toBeVisible();
    await scan('/admin/documents');
    await selected(page).getByRole('button', { name: 'Refuser' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refuser le document' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    await scan('refusal dialog');
    await page.keyboard.press('Escape');
    await page.goto('/admin/chauffeurs');
    await expect(page.getByRole('link').filter({ hasText: driverName })).toBeVisible();
    await scan('/admin/chauffeurs');
    await page.goto(`/admin/chauffeurs/${driverId}`);
    await page.getByRole('button', { name: 'Examiner : Permis de conduire' }).click();
    await scan('/admin/chauffeurs/:id');
    await context.close();
  }
});
