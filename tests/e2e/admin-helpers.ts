import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { registerDriverByApi, uniqueEmail } from './helpers.js';

/**
 * The e2e administrator: the first one is created once per test database through /api/admin/setup (the same
 * account as accounts.spec.ts, whichever runs first); later it signs in. Returns its name, as history shows it.
 */
export const E2E_ADMIN = {
  email: 'admin-e2e@relais.test',
  password: 'Admin-e2e-2026!',
  fullName: 'Alice Martin',
};

export async function signInAdmin(request: APIRequestContext): Promise<string> {
  const created = await request.post('/api/admin/setup', { data: E2E_ADMIN });
  if (created.status() !== 201) {
    const login = await request.post('/api/auth/login', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    if (login.status() !== 200)
      throw new Error(
        `admin sign-in failed: ${login.status()} ${await login.text()} (first admin is another one?)`,
      );
  }
  const me = (await (await request.get('/api/auth/me')).json()) as { fullName: string; isAdmin: boolean };
  if (!me.isAdmin) throw new Error('the e2e admin is not an administrator');
  return me.fullName;
}

/** A driver with a name of their own (queues list many drivers), e-mail confirmed, signed in on `request`. */
export async function registerNamedDriver(request: APIRequestContext, fullName: string) {
  const email = uniqueEmail('chauffeur-docs');
  await registerDriverByApi(request, email, { fullName });
  const me = (await (await request.get('/api/auth/me')).json()) as { id: string };
  return { email, id: me.id };
}

/** A one-page PDF with a title on it, as a scanner would give. */
export async function pdfFile(title: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  const font = await document.embedFont(StandardFonts.HelveticaBold);
  page.drawRectangle({
    x: 40,
    y: 600,
    width: 515,
    height: 200,
    borderColor: rgb(0.2, 0.3, 0.6),
    borderWidth: 3,
  });
  page.drawText(title, { x: 60, y: 740, size: 26, font, color: rgb(0.1, 0.1, 0.3) });
  page.drawText('Document de test Relais', { x: 60, y: 700, size: 14, font });
  return Buffer.from(await document.save());
}

/** A PNG photo of a card (a coloured rectangle with its name). */
export async function pngFile(title: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="24" fill="#dbeafe"/>
    <rect x="24" y="24" width="592" height="352" rx="16" fill="none" stroke="#1e3a8a" stroke-width="6"/>
    <text x="48" y="120" font-family="sans-serif" font-size="40" font-weight="bold" fill="#1e3a8a">${title}</text>
    <text x="48" y="180" font-family="sans-serif" font-size="24" fill="#1e3a8a">Document de test Relais</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Uploads a document as the driver signed in on `request` (the body is the file, the details in the query). */
export async function uploadDocument(
  request: APIRequestContext,
  query: Record<string, string>,
  file: Buffer,
  contentType: 'application/pdf' | 'image/png',
): Promise<{ id: string; status: string }> {
  const response = await request.post(`/api/documents?${new URLSearchParams(query).toString()}`, {
    headers: { 'content-type': contentType },
    data: file,
  });
  if (response.status() !== 201)
    throw new Error(`upload failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string; status: string };
}

/** "2026-03-14": a day `days` ago, in Paris. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
}

export const CARD = 'Carte de conducteur (chronotachygraphe)';
export const REASON = 'Photo illisible : renvoyez une photo nette de la carte, recto.';

/** The queue's entry of this driver's document (queues hold every test's documents). */
export const queueItem = (page: Page, driverName: string) =>
  page.getByRole('button').filter({ hasText: driverName }).first();

/** Filters the queue, and waits for the list of these filters (the previous one shows meanwhile). */
export async function filterQueue(page: Page, status: string, type: string) {
  await page.getByLabel('Statut', { exact: true }).selectOption({ label: status });
  await page.getByLabel('Type de document').selectOption({ label: type });
  await expect(page.locator('ul[aria-busy="true"]')).toHaveCount(0);
}

export const selected = (page: Page): Locator => page.getByRole('region', { name: 'Document sélectionné' });
