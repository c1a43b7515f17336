import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { registerCompanyByApi, shootBothThemes, signedInPage } from './helpers.js';

// The narrowest phone the app is made for.
test.use({ viewport: { width: 360, height: 780 } });

test('SMS opt-in: a mobile number is required, said under the field; the choice is kept', async ({
  browser,
  page: probe,
}) => {
  const page = await signedInPage(browser, registerCompanyByApi, probe.viewportSize());
  await page.goto('/alerts#preferences');
  const form = page.getByRole('form', { name: 'SMS pour ce qui ne peut pas attendre' });
  await expect(form).toBeVisible();
  const number = form.getByLabel('Numéro de mobile');
  const optIn = form.getByLabel('Recevoir ces alertes par SMS');
  await expect(optIn).not.toBeChecked();
  await expect(form.getByText('Un incident signalé sur une de vos missions', { exact: false })).toBeVisible();

  // A landline cannot receive an SMS: refused, said under the field.
  await optIn.check();
  await number.fill('01 45 67 89 01');
  await form.getByRole('button', { name: 'Enregistrer les SMS' }).click();
  await expect(form.getByText('Indiquez un numéro de mobile valide (06 12 34 56 78 ou +32 …)')).toBeVisible();
  await expect(number).toHaveAttribute('aria-invalid', 'true');

  // The server refuses it too, in the same words (the form's check aside).
  const refused = await page.request.put('/api/alerts/sms', {
    data: { enabled: true, phone: '01 45 67 89 01', quietStart: 21, quietEnd: 7, dailyCap: 5 },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).errors.phone).toBe(
    'Indiquez un numéro de mobile valide (06 12 34 56 78 ou +32 …)',
  );

  await number.fill('06 98 76 54 32');
  await form.getByLabel('SMS par jour, au plus').selectOption('3');
  await form.getByLabel('Heures calmes, à partir de').selectOption('22');
  await form.getByRole('button', { name: 'Enregistrer les SMS' }).click();
  await expect(page.getByText('SMS activés').first()).toBeVisible();
  await shootBothThemes(page, 'sms-opt-in');

  await page.reload();
  await expect(optIn).toBeChecked();
  await expect(number).toHaveValue('06 98 76 54 32');
  await expect(form.getByLabel('SMS par jour, au plus')).toHaveValue('3');
  await expect(
    form.getByText('Heures calmes de 22 h à 7 h (heure de Paris)', { exact: false }),
  ).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, 'SMS opt-in');
});
