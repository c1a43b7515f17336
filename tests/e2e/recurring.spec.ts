import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import {
  acceptCookies,
  publishMissionByApi,
  registerCompanyByApi,
  shootBothThemes,
  toast,
} from './helpers.js';

/** The French name of a day's weekday (« lundi »). */
const FORMAT = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', weekday: 'long' });

/**
 * « Dupliquer » and recurring missions (decision 056): a copy of a mission opens the form filled, on the next working
 * day; a series is written in the publish form (its rule's errors under their fields), publishes its first missions
 * at once, says its rule in words, and stops on confirmation.
 */
test('a transporter copies a mission, then makes it a series every week, edits it and stops it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await acceptCookies(page);
  await registerCompanyByApi(page.request);
  const title = `Navette Rungis ${Date.now().toString(36)}`;
  const original = await publishMissionByApi(page.request, {
    title,
    pickupAddress: '1 rue de la Tour, 94150 Rungis',
    deliveryAddress: 'Zone logistique, 59810 Lesquin',
    vehicleType: 'porteur',
    price: '350',
  });

  // « Dupliquer » on the sheet: the form, filled, on the next working day at the same times.
  await page.goto(`/mission/${original}`);
  await page.getByRole('link', { name: 'Dupliquer' }).click();
  await expect(page).toHaveURL(new RegExp(`/missions\\?copie=${original}$`));
  await expect(page.getByRole('heading', { name: 'Publier une copie' })).toBeVisible();
  await expect(page.getByLabel('Titre')).toHaveValue(title);
  await expect(page.getByLabel('Prix (€)')).toHaveValue('350.00');
  const start = await page.getByLabel('Début').inputValue();
  const startDay = new Date(`${start.slice(0, 10)}T12:00:00Z`);
  expect(startDay.getUTCDay()).toBeGreaterThanOrEqual(1);
  expect(startDay.getUTCDay()).toBeLessThanOrEqual(5);
  expect(startDay.getTime()).toBeGreaterThan(Date.now() - 86_400_000);

  // Made a series: no weekday → told under the days; then every day of the copy's weekday, three missions.
  await page.getByLabel('Répéter cette mission (mission récurrente)').check();
  const repetition = page.getByRole('group', { name: 'Répétition' });
  const weekday = FORMAT.format(startDay);
  const weekdayLabel = weekday[0]!.toUpperCase() + weekday.slice(1);
  await expect(repetition.getByLabel(weekdayLabel)).toBeChecked();
  await repetition.getByLabel(weekdayLabel).uncheck();
  await repetition.getByLabel('Nombre de missions', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Créer la série' }).click();
  await expect(repetition.getByText('Choisissez au moins un jour de la semaine')).toBeVisible();
  await expect(repetition.getByText('Indiquez un nombre de missions entre 1 et 200')).toBeVisible();
  await repetition.getByLabel(weekdayLabel).check();
  await repetition.getByLabel('Nombre de missions', { exact: true }).fill('3');
  await repetition.scrollIntoViewIfNeeded();
  await shootBothThemes(page, 'recurring-form', false, (theme) =>
    expectNoAxeViolations(page, `recurring form (${theme})`),
  );
  await page.getByRole('button', { name: 'Créer la série' }).click();

  // The series' page: its rule in words, its first mission published, its next days.
  await expect(page).toHaveURL(/\/recurring-missions$/);
  const card = page.getByRole('article', { name: title });
  await expect(
    card.getByText(`Chaque ${weekday}, 3 missions en tout · publiée 7 jours avant`, { exact: false }),
  ).toBeVisible();
  await expect(card.getByText('1 mission publiée')).toBeVisible();
  await expect(card.getByText(/^Prochaines missions :/)).toBeVisible();
  await shootBothThemes(page, 'recurring-list', true, (theme) =>
    expectNoAxeViolations(page, `recurring list (${theme})`),
  );

  // Edited: the price of the missions to come.
  await card.getByRole('button', { name: 'Modifier' }).click();
  await card.getByLabel('Prix (€)').fill('380');
  await card.getByRole('button', { name: 'Enregistrer la série' }).click();
  await expect(toast(page, 'Série modifiée')).toBeVisible();

  // Stopped, after a confirmation.
  await card.getByRole('button', { name: 'Arrêter la série' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Arrêter cette série ?' });
  await expect(dialog.getByText(/Les missions déjà publiées suivent leur cours/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Arrêter la série' }).click();
  await expect(card.getByText(/^Arrêtée le /)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Modifier' })).toHaveCount(0);
  await expect(card.getByText(/^Prochaines missions/)).toHaveCount(0);
});
