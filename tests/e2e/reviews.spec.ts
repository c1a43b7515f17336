import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInAdmin } from './admin-helpers.js';
import { expectNoAxeViolations } from './axe.js';
import {
  acceptCookies,
  registerCompanyByApi,
  registerDriverByApi,
  shootBothThemes,
  signedInPage,
} from './helpers.js';
import { completedMission } from './money-helpers.js';

/** A photo as a phone takes it (a plain JPEG with something drawn on it). */
const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#94a3b8' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect x="100" y="150" width="600" height="300" fill="#1e3a8a"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();

/** Gives `rating` stars in the radio group called `name` (each star is a real radio). */
async function rate(page: Page, name: string, rating: number) {
  const group = page.getByRole('group', { name, exact: true });
  const radio = group.getByRole('radio', { name: new RegExp(`^${rating} étoiles? sur 5`) });
  await radio.check({ force: true });
  await expect(radio).toBeChecked();
}

/** The page in both themes, each checked by axe (and pictured when E2E_SHOTS_DIR asks). */
const shot = (page: Page, name: string) =>
  shootBothThemes(page, name, true, (theme) => expectNoAxeViolations(page, `${name} (${theme})`));

/**
 * Reviews end to end: after a completed mission both parties review each other in the browser (double-blind:
 * the first waits, the second publishes both), the driver's profile shows the review and the score, the driver
 * reports it and an administrator removes it.
 */
test('both parties review after a mission; the profile shows the reviews and the score', async ({
  browser,
  page: probe,
}) => {
  test.setTimeout(120_000);
  const projected = probe.viewportSize();
  // Phones at 390 px, the narrowest common width.
  const viewport = projected && projected.width < 768 ? { width: 390, height: 844 } : projected;
  const transporter = await signedInPage(browser, registerCompanyByApi, viewport);
  const driver = await signedInPage(browser, registerDriverByApi, viewport);
  const title = `Frigo Rungis → Lesquin ${Date.now().toString(36)}`;
  const missionId = await completedMission(transporter, driver, {
    title,
    pickupAddress: '94150 Rungis',
    deliveryAddress: '59810 Lesquin',
    vehicleType: 'semi_frigorifique',
    price: '450',
  });
  const driverId = ((await (await driver.request.get('/api/auth/me')).json()) as { id: string }).id;

  // The transporter: the mission page invites a review.
  await transporter.goto(`/mission/${missionId}`);
  const panel = transporter.getByRole('region', { name: 'Avis', exact: true });
  await expect(panel).toContainText('Votre avis reste caché');
  await panel.getByRole('link', { name: 'Laisser un avis' }).click();
  await expect(transporter).toHaveURL(new RegExp(`/mission/${missionId}/review$`));
  await expect(transporter.getByRole('heading', { name: 'Avis sur la mission', level: 1 })).toBeVisible();
  await expect(transporter.getByText('Pour un chauffeur, quatre critères')).toBeVisible();
  // Sending with nothing chosen: each missing note is said.
  await transporter.getByRole('button', { name: 'Envoyer mon avis' }).click();
  await expect(transporter.getByText('Il manque des notes', { exact: false })).toBeVisible();
  await rate(transporter, 'Note globale', 5);
  for (const name of ['Professionnalisme', 'Communication', 'Conduite', 'Sécurité'])
    await rate(transporter, name, 5);
  await transporter.getByLabel('Commentaire (facultatif)').fill('Ponctuel et soigneux, merci Jean !');
  await transporter.locator('input[type="file"]').setInputFiles({
    name: 'quai.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(),
  });
  await expect(transporter.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await shot(transporter, 'review-form');
  await transporter.getByRole('button', { name: 'Envoyer mon avis' }).click();
  await expect(transporter.getByText('Votre avis est enregistré.')).toBeVisible();
  await expect(
    transporter.getByText(
      /Il sera publié quand Jean Routier aura donné le sien, au plus tard le \d{1,2} \w+/,
    ),
  ).toBeVisible();
  await shot(transporter, 'review-waiting');

  // Double-blind: the driver's profile shows nothing yet.
  const beforeList = await (await transporter.request.get(`/api/reviews/user/${driverId}`)).json();
  expect(beforeList.total).toBe(0);

  // The driver: invited, then reviews the transporter on the three criteria that apply to a transporter.
  await driver.goto(`/mission/${missionId}`);
  await driver
    .getByRole('region', { name: 'Avis', exact: true })
    .getByRole('link', { name: 'Laisser un avis' })
    .click();
  await expect(
    driver.getByText(
      'Pour un transporteur, trois critères s’appliquent : professionnalisme, communication et sécurité sur site. La conduite ne concerne que les chauffeurs.',
    ),
  ).toBeVisible();
  await expect(driver.getByRole('group', { name: 'Conduite', exact: true })).toHaveCount(0);
  await rate(driver, 'Note globale', 4);
  await rate(driver, 'Professionnalisme', 4);
  await rate(driver, 'Communication', 5);
  await rate(driver, 'Sécurité sur site', 3);
  await driver.getByLabel('Commentaire (facultatif)').fill('Consignes claires, quai un peu encombré.');
  await driver.getByRole('button', { name: 'Envoyer mon avis' }).click();
  await expect(driver.getByText('Avis publiés')).toBeVisible();
  await expect(driver.getByRole('heading', { name: 'Votre avis sur Transports Martin' })).toBeVisible();
  await expect(driver.getByRole('heading', { name: 'L’avis de Transports Martin sur vous' })).toBeVisible();
  await expect(driver.getByText('Ponctuel et soigneux, merci Jean !')).toBeVisible();
  await shot(driver, 'review-published');

  // The transporter's mission page now says both are published.
  await transporter.goto(`/mission/${missionId}`);
  await expect(transporter.getByRole('region', { name: 'Avis', exact: true })).toContainText('Avis publiés');

  // The driver's profile: the score with its count, the summary and the review with its photo.
  await transporter.goto(`/profile/${driverId}`);
  await expect(transporter.getByText('Réputation 4,17 / 5 · 1 avis')).toBeVisible();
  const reviews = transporter.getByRole('region', { name: 'Avis', exact: true });
  await expect(reviews.getByText('Ponctuel et soigneux, merci Jean !')).toBeVisible();
  await expect(reviews.getByText(title, { exact: false })).toBeVisible();
  await expect(reviews.getByRole('img', { name: /^Photo 1 de l’avis/ })).toBeVisible();
  await expect(reviews.getByRole('button', { name: /^Signaler/ })).toHaveCount(0);
  await shot(transporter, 'profile-reviews');

  // The driver reports it from their own profile; an administrator removes it.
  await driver.goto(`/profile/${driverId}`);
  await driver.getByRole('button', { name: 'Signaler l’avis de Transports Martin' }).click();
  const dialog = driver.getByRole('dialog', { name: 'Signaler cet avis' });
  await dialog.getByLabel('Ce qui ne va pas').fill('Je n’ai pas de reproche à faire, test de signalement.');
  await dialog.getByRole('button', { name: 'Signaler' }).click();
  await expect(driver.getByText('Vous avez signalé cet avis', { exact: false })).toBeVisible();

  const adminContext = await browser.newContext(viewport ? { viewport } : {});
  const admin = await adminContext.newPage();
  await acceptCookies(admin);
  await signInAdmin(admin.request);
  await admin.goto('/admin/avis');
  await expect(admin.getByRole('heading', { name: 'Avis signalés', level: 1 })).toBeVisible();
  const report = admin
    .getByRole('listitem')
    .filter({ hasText: 'test de signalement' })
    .filter({ hasText: title });
  await expect(report).toContainText('À traiter');
  await shot(admin, 'admin-reports');
  await report.getByRole('button', { name: 'Retirer l’avis' }).click();
  const decision = admin.getByRole('dialog', { name: 'Retirer cet avis' });
  await decision.getByLabel('Raison de la décision').fill('Signalement de test : avis retiré.');
  await decision.getByRole('button', { name: 'Retirer l’avis' }).click();
  await expect(report).toContainText('Avis retiré');

  await transporter.goto(`/profile/${driverId}`);
  await expect(transporter.getByText('Pas encore d’avis', { exact: true })).toBeVisible();
  await adminContext.close();
});
