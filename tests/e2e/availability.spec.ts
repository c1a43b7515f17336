import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import {
  isPhone,
  registerCompanyByApi,
  registerDriverByApi,
  shootBothThemes,
  signedInPage,
  uniqueEmail,
} from './helpers.js';

/** Days counted from one instant, read once: a run that crosses midnight in Paris still fills a 7-day range. */
const STARTED = Date.now();
const parisDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(STARTED + offsetDays * 86_400_000),
  );
const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
const mondayOf = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - (isoWeekday(day) - 1) * 86_400_000).toISOString().slice(0, 10);
const longDay = (day: string) => {
  const text = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(`${day}T00:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** ICS text → its events (lines unfolded, RFC 5545 §3.1). */
function parseIcs(text: string) {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) current[line.slice(0, line.indexOf(':'))] = line.slice(line.indexOf(':') + 1);
  }
  return events;
}

/** Opens the editor of a day, moving the month (desktop) or the week (phone) forward to it. */
async function openDay(page: Page, day: string) {
  const today = parisDay(0);
  if (isPhone(page)) {
    const weeks = Math.round(
      (Date.parse(`${mondayOf(day)}T00:00:00Z`) - Date.parse(`${mondayOf(today)}T00:00:00Z`)) /
        (7 * 86_400_000),
    );
    for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Semaine suivante' }).click();
    await page.getByRole('button', { name: new RegExp(`^Modifier : ${longDay(day)},`) }).click();
  } else {
    if (day.slice(0, 7) !== today.slice(0, 7))
      await page.getByRole('button', { name: 'Mois suivant' }).click();
    await page.getByRole('button', { name: new RegExp(`^${longDay(day)},`) }).click();
  }
}

test('a driver sets a weekly pattern and a day off, and subscribes to the calendar feed', async ({
  browser,
  page: probe,
  request,
}) => {
  const driver = await signedInPage(browser, registerDriverByApi, probe.viewportSize());
  await driver.goto('/dashboard');
  await driver.getByRole('link', { name: 'Mes disponibilités' }).click();
  await expect(driver.getByRole('heading', { name: 'Mes disponibilités', level: 1 })).toBeVisible();

  // "Dispo du lundi au vendredi", for the next eight weeks (the form's defaults).
  await driver.getByRole('button', { name: 'Appliquer la semaine type' }).click();
  // The form's own result (the toast says it too, and Radix briefly repeats a toast in a hidden status region).
  await expect(driver.getByText(/^\d+ jours enregistrés\.$/)).toBeVisible();

  // The exception: the next weekday after tomorrow, unavailable.
  let off = parisDay(2);
  while (isoWeekday(off) > 5)
    off = new Date(Date.parse(`${off}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await openDay(driver, off);
  const editor = driver.getByRole('dialog');
  await expect(editor.getByRole('heading', { name: longDay(off) })).toBeVisible();
  await expect(editor.getByRole('radio', { name: 'Disponible', exact: true })).toBeChecked();
  await editor.getByRole('radio', { name: 'Indisponible' }).check();
  await editor.getByLabel('Note (facultatif)').fill('Rendez-vous au garage');
  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(editor).toBeHidden();
  const dayButton = isPhone(driver)
    ? driver.getByRole('button', { name: new RegExp(`^Modifier : ${longDay(off)}, .*Indisponible`) })
    : driver.getByRole('button', { name: new RegExp(`^${longDay(off)}, .*Indisponible`) });
  await expect(dayButton).toBeVisible();

  await driver.getByLabel('Être visible des transporteurs les jours où je suis disponible').check();
  await expect(
    driver.getByLabel('Être visible des transporteurs les jours où je suis disponible'),
  ).toBeChecked();

  await driver.getByRole('button', { name: 'Créer mon lien d’agenda' }).click();
  const link = driver.getByLabel('Votre lien privé (affiché une seule fois)');
  await expect(link).toHaveValue(/\/api\/availability\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await link.inputValue();
  await expect(driver.getByRole('link', { name: 'Ajouter à mon agenda' })).toHaveAttribute(
    'href',
    /^webcal:\/\//,
  );

  // What a phone calendar gets: no session, just the secret address.
  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const events = parseIcs(await feed.text());
  // Weekdays of eight weeks from today, at least 35 of them minus today's week already gone.
  expect(events.length).toBeGreaterThanOrEqual(35);
  const dayOff = events.find((event) => event['DTSTART;VALUE=DATE'] === off.replace(/-/g, ''));
  expect(dayOff).toMatchObject({ SUMMARY: 'Indisponible', DESCRIPTION: 'Rendez-vous au garage' });
  expect(events.filter((event) => event.SUMMARY === 'Disponible').length).toBe(events.length - 1);

  if (!isPhone(driver)) await expectNoAxeViolations(driver, 'availability (driver)');
  await driver.evaluate(() => window.scrollTo(0, 0));
  await shootBothThemes(driver, 'availability-driver');
  // The calendar still shows the week (phone) or the month (desktop) of the day off: moved forward again, it would
  // pass it whenever that day is not in today's week or month.
  await dayButton.click();
  await shootBothThemes(driver, 'availability-day-editor', false);
  await driver.keyboard.press('Escape');

  // Holidays: a range the wrong way round is said under « Au »; then three weeks from now, in one gesture.
  const holidays = driver.getByRole('region', { name: 'Congés' });
  await holidays.getByLabel('Du').fill(parisDay(20));
  await holidays.getByLabel('Au').fill(parisDay(14));
  await holidays.getByRole('button', { name: 'Poser ces congés' }).click();
  await expect(holidays.getByText('La date de fin doit suivre la date de début')).toBeVisible();
  await holidays.getByLabel('Au').fill(parisDay(26));
  await holidays.getByRole('button', { name: 'Poser ces congés' }).click();
  await expect(holidays.getByText(/^7 jours enregistrés\.$/)).toBeVisible();
  await driver.context().close();
});

test('a transporter finds, on a phone, a driver who chose to be visible', async ({ browser }) => {
  const phone = { width: 390, height: 844 };
  const driver = await signedInPage(browser, registerDriverByApi, phone);
  const name = `Lina Dispo ${Date.now().toString(36)}`;
  const hidden = await signedInPage(
    browser,
    (request) => registerDriverByApi(request, uniqueEmail('discret'), { fullName: 'Hugo Discret' }),
    phone,
  );
  const day = parisDay(3);
  for (const [page, fullName] of [
    [driver, name],
    [hidden, 'Hugo Discret'],
  ] as const) {
    expect(
      (
        await page.request.put('/api/profile', {
          data: { fullName, phone: '0612345678', currentLocation: 'Villeurbanne' },
        })
      ).status(),
    ).toBe(200);
    expect(
      (
        await page.request.put(`/api/availability/${day}`, {
          data: { status: 'busy', startTime: '06:00', endTime: '13:00' },
        })
      ).status(),
    ).toBe(200);
  }
  expect(
    (
      await driver.request.put('/api/availability/settings', { data: { visibleToTransporters: true } })
    ).status(),
  ).toBe(200);

  const transporter = await signedInPage(browser, registerCompanyByApi, phone);
  await transporter.goto('/dashboard');
  await transporter.getByRole('link', { name: 'Trouver des chauffeurs disponibles' }).click();
  await expect(
    transporter.getByRole('heading', { name: 'Trouver des chauffeurs disponibles' }),
  ).toBeVisible();
  await transporter.getByLabel('Jour').fill(day);
  await transporter.getByLabel('Permis').selectOption('CE');
  const lyon = transporter.waitForResponse((response) => /\/api\/places\?q=Lyon/.test(response.url()));
  await transporter.getByLabel('Ville ou code postal (facultatif)').fill('Lyon');
  await lyon;
  await transporter.getByRole('button', { name: 'Chercher' }).click();
  const card = transporter.getByRole('listitem').filter({ has: transporter.getByRole('link', { name }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Partiellement disponible 06:00–13:00')).toBeVisible();
  await expect(card.getByText(/à \d+ km/)).toBeVisible();
  await expect(transporter.getByRole('link', { name: 'Hugo Discret' })).toHaveCount(0);
  await shootBothThemes(transporter, 'availability-search');

  // Nobody in Marseille that day: an honest empty answer.
  const marseille = transporter.waitForResponse((response) =>
    /\/api\/places\?q=Marseille/.test(response.url()),
  );
  await transporter.getByLabel('Ville ou code postal (facultatif)').fill('Marseille');
  await marseille;
  await transporter.getByRole('button', { name: 'Chercher' }).click();
  await expect(transporter.getByRole('heading', { name: 'Aucun chauffeur disponible trouvé' })).toBeVisible();
  for (const page of [driver, hidden, transporter]) await page.context().close();
});
