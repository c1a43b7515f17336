import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import {
  acceptCookies,
  publishMissionByApi,
  registerCompanyByApi,
  registerDriverByApi,
  signedInPage,
} from './helpers.js';

/** A 1×1 PNG: a photo of a card, as small as one gets. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A real, one-page PDF (what a scanner or a phone's "save as PDF" gives). */
async function pdfFile(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText('Permis de conduire', { x: 50, y: 780, size: 18 });
  return Buffer.from(await pdf.save());
}

/** "2031-05-01": `years` from today, for the date inputs. */
const inYears = (years: number) => {
  const date = new Date();
  date.setFullYear(date.getFullYear() + years);
  return date.toISOString().slice(0, 10);
};

/** Once the page has settled after a resize (the layout switches to its phone form), nothing is wider than it. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: label,
      timeout: 5_000,
    })
    .toBeLessThanOrEqual(0);
}

/** Uploads through the API, as the page does (a form: the fields, given as a query string here, and the file). */
async function uploadByApi(
  request: APIRequestContext,
  query: string,
  body: Buffer,
  name: string,
  type: string,
) {
  const response = await request.post('/api/documents', {
    multipart: {
      ...Object.fromEntries(new URLSearchParams(query)),
      file: { name, mimeType: type, buffer: body },
    },
  });
  if (response.status() !== 201)
    throw new Error(`upload failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

test('a driver sends a licence and a card, sees them waiting for verification, fixes a field and deletes one', async ({
  page,
}) => {
  await acceptCookies(page);
  await registerDriverByApi(page.request);
  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes documents' })).toBeVisible();

  // What is needed and what it blocks, before anything is sent.
  const needs = page.getByRole('region', { name: 'Ce qu’il vous faut pour postuler' });
  await expect(needs.getByRole('listitem')).toHaveCount(3);
  await expect(needs).toContainText('Permis de conduire');
  await expect(needs).toContainText(
    'Sans carte de conducteur valide, vous ne pouvez pas postuler aux missions qui l’exigent.',
  );
  await expect(needs.getByText('Manquant')).toHaveCount(3);
  const validation = page.getByRole('region', { name: 'Validation de votre profil par Relais' });
  await expect(validation).toContainText('Étape 1 : vos documents');
  await expect(page.getByText('Personne n’a encore consulté vos documents.')).toBeVisible();

  // "Ajouter" beside the licence opens the form on that type.
  await needs.getByRole('button', { name: 'Ajouter : Permis de conduire' }).click();
  const form = page.getByRole('region', { name: 'Ajouter un document' });
  await expect(form.getByLabel('Type de document')).toHaveValue('permis');
  await expect(form.getByText(/Indiquez la date de fin de validité inscrite sur le permis/)).toBeVisible();

  // A file that only claims to be a PDF: the server reads its content and says so under the file field.
  await form.getByLabel('Numéro du document').fill('12AB34567');
  await form.getByLabel('Date de délivrance').fill('2020-02-01');
  await form.getByLabel('Date d’expiration').fill(inYears(5));
  await form.getByLabel('CE', { exact: true }).check();
  await form
    .getByLabel('Fichier', { exact: true })
    .setInputFiles({ name: 'faux.pdf', mimeType: 'application/pdf', buffer: Buffer.from('pas un PDF') });
  await form.getByRole('button', { name: 'Envoyer le document' }).click();
  await expect(form.getByRole('alert').filter({ hasText: /PDF.*JPEG, PNG ou WebP/ })).toBeVisible();
  await expect(form.getByLabel('Fichier', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // The real PDF goes through.
  await form
    .getByLabel('Fichier', { exact: true })
    .setInputFiles({ name: 'permis.pdf', mimeType: 'application/pdf', buffer: await pdfFile() });
  await expect(form.getByText(/permis\.pdf · \d+ Ko/)).toBeVisible();
  await form.getByRole('button', { name: 'Envoyer le document' }).click();
  await expect(page.getByText('Document envoyé').first()).toBeVisible();
  const list = page.getByRole('region', { name: 'Mes documents', exact: true });
  await expect(list).toContainText('permis.pdf');
  await expect(list).toContainText('N° 12AB34567');
  await expect(list).toContainText('Délivré le 01/02/2020');
  await expect(list).toContainText('Catégories : CE');
  await expect(list.getByText('En cours de vérification')).toHaveCount(1);
  // The form is empty again.
  await expect(form.getByLabel('Type de document')).toHaveValue('');

  // The file opens for its owner.
  const href = await list.getByRole('link', { name: /Ouvrir le fichier permis\.pdf/ }).getAttribute('href');
  const opened = await page.request.get(href!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toContain('application/pdf');

  // A card without any date: the message of the shared schema, under the field, before anything is sent.
  await form
    .getByLabel('Type de document')
    .selectOption({ label: 'Carte de conducteur (chronotachygraphe)' });
  await form.getByLabel('Numéro du document').fill('FR00001234567');
  await form
    .getByLabel('Fichier', { exact: true })
    .setInputFiles({ name: 'carte.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Envoyer le document' }).click();
  await expect(form.getByText('Indiquez la date de fin de validité')).toBeVisible();
  await expect(form.getByLabel('Date d’expiration')).toHaveAttribute('aria-invalid', 'true');
  // The issue date is enough: the card's expiry is computed (5 years).
  await form.getByLabel('Date de délivrance').fill('2024-01-15');
  await form.getByRole('button', { name: 'Envoyer le document' }).click();
  await expect(page.getByText('Document envoyé').first()).toBeVisible();
  await expect(list).toContainText('carte.png');
  await expect(list).toContainText('Valable jusqu’au 15/01/2029');
  await expect(list.getByText('En cours de vérification')).toHaveCount(2);
  await expect(needs.getByText('En cours de vérification')).toHaveCount(2);
  await expect(needs.getByText('Manquant')).toHaveCount(1);

  // No sideways scrolling on a 390 px phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, '/documents at 390 px');

  // Deleting the card asks first, then it is gone and missing again.
  await list.getByRole('button', { name: /Supprimer : Carte de conducteur/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer ce document ?' });
  await expect(confirm).toContainText('carte.png');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Document supprimé').first()).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(list).not.toContainText('carte.png');
  await expect(needs.getByText('Manquant')).toHaveCount(2);
});

test('a mission tells the driver which papers it needs, and the transporter sees them on the application', async ({
  browser,
}) => {
  const transporter = await signedInPage(browser, registerCompanyByApi, null);
  const driver = await signedInPage(browser, registerDriverByApi, null);
  const title = `Porteur Lille Arras ${Date.now().toString(36)}`;
  const needsCard = await publishMissionByApi(transporter.request, {
    title,
    pickupAddress: '59000 Lille',
    deliveryAddress: '62000 Arras',
    vehicleType: 'porteur',
    price: '250',
    requiredDocuments: ['permis', 'carte_conducteur'],
  });
  const licenceOnly = await publishMissionByApi(transporter.request, {
    title: `${title} permis`,
    pickupAddress: '59000 Lille',
    deliveryAddress: '62000 Arras',
    vehicleType: 'porteur',
    price: '260',
    requiredDocuments: ['permis'],
  });
  await uploadByApi(
    driver.request,
    `type=permis&number=12AB34567&expiresAt=${inYears(6)}&categories=C,CE`,
    await pdfFile(),
    'permis.pdf',
    'application/pdf',
  );

  // The search card says at once why applying is closed.
  await driver.goto(`/explorer?q=${encodeURIComponent(title)}`);
  const card = driver.getByRole('article').filter({ hasText: '250' });
  await expect(card).toContainText('Votre carte de conducteur est requise pour cette mission');

  // The mission page: each paper with the driver's standing, the way to fix it, and the button greyed.
  await driver.goto(`/mission/${needsCard}`);
  const box = driver.getByRole('region', { name: 'Postuler' });
  await expect(box).toContainText('Permis de conduire : En cours de vérification');
  await expect(box).toContainText('Carte conducteur : Manquant');
  await expect(box.getByRole('link', { name: 'Compléter mes documents' })).toHaveAttribute(
    'href',
    '/documents',
  );
  await expect(box.getByRole('button', { name: 'Postuler à cette mission' })).toBeDisabled();

  // A pending licence is enough to apply where only the licence is needed.
  await driver.goto(`/mission/${licenceOnly}`);
  await driver.getByRole('button', { name: 'Postuler à cette mission' }).click();
  await expect(driver.getByText('Candidature envoyée').first()).toBeVisible();

  // The transporter sees the driver not yet validated by Relais, and the licence waiting for verification.
  await transporter.goto(`/mission/${licenceOnly}`);
  const applicants = transporter.getByRole('region', { name: /Candidatures/ });
  await expect(applicants.getByText('Non vérifié', { exact: true })).toBeVisible();
  await expect(applicants).toContainText('Documents non vérifiés');
  await expect(applicants).toContainText('Permis de conduire : En attente de vérification');
  // Only a verified paper can be opened from the application.
  await expect(applicants.getByRole('link', { name: /^Voir :/ })).toHaveCount(0);
  // The applicant's profile and reviews are one tap away.
  await expect(applicants.getByRole('link', { name: 'Voir le profil et les avis' })).toBeVisible();
  await transporter.context().close();
  await driver.context().close();
});
