import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { registerDriverByApi, shootBothThemes, signedInPage } from './helpers.js';

/** Days counted from one instant, read once (Paris). */
const STARTED = Date.now();
const parisDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(STARTED + offsetDays * 86_400_000),
  );

test('a driver declares driving done outside Relais on their calendar page, errors said under the fields', async ({
  browser,
  page: probe,
}) => {
  const driver = await signedInPage(browser, registerDriverByApi, probe.viewportSize());
  await driver.goto('/availability');
  const card = driver.getByRole('region', { name: 'Conduite hors Relais' });
  await expect(card).toBeVisible();
  await expect(card.getByText(/jamais ces journées ni vos notes/)).toBeVisible();

  const day = card.getByLabel('Jour');
  const duration = card.getByLabel('Durée de conduite');
  // A day to come and a duration that reads as nothing: each said under its field, nothing sent.
  await day.fill(parisDay(1));
  await duration.fill('beaucoup');
  await card.getByRole('button', { name: 'Enregistrer la journée' }).click();
  await expect(
    card.getByText('On ne déclare que la conduite déjà faite : aujourd’hui au plus tard'),
  ).toBeVisible();
  await expect(card.getByText('Écrivez la durée en heures et minutes, par exemple 4 h 30')).toBeVisible();
  await expect(day).toHaveAttribute('aria-invalid', 'true');
  await expect(duration).toHaveAttribute('aria-invalid', 'true');
  await card.scrollIntoViewIfNeeded();
  await shootBothThemes(driver, 'declared-driving-errors', false, (theme) =>
    expectNoAxeViolations(driver, `declared driving errors (${theme})`),
  );

  // More than a day can hold.
  await day.fill(parisDay(-1));
  await duration.fill('16 h');
  await card.getByRole('button', { name: 'Enregistrer la journée' }).click();
  await expect(card.getByText('Au plus 15 h de conduite dans une journée')).toBeVisible();

  // Yesterday 4 h 30 and today 2 h: listed under their week, with the note.
  await duration.fill('4h30');
  await card.getByLabel('Note (facultatif)').fill('Tournée Transports Martin');
  await card.getByRole('button', { name: 'Enregistrer la journée' }).click();
  await expect(card.getByText('Tournée Transports Martin')).toBeVisible();
  await expect(duration).toHaveValue('');
  await duration.fill('2 h');
  await card.getByRole('button', { name: 'Enregistrer la journée' }).click();
  await expect(card.getByRole('button', { name: /^Effacer la conduite du/ })).toHaveCount(2);
  const yesterday = card.getByRole('listitem').filter({ hasText: 'Tournée Transports Martin' });
  await expect(yesterday).toContainText('4 h 30');
  await expect(card.getByRole('listitem').filter({ hasText: /: 2 h(?! ?\d)/ })).toHaveCount(1);
  await card.scrollIntoViewIfNeeded();
  await shootBothThemes(driver, 'declared-driving-list', false, (theme) =>
    expectNoAxeViolations(driver, `declared driving list (${theme})`),
  );

  // Cleared: the day no longer counts.
  await card
    .getByRole('button', { name: /^Effacer la conduite du/ })
    .first()
    .click();
  await expect(card.getByRole('button', { name: /^Effacer la conduite du/ })).toHaveCount(1);
  await driver.context().close();
});
