import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import {
  publishMissionByApi,
  registerCompanyByApi,
  registerDriverByApi,
  shootBothThemes,
  signedInPage,
} from './helpers.js';

/**
 * A driver's week in the browser: the mission held (decision 044), the driving-time rules read by the driver at
 * application and by the transport company at acceptance, which gives a reason to go past them (decision 049), and
 * every card saying its estimated route (decision 050).
 */

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

test('a long afternoon after a morning run: the driver is told, the company needs a reason, a third mission cannot overlap', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const viewport = page.viewportSize();
  const driver = await signedInPage(browser, registerDriverByApi, viewport);
  const morning = await signedInPage(browser, registerCompanyByApi, viewport);
  const afternoon = await signedInPage(browser, registerCompanyByApi, viewport);
  const overlapping = await signedInPage(browser, registerCompanyByApi, viewport);

  // The driver holds tomorrow morning's run, Rungis → Lesquin (about 4 h 15 at the wheel).
  const held = await publishMissionByApi(morning.request, {
    title: 'Matinée Rungis → Lesquin',
    pickupAddress: 'MIN de Rungis, 94150 Rungis',
    deliveryAddress: 'Zone logistique, 59810 Lesquin',
    vehicleType: 'semi_frigorifique',
    price: '420',
    startDate: at(24),
    endDate: at(30),
  });
  expect((await driver.request.post(`/api/missions/${held}/apply`, { data: {} })).status()).toBe(201);
  const heldDetail = (await (await morning.request.get(`/api/missions/${held}`)).json()) as {
    applications: Array<{ id: string }>;
  };
  expect(
    (await morning.request.post(`/api/applications/${heldDetail.applications[0]!.id}/accept`)).status(),
  ).toBe(200);

  // The same afternoon, Rungis → Lyon (about 7 h 50): the day past 10 h of driving.
  const long = await publishMissionByApi(afternoon.request, {
    title: 'Après-midi Rungis → Lyon',
    pickupAddress: 'MIN de Rungis, 94150 Rungis',
    deliveryAddress: '12 quai Perrache, 69002 Lyon',
    vehicleType: 'semi_frigorifique',
    price: '690',
    startDate: at(31),
    endDate: at(41),
  });
  await driver.goto(`/mission/${long}`);
  const apply = driver.getByRole('region', { name: 'Postuler' });
  const note = apply.getByRole('note').filter({ hasText: 'Temps de conduite' });
  await expect(note).toContainText(
    /Avec cette mission : \d+ h( \d\d)? de conduite sur la semaine, sur 56 h autorisées/,
  );
  await expect(note).toContainText(
    /Cette mission porterait à \d+\u00a0h(\u00a0\d\d)? votre conduite de la journée/,
  );
  await expect(note).toContainText('du règlement (CE) n° 561/2006');
  await expect(driver.getByText(/Trajet estimé/)).toBeVisible();
  await shootBothThemes(driver, 'driving-time-driver', true, (theme) =>
    expectNoAxeViolations(driver, `driving time, driver (${theme})`),
  );
  await apply.getByRole('button', { name: 'Postuler à cette mission' }).click();
  await expect(driver.getByText('Statut :')).toContainText('En attente');

  // The company reads the same verdict, in its words, and needs a reason to choose the driver.
  await afternoon.goto(`/mission/${long}`);
  const applicants = afternoon.getByRole('region', { name: /^Candidatures/ });
  await expect(applicants.getByRole('note')).toContainText('Temps de conduite et de repos');
  await expect(applicants.getByRole('note')).toContainText('ce chauffeur');
  await applicants.getByRole('button', { name: 'Retenir ce chauffeur' }).click();
  const confirm = afternoon.getByRole('alertdialog');
  const reason = confirm.getByLabel('Pourquoi ce chauffeur peut-il la faire ?');
  await expect(reason).toBeVisible();
  await shootBothThemes(afternoon, 'driving-time-reason', false, (theme) =>
    expectNoAxeViolations(afternoon, `driving time, reason (${theme})`),
  );
  await confirm.getByRole('button', { name: 'Retenir ce chauffeur' }).click();
  await expect(confirm.getByText(/^Indiquez pourquoi ce chauffeur peut faire cette mission/)).toBeVisible();
  await reason.fill('Double équipage : un second conducteur prend le volant à Mâcon.');
  await confirm.getByRole('button', { name: 'Retenir ce chauffeur' }).click();
  await expect(confirm).toHaveCount(0);
  const history = afternoon.getByRole('region', { name: 'Historique' });
  await expect(history).toContainText('Chauffeur retenu au-delà des temps de conduite et de repos');
  await expect(history).toContainText('Double équipage');

  // A third company's mission tomorrow morning overlaps the one the driver holds: greyed for them, told to the driver.
  const third = await publishMissionByApi(overlapping.request, {
    title: 'Matin Rungis → Orléans',
    pickupAddress: 'MIN de Rungis, 94150 Rungis',
    deliveryAddress: '45000 Orléans',
    vehicleType: 'semi_frigorifique',
    price: '300',
    startDate: at(26),
    endDate: at(29),
  });
  await driver.goto(`/mission/${third}`);
  await expect(
    driver.getByText(
      /^Vous êtes déjà retenu pour la mission « Matinée Rungis → Lesquin » du .+ : celle-ci la chevauche\./,
    ),
  ).toBeVisible();
  await expect(driver.getByRole('button', { name: 'Postuler à cette mission' })).toBeDisabled();

  // Every card says its estimated route.
  await driver.goto('/missions');
  await expect(driver.getByText(/\d+\u00a0km · \d+ h( \d\d)? de conduite/).first()).toBeVisible();
  for (const one of [driver, morning, afternoon, overlapping]) await one.context().close();
});
