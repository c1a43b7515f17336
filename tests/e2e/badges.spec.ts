import { expect, test } from '@playwright/test';
import { inDatabase, transporterAndApplicant, shootBothThemes } from './helpers.js';

/**
 * Badges (decision 019): a driver with 50 missions behind them, none with an accident, writes a message; the recompute that
 * the message queues gives them "Champion de la sécurité". The badge shows with its meaning on the applicant card
 * the transporter reads, on the public profile, and on the driver's own profile with the way to the others.
 */
test('badges show where people decide whom to work with', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const viewport = testInfo.project.name === 'phone' ? null : { width: 1280, height: 900 };
  const { transporter, driver, missionId, transporterId, driverId } = await transporterAndApplicant(
    browser,
    viewport,
    {
      title: 'Palettes Rungis → Lille',
      pickupAddress: 'MIN de Rungis, 94150 Rungis',
      deliveryAddress: 'Zone logistique, 59810 Lesquin',
      vehicleType: 'semi_frigorifique',
      price: '420',
    },
  );
  // 50 completed missions for this transporter, each started an hour late (no "Fiable"), a day apart.
  await inDatabase(
    `insert into missions (company_id, driver_id, title, description, pickup_address, delivery_address,
       vehicle_type, start_date, end_date, price, status, assigned_at, started_at, delivered_at, completed_at)
     select $1, $2, 'Livraison passée', 'Mission passée.', 'Rungis', 'Lesquin', 'semi_frigorifique',
       now() - make_interval(days => n + 2), now() - make_interval(days => n + 2) + interval '8 hours', 400,
       'completed', now() - make_interval(days => n + 3), now() - make_interval(days => n + 2) + interval '1 hour',
       now() - make_interval(days => n + 2) + interval '7 hours', now() - make_interval(days => n + 2) + interval '8 hours'
     from generate_series(1, 50) as n`,
    [transporterId, driverId],
  );
  // The driver writes: the message queues a recompute of their badges (at the end of its 10-second slice).
  const sent = await driver.request.post(`/api/messages/${transporterId}`, {
    data: { content: 'Bonjour, je suis disponible.', missionId },
  });
  expect(sent.status()).toBe(201);
  await expect
    .poll(
      async () =>
        ((await (await driver.request.get(`/api/users/${driverId}/badges`)).json()) as { badges: unknown[] })
          .badges.length,
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(1);

  // The transporter's applicant card: the chip, its meaning a tap away, and the way to the profile.
  await transporter.goto(`/mission/${missionId}`);
  const card = transporter.getByRole('listitem').filter({ hasText: 'Jean Routier' });
  const chip = card.getByRole('button', { name: 'Champion de la sécurité' });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(chip).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByText(/Aucun accident ni marchandise endommagée signalés/)).toBeVisible();
  await shootBothThemes(transporter, 'badges-applicant');

  await card.getByRole('link', { name: 'Voir le profil et les avis' }).click();
  const badges = transporter.getByRole('region', { name: 'Badges' });
  await expect(badges.getByText('Champion de la sécurité')).toBeVisible();
  await expect(badges.getByText(/Obtenu en/)).toBeVisible();
  await shootBothThemes(transporter, 'badges-profile');

  // The driver's own profile: held, and the way to each of the others.
  await driver.goto('/profile');
  const mine = driver.getByRole('region', { name: 'Mes badges' });
  await expect(mine.getByText(/Obtenu en/)).toBeVisible();
  await expect(mine.getByText('50 missions terminées sur 100.')).toBeVisible();
  await expect(
    mine.getByRole('progressbar', { name: 'Progression vers le badge « Expert »' }),
  ).toHaveAttribute('aria-valuenow', '50');
  await expect(mine.getByText(/Pour l’obtenir, envoyez un justificatif à l’équipe Relais/)).toBeVisible();
  await shootBothThemes(driver, 'badges-mine');
});
