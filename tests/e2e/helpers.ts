import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import pg from 'pg';

/**
 * The data folder of the server the running test talks to: its project's (desktop and phone each have a server and
 * a database of their own, so the two run side by side), or the one a spec points at with pointAtServer().
 */
let pointed: string | undefined;
export function serverDataDir(): string {
  return pointed ?? (test.info().project.metadata as { dataDir: string }).dataDir;
}
/** For the specs of another server (the Stripe-mode one): its data folder while they run, undefined after. */
export function pointAtServer(dataDir: string | undefined) {
  pointed = dataDir;
}

let counter = 0;
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}@exemple.fr`;

/** Most specs start with the cookie choice made, so the banner does not cover the page. */
export async function acceptCookies(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The sidebar menu: on a phone it lives in a drawer opened from the header. */
export async function openMenu(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  return page.getByRole('navigation', { name: 'Menu principal' });
}

/**
 * Signs up through the API as the form does, then follows the link of the mail, which creates the account and
 * signs `request` in (decision 039). `verified: false` gives the account an address not yet confirmed — since
 * decision 039 only accounts from before have one — made so in the database, with the new link such an account
 * asks for (publishing, applying and writing first need the confirmation).
 */
async function signUpByApi(
  request: APIRequestContext,
  data: { email: string } & Record<string, unknown>,
  verified: boolean,
) {
  const response = await request.post('/api/auth/register', { data });
  if (response.status() !== 202)
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  const token = new URL(await verificationLink(data.email)).searchParams.get('token');
  const created = await request.post('/api/auth/verify-email', { data: { token } });
  if (created.status() !== 200)
    throw new Error(`sign-up link failed: ${created.status()} ${await created.text()}`);
  if (verified) return;
  await inDatabase('update users set email_verified = false where email = $1', [data.email]);
  const resent = await request.post('/api/auth/resend-verification');
  if (resent.status() !== 200) throw new Error(`resend failed: ${resent.status()} ${await resent.text()}`);
}

export async function registerDriverByApi(
  request: APIRequestContext,
  email = uniqueEmail('chauffeur'),
  { verified = true, fullName = 'Jean Routier' } = {},
) {
  await signUpByApi(
    request,
    {
      userType: 'driver',
      email,
      password: 'secret123',
      fullName,
      phone: '06 12 34 56 78',
      licenseNumber: '12AB34567',
      licenseType: 'CE',
      yearsExperience: 4,
      subscriptionPlan: 'basic',
      certifications: [],
    },
    verified,
  );
  return { email, password: 'secret123' };
}

/** The link to `page` (a path) of the newest mail sent to `email`, read from the real outbox folder. */
export async function mailLink(email: string, page: string): Promise<string> {
  const outbox = path.join(serverDataDir(), 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      // Long header lines (a long address) are folded onto the next line: unfolded before reading.
      const raw = (await readFile(path.join(outbox, file), 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
      if (raw.includes(`To: ${email}`)) {
        const link = raw.match(/^X-Relais-Link: (\S+)$/m)?.[1];
        if (link && new URL(link).pathname === page) return link;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail with a link to ${page} for ${email}`);
}

export const verificationLink = (email: string) => mailLink(email, '/verify-email');

export async function registerCompanyByApi(
  request: APIRequestContext,
  email = uniqueEmail('transporteur'),
  { verified = true } = {},
) {
  await signUpByApi(
    request,
    {
      userType: 'company',
      email,
      password: 'secret123',
      fullName: 'Claire Martin',
      phone: '06 98 76 54 32',
      companyName: 'Transports Martin',
      siretNumber: '73282932000074',
      subscriptionPlan: 'basic',
    },
    verified,
  );
  return { email, password: 'secret123' };
}

/** "2026-11-23T05:30" for a datetime-local input, `days` from now at `hour`:00 local time. */
export function localDateTime(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(hour)}:00`;
}

/** A page in its own browser context (own cookies), cookie choice made, signed in as a newly registered user. */
export async function signedInPage(
  browser: Browser,
  register: typeof registerDriverByApi,
  viewport: { width: number; height: number } | null,
): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await acceptCookies(page);
  await register(page.request);
  return page;
}

/** Publishes a mission as the transporter signed in on `request`, starting in `days` days, 8 hours long. */
export async function publishMissionByApi(
  request: APIRequestContext,
  fields: {
    title: string;
    pickupAddress: string;
    deliveryAddress: string;
    vehicleType: string;
    price: string;
  } & Record<string, unknown>,
  days = 3,
): Promise<string> {
  const start = new Date(Date.now() + days * 86400_000);
  const response = await request.post('/api/missions', {
    data: {
      description: 'Mission de test.',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 8 * 3600_000).toISOString(),
      ...fields,
    },
  });
  if (response.status() !== 201)
    throw new Error(`publish failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { mission: { id: string } }).mission.id;
}

/**
 * A transporter and a driver, each in their own browser context, who share a mission (the driver applied):
 * they may write to each other. `write` sends a message from the transporter to the driver through the API.
 */
export async function transporterAndApplicant(
  browser: Browser,
  viewport: { width: number; height: number } | null,
  mission: Parameters<typeof publishMissionByApi>[1],
) {
  const transporter = await signedInPage(browser, registerCompanyByApi, viewport);
  const driver = await signedInPage(browser, registerDriverByApi, viewport);
  const missionId = await publishMissionByApi(transporter.request, mission);
  const applied = await driver.request.post(`/api/missions/${missionId}/apply`, { data: {} });
  if (applied.status() !== 201) throw new Error(`apply failed: ${applied.status()} ${await applied.text()}`);
  const idOf = async (page: Page) =>
    ((await (await page.request.get('/api/auth/me')).json()) as { id: string }).id;
  const transporterId = await idOf(transporter);
  const driverId = await idOf(driver);
  const write = async (content: string) => {
    const sent = await transporter.request.post(`/api/messages/${driverId}`, {
      data: { content, missionId },
    });
    if (sent.status() !== 201) throw new Error(`send failed: ${sent.status()} ${await sent.text()}`);
  };
  return { transporter, driver, missionId, transporterId, driverId, write };
}

/**
 * Runs one statement on the e2e server's database, for what no screen does (a plan sold, time passing): the
 * embedded PostgreSQL's port is in its postmaster.pid, its password beside it. Returns the rows changed.
 */
export async function inDatabase(query: string, params: unknown[]): Promise<number> {
  const dir = serverDataDir();
  const port = (await readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
  const password = (await readFile(path.join(dir, 'pg-password'), 'utf8')).trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/relais`,
  });
  await client.connect();
  try {
    return (await client.query(query, params)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** Puts a user on a plan directly in the database (no screen sells plans yet). */
export async function setPlanInDatabase(email: string, plan: string) {
  if ((await inDatabase('update users set subscription_plan = $1 where email = $2', [plan, email])) !== 1)
    throw new Error(`no user ${email}`);
}

/** Time passes: the mission now starts in `minutes` minutes (its end moves with it). */
export async function moveMissionStart(missionId: string, minutes: number) {
  const changed = await inDatabase(
    `update missions set end_date = end_date + (now() + make_interval(mins => $2) - start_date),
       start_date = now() + make_interval(mins => $2) where id = $1`,
    [missionId, minutes],
  );
  if (changed !== 1) throw new Error(`no mission ${missionId}`);
}

/**
 * Screenshots for a person to look at, in the dark and the light theme, when E2E_SHOTS_DIR names a folder (never
 * asserted): `<name>-<project>-<theme>.png`. `check`, when given, runs in each theme once its colours have settled
 * (an axe scan, say), pictures or not. The page is left in the dark theme, as the tests start.
 */
export async function shootBothThemes(
  page: Page,
  name: string,
  fullPage = true,
  check?: (theme: 'dark' | 'light') => Promise<void>,
) {
  const folder = process.env.E2E_SHOTS_DIR;
  if (!folder && !check) return;
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => {
      document.documentElement.classList.toggle('dark', value === 'dark');
      document.documentElement.classList.toggle('light', value === 'light');
    }, theme);
    // Colours change with a short transition: a check of contrasts waits for its end (a picture disables it).
    if (check) await page.waitForTimeout(400);
    if (folder)
      await page.screenshot({
        path: `${folder}/${name}-${test.info().project.name}-${theme}.png`,
        fullPage,
        animations: 'disabled',
      });
    await check?.(theme);
  }
  await page.evaluate(() => {
    document.documentElement.classList.add('dark');
    document.documentElement.classList.remove('light');
  });
}

/**
 * What the browser would report about `page` from now on (Lighthouse's "best practices" counts them): console
 * errors, uncaught exceptions and answers of 400 or more, each as one line. `requested` lists the paths asked
 * for, so that a test can check a request it relies on did happen.
 */
export function watchForProblems(page: Page): { problems: string[]; requested: string[] } {
  const problems: string[] = [];
  const requested: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    requested.push(pathname);
    if (response.status() >= 400)
      problems.push(`${response.status()} ${response.request().method()} ${pathname}`);
  });
  return { problems, requested };
}

/** A toast by its title (the first: its live region repeats the text for screen readers). */
export const toast = (page: Page, title: string) =>
  page.getByRole('status').filter({ hasText: title }).first();
