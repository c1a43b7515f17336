import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { registerDriverByApi, serverDataDir, uniqueEmail } from './helpers.js';

/**
 * The e2e administrator: the first one is created once per test database through /api/admin/setup (the same
 * account as accounts.spec.ts, whichever runs first); later it signs in. Returns its name, as history shows it.
 */
export const E2E_ADMIN = {
  email: 'admin-e2e@relais.test',
  password: 'Admin-e2e-2026!',
  fullName: 'Alice Martin',
};

/**
 * The e2e administrator's authenticator: its secret, the last time step a code of it was used (the server refuses
 * a step twice), and the recovery codes not used yet. Kept in the run's data folder (a fresh database per run):
 * whoever enrols first writes it.
 */
interface AdminAuthenticator {
  secret: string;
  lastStep: number;
  recoveryCodes: string[];
}
const authenticatorFile = () => path.join(serverDataDir(), 'e2e-admin-totp.json');

const readAuthenticator = (): AdminAuthenticator | null =>
  existsSync(authenticatorFile())
    ? (JSON.parse(readFileSync(authenticatorFile(), 'utf8')) as AdminAuthenticator)
    : null;
const writeAuthenticator = (state: AdminAuthenticator) =>
  writeFileSync(authenticatorFile(), JSON.stringify(state));
const stepNow = () => Math.floor(Date.now() / 30_000);

/**
 * A code of the e2e admin's authenticator that the server has not seen yet: the current step's, else the next
 * one's (the server accepts one step ahead), else it waits for a new step. Marked as used.
 */
export async function adminCode(): Promise<string> {
  const state = readAuthenticator();
  if (!state)
    throw new Error('the e2e admin has not enrolled its authenticator yet (call signInAdmin first)');
  let step = Math.max(stepNow(), state.lastStep + 1);
  if (step > stepNow() + 1) {
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 200));
    step = Math.max(stepNow(), state.lastStep + 1);
  }
  writeAuthenticator({ ...state, lastStep: step });
  return generate({ secret: state.secret, epoch: step * 30 });
}

/**
 * The e2e admin moved to a new authenticator through the screens: `secret` is the one the helpers use from now on.
 * Returns the code that confirms it (marked as used).
 */
export async function adoptAuthenticator(secret: string): Promise<string> {
  const step = stepNow();
  writeAuthenticator({ secret, lastStep: step, recoveryCodes: [] });
  return generate({ secret, epoch: step * 30 });
}

/** The recovery codes the new authenticator came with, as the screen showed them. */
export function keepRecoveryCodes(recoveryCodes: string[]): void {
  writeAuthenticator({ ...readAuthenticator()!, recoveryCodes });
}

/** The second step on `request`: a fresh code when there is one, else a recovery code (refilled when few left). */
async function passSecondFactor(request: APIRequestContext): Promise<void> {
  const state = readAuthenticator();
  if (!state)
    throw new Error('the e2e admin has no authenticator file: was the database made by another run?');
  const fresh = Math.max(stepNow(), state.lastStep + 1) <= stepNow() + 1;
  if (fresh) {
    const verified = await request.post('/api/admin/second-factor/verify', {
      data: { code: await adminCode() },
    });
    if (verified.status() === 200) return;
  }
  const recoveryCode = state.recoveryCodes.shift();
  if (!recoveryCode) throw new Error('the e2e admin has no recovery code left');
  writeAuthenticator({ ...readAuthenticator()!, recoveryCodes: state.recoveryCodes });
  const verified = await request.post('/api/admin/second-factor/verify', { data: { recoveryCode } });
  if (verified.status() !== 200)
    throw new Error(`admin second factor failed: ${verified.status()} ${await verified.text()}`);
  if (state.recoveryCodes.length < 4) {
    // A few left: ten new ones, a sensitive action (the password typed again first, as the back office asks).
    const reauth = await request.post('/api/admin/reauth', { data: { password: E2E_ADMIN.password } });
    const renewed = await request.post('/api/admin/recovery-codes');
    if (reauth.status() !== 200 || renewed.status() !== 200)
      throw new Error(
        `recovery codes not renewed: ${reauth.status()} ${renewed.status()} ${await renewed.text()}`,
      );
    const { recoveryCodes } = (await renewed.json()) as { recoveryCodes: string[] };
    writeAuthenticator({ ...readAuthenticator()!, recoveryCodes });
  }
}

/**
 * Signs the e2e administrator in on `request`, past the second factor: the first call of a run creates it
 * (/api/admin/setup) and enrols its authenticator; later ones sign in with the password and a code. Unless told
 * not to, types the password again as the back office asks before a sensitive action, so a spec's actions go
 * straight through for the next 5 minutes.
 */
export async function signInAdmin(
  request: APIRequestContext,
  { confirmPassword = true }: { confirmPassword?: boolean } = {},
): Promise<string> {
  const created = await request.post('/api/admin/setup', { data: E2E_ADMIN });
  if (created.status() === 201) {
    const enrolment = await request.post('/api/admin/second-factor/enrol');
    const { secret } = (await enrolment.json()) as { secret: string };
    const step = stepNow();
    const confirmed = await request.post('/api/admin/second-factor/enrol/confirm', {
      data: { code: await generate({ secret, epoch: step * 30 }) },
    });
    if (confirmed.status() !== 200)
      throw new Error(`admin enrolment failed: ${confirmed.status()} ${await confirmed.text()}`);
    const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
    writeAuthenticator({ secret, lastStep: step, recoveryCodes });
  } else {
    const login = await request.post('/api/auth/login', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    if (login.status() !== 200)
      throw new Error(
        `admin sign-in failed: ${login.status()} ${await login.text()} (first admin is another one?)`,
      );
    await passSecondFactor(request);
  }
  if (confirmPassword) {
    const reauth = await request.post('/api/admin/reauth', { data: { password: E2E_ADMIN.password } });
    if (reauth.status() !== 200)
      throw new Error(`admin password check failed: ${reauth.status()} ${await reauth.text()}`);
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

/** Uploads a document as the driver signed in on `request`: a form, as the page sends it (details and file). */
export async function uploadDocument(
  request: APIRequestContext,
  fields: Record<string, string>,
  file: Buffer,
  contentType: 'application/pdf' | 'image/png',
): Promise<{ id: string; status: string }> {
  const name = contentType === 'application/pdf' ? 'document.pdf' : 'document.png';
  const response = await request.post('/api/documents', {
    multipart: { ...fields, file: { name, mimeType: contentType, buffer: file } },
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
