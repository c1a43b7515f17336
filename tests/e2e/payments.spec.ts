import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfFile } from './admin-helpers.js';
import {
  publishMissionByApi,
  registerCompanyByApi,
  registerDriverByApi,
  shootBothThemes,
  signedInPage,
  toast,
} from './helpers.js';
import { expectNoAxeViolations } from './axe.js';
import { completedMission, currentMonthLabel, euros } from './money-helpers.js';

/**
 * Settlement end to end, in the default mode (no payment provider): an independent carrier's mission is completed,
 * both parties complete their billing details, Relais issues the invoice, the transporter declares the transfer,
 * the driver confirms it, and both wallets show it in French figures, month by month.
 */
test('an independent mission is settled: invoice, marked paid, confirmed, both wallets', async ({
  browser,
  page: probe,
}) => {
  test.setTimeout(120_000);
  const viewport = probe.viewportSize();
  const transporter = await signedInPage(browser, registerCompanyByApi, viewport);
  const driver = await signedInPage(browser, registerDriverByApi, viewport);
  const title = `Porteur Rungis → Orly ${Date.now().toString(36)}`;
  // 180 € an hour for 7 h 15: 1 305,00 € HT.
  const missionId = await completedMission(
    transporter,
    driver,
    {
      title,
      pickupAddress: '94150 Rungis',
      deliveryAddress: '94310 Orly',
      vehicleType: 'porteur',
      price: '180',
      pricingType: 'hourly',
      engagementType: 'independent',
      paymentTerms: '30_days',
    },
    7 * 60 + 15,
  );

  // The mission page says how it is settled and leads to the settlement.
  await driver.goto(`/mission/${missionId}`);
  await expect(driver.getByText('Paiement directement entre les parties, par virement')).toBeVisible();
  await driver.getByRole('link', { name: 'Règlement' }).click();
  await expect(driver).toHaveURL(new RegExp(`/mission/${missionId}/payment$`));
  await expect(driver.getByRole('heading', { name: 'Règlement de la mission', level: 1 })).toBeVisible();
  await expect(driver.getByRole('heading', { name: 'Transports Martin vous doit' })).toBeVisible();
  await expect(driver.getByText('7,25 h × 180,00 €', { exact: false })).toBeVisible();
  await expect(driver.getByText('Virement bancaire, comme convenu')).toBeVisible();
  await expect(driver.getByText('30 jours', { exact: true })).toBeVisible();
  await expect(driver.getByText('article L441-11 du Code de commerce', { exact: false })).toBeVisible();
  await expect(driver.getByText('À régler', { exact: true })).toBeVisible();

  // What keeps the invoice from being issued, and the driver's part of it, with the mandate.
  const blockers = driver.getByRole('region', { name: 'Avant d’émettre la facture' });
  await expect(blockers.getByText('Le chauffeur doit accepter le mandat de facturation')).toBeVisible();
  await blockers.getByLabel('Adresse de facturation').fill('12 rue des Routiers, 94150 Rungis');
  await blockers.getByLabel('Numéro SIRET').fill('732 829 320 00074');
  await blockers.getByLabel('Assujetti à la TVA (20 %)').check();
  await blockers.getByLabel('Numéro de TVA intracommunautaire').fill('FR44 732 829 320');
  await blockers.getByLabel('J’ai opté pour le paiement de la TVA d’après les débits').check();
  // The IBAN copied with a typo: its key says so under the field, before anything is sent.
  await blockers.getByLabel('IBAN (facultatif)').fill('FR76 3000 6000 0112 3456 7890 188');
  await blockers.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    blockers.getByText('IBAN invalide : vérifiez-le sur votre RIB', { exact: false }),
  ).toBeVisible();
  await blockers.getByLabel('IBAN (facultatif)').fill('FR76 3000 6000 0112 3456 7890 189');
  await expect(
    blockers.getByText('Acceptez le mandat de facturation pour que Relais émette vos factures'),
  ).toBeVisible();
  await expect(blockers.getByText('Je donne mandat à Relais', { exact: false })).toBeVisible();
  await blockers.getByLabel('J’accepte le mandat de facturation').check();
  await blockers.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(driver, 'Coordonnées de facturation enregistrées')).toBeVisible();
  await expect(blockers.getByText('Le transporteur doit indiquer son adresse de facturation.')).toBeVisible();
  await expect(blockers.getByText('Le chauffeur doit', { exact: false })).toHaveCount(0);
  // Subject to VAT: 1 305,00 € HT, 261,00 € of VAT, 1 566,00 € TTC.
  await expect(driver.getByTestId('payment-amount')).toHaveText(euros('1 566,00 €'));
  await expect(driver.getByText(euros('261,00 €'))).toBeVisible();

  // The transporter gives its billing address: the invoice is issued and opens as a PDF.
  await transporter.goto(`/mission/${missionId}/payment`);
  await expect(transporter.getByRole('heading', { name: /^Vous devez à Jean Routier/ })).toBeVisible();
  const toFill = transporter.getByRole('region', { name: 'Avant d’émettre la facture' });
  await toFill.getByLabel('Adresse de facturation').fill('1 avenue du Fret, 94150 Rungis');
  await toFill.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(transporter, 'Coordonnées de facturation enregistrées')).toBeVisible();
  await expect(toFill).toHaveCount(0);
  const documents = transporter.getByRole('region', { name: 'Documents' });
  const invoice = documents.getByRole('link', { name: /^Ouvrir Facture n° .+ \(PDF\)/ });
  await expect(invoice).toBeVisible();
  const href = (await invoice.getAttribute('href'))!;
  expect(await invoice.getAttribute('target')).toBe('_blank');
  const pdf = await transporter.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // The driver opens the same invoice.
  expect((await driver.request.get(href)).status()).toBe(200);
  // Their details stay within reach afterwards: /parametres leads to them, as saved.
  await driver.goto('/parametres');
  await driver.getByRole('link', { name: 'Mes coordonnées de facturation' }).click();
  await expect(driver.getByRole('heading', { name: 'Coordonnées de facturation', level: 1 })).toBeVisible();
  await expect(driver.getByLabel('IBAN (facultatif)')).toHaveValue('FR76 3000 6000 0112 3456 7890 189');
  await expect(driver.getByLabel('J’ai opté pour le paiement de la TVA d’après les débits')).toBeChecked();
  await expect(driver.getByText('Mandat de facturation accepté le', { exact: false })).toBeVisible();
  await shootBothThemes(driver, 'billing-details', true, (theme) =>
    expectNoAxeViolations(driver, `/facturation (${theme})`),
  );

  // The transporter declares the transfer: date (today by default) and reference.
  await transporter.getByRole('button', { name: 'Marquer comme payé' }).click();
  const dialog = transporter.getByRole('dialog', { name: 'Marquer comme payé' });
  await expect(dialog.getByLabel('Date du virement')).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Déclarer le paiement' }).click();
  await expect(dialog.getByText('Indiquez la référence du virement')).toBeVisible();
  await dialog.getByLabel('Référence du virement').fill('VIR-2026-1105');
  await dialog.getByRole('button', { name: 'Déclarer le paiement' }).click();
  await expect(toast(transporter, 'Paiement déclaré')).toBeVisible();
  await expect(transporter.getByText('Payé — réception à confirmer')).toBeVisible();
  await expect(transporter.getByText('VIR-2026-1105').first()).toBeVisible();

  // The driver confirms the receipt; the transporter's page, left open, follows live.
  await driver.goto(`/mission/${missionId}/payment`);
  await expect(
    driver.getByRole('heading', { name: 'Transports Martin déclare vous avoir payé' }),
  ).toBeVisible();
  await driver.getByRole('button', { name: 'Confirmer la réception' }).click();
  const confirm = driver.getByRole('alertdialog', { name: 'Confirmer la réception ?' });
  await expect(confirm).toContainText(euros('1 566,00 €'));
  await confirm.getByRole('button', { name: 'Confirmer la réception' }).click();
  await expect(toast(driver, 'Réception confirmée')).toBeVisible();
  await expect(driver.getByRole('heading', { name: 'Transports Martin vous a réglé' })).toBeVisible();
  await expect(driver.getByText('Reçu', { exact: true })).toBeVisible();
  await expect(driver.getByText('Réception confirmée par le chauffeur')).toBeVisible();
  await expect(transporter.getByRole('heading', { name: 'Vous avez réglé Jean Routier' })).toBeVisible();

  // Both wallets: the totals in French figures, the month in the table, the operations linked to the mission.
  const month = currentMonthLabel();
  // The driver's earnings are before VAT (1 305,00 € HT, the 261,00 € of VAT collected shown apart); the
  // transporter's figures are what they paid, VAT included.
  for (const [page, settled, state, amount] of [
    [driver, 'Reçu', 'Reçu', '1 305,00 €'],
    [transporter, 'Payé', 'Reçu par le chauffeur', '1 566,00 €'],
  ] as const) {
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { name: 'Portefeuille', level: 1 })).toBeVisible();
    const card = page.getByTestId('balance-settled');
    await expect(card).toContainText(settled);
    await expect(card).toContainText(euros(amount));
    if (page === driver) await expect(card).toContainText(`TVA collectée : ${euros('261,00 €')}`);
    await expect(page.getByTestId('balance-month')).toContainText(euros(amount));
    await expect(page.getByTestId('balance-pending')).toContainText(euros('0,00 €'));
    await page.getByRole('button', { name: 'Voir le tableau' }).click();
    const row = page.getByRole('table').getByRole('row', { name: new RegExp(`^${month}`) });
    await expect(row).toContainText(euros(amount));
    await expect(row.getByRole('cell')).toHaveText([euros(amount), euros(amount)]);
    await expect(page.locator('.wallet-chart canvas')).toBeVisible();
    // One line for the mission, owed then paid: its state, HT / VAT / TTC and the invoice's number.
    const operations = page.getByRole('region', { name: 'Opérations' });
    await expect(operations.getByText('1 opération', { exact: true })).toBeVisible();
    const line = operations.getByRole('listitem').filter({ hasText: 'Règlement de mission' });
    await expect(line).toHaveCount(1);
    await expect(line.getByText(state, { exact: true })).toBeVisible();
    await expect(line).toContainText(euros('1 566,00 €'));
    await expect(line).toContainText(`${euros('1 566,00 €')}${page === driver ? 'Crédit' : 'Débit'} · TTC`);
    await expect(line).toContainText(
      `${euros('1 305,00 €')}\u00a0HT · TVA 20\u00a0%\u00a0: ${euros('261,00 €')}`,
    );
    await expect(line).toContainText(/Facture n° AF-\d{4}-\d{4}/);
    await expect(line).toContainText('virement du');
    await expect(line.getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `/mission/${missionId}/payment`,
    );
    await operations.getByLabel('Catégorie').selectOption('subscription');
    await expect(operations.getByText('Aucune opération pour ces filtres.')).toBeVisible();
    await operations.getByLabel('Catégorie').selectOption('mission');
    await expect(operations.getByText('1 opération', { exact: true })).toBeVisible();
    const download = page.waitForEvent('download');
    await operations.getByRole('link', { name: 'Exporter en CSV' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    expect(csv).toContain(title);
    expect(csv).toContain(`;Règlement de mission;${state};1566,00;1305,00;261,00;1566,00;AF-`);
  }
  await transporter.context().close();
  await driver.context().close();
});

test('an employment mission: the hours statement, the payslip the employer files, the wallet empty before', async ({
  browser,
  page: probe,
}) => {
  test.setTimeout(90_000);
  const viewport = probe.viewportSize();
  const transporter = await signedInPage(browser, registerCompanyByApi, viewport);
  const driver = await signedInPage(browser, registerDriverByApi, viewport);

  // Nothing yet: the wallet says what will be there.
  await driver.goto('/wallet');
  await expect(driver.getByRole('heading', { name: 'Pas encore de règlement' })).toBeVisible();

  const missionId = await completedMission(transporter, driver, {
    title: `Semi Lyon → Mâcon ${Date.now().toString(36)}`,
    pickupAddress: '69007 Lyon',
    deliveryAddress: '71000 Mâcon',
    vehicleType: 'semi_remorque',
    price: '1234.5',
    engagementType: 'employment',
  });
  await driver.goto(`/mission/${missionId}/payment`);
  await expect(driver.getByTestId('payment-amount')).toHaveText(euros('1 234,50 €'));
  await expect(driver.getByText('Forfait', { exact: false })).toBeVisible();
  await expect(driver.getByText('article L3242-1 du Code du travail', { exact: false })).toBeVisible();
  await expect(driver.getByText('À réception', { exact: true })).toBeVisible();
  const documents = driver.getByRole('region', { name: 'Documents' });
  const statement = documents.getByRole('link', { name: /^Ouvrir Relevé d’heures et de rémunération/ });
  await expect(statement).toBeVisible();
  const file = await driver.request.get((await statement.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  // The transporter's side: declare the payment or file the payslip; the driver confirms or disputes.
  await transporter.goto(`/mission/${missionId}/payment`);
  await expect(transporter.getByRole('button', { name: 'Marquer comme payé' })).toBeVisible();
  // The employer files the payslip from its payroll: number and PDF, errors under the fields first.
  await transporter.getByRole('button', { name: 'Déposer le bulletin de paie' }).click();
  const payslip = transporter.getByRole('dialog', { name: 'Déposer le bulletin de paie' });
  await payslip.getByRole('button', { name: 'Déposer' }).click();
  await expect(payslip.getByText('Indiquez le numéro du bulletin de paie')).toBeVisible();
  await expect(payslip.getByText('Choisissez le bulletin de paie au format PDF')).toBeVisible();
  await payslip.getByLabel('Numéro du bulletin').fill('BP-2026-118');
  await payslip.getByLabel('Fichier PDF').setInputFiles({
    name: 'bulletin-novembre.pdf',
    mimeType: 'application/pdf',
    buffer: await pdfFile('Bulletin de paie'),
  });
  await payslip.getByRole('button', { name: 'Déposer' }).click();
  await expect(toast(transporter, 'Bulletin de paie déposé')).toBeVisible();
  await expect(
    transporter.getByRole('region', { name: 'Documents' }).getByRole('link', {
      name: /^Ouvrir Bulletin de paie n° BP-2026-118/,
    }),
  ).toBeVisible();
  await expect(transporter.getByText('Bulletin de paie déposé par l’employeur')).toBeVisible();
  await driver.getByRole('button', { name: 'Contester' }).click();
  const dispute = driver.getByRole('dialog', { name: 'Contester le paiement' });
  await dispute.getByLabel('Ce qui ne va pas').fill('Rien reçu');
  await dispute.getByRole('button', { name: 'Contester' }).click();
  await expect(dispute.getByText('Expliquez ce qui ne va pas (10 caractères au moins)')).toBeVisible();
  await dispute.getByLabel('Ce qui ne va pas').fill('Aucun virement reçu à ce jour.');
  await dispute.getByRole('button', { name: 'Contester' }).click();
  await expect(toast(driver, 'Paiement contesté')).toBeVisible();
  await expect(driver.getByText('Aucun virement reçu à ce jour.')).toBeVisible();
  await driver.goto('/wallet');
  await expect(driver.getByTestId('balance-disputed')).toContainText(euros('1 234,50 €'));

  // Before completion the payment page says so and leads back to the mission.
  const openId = await publishMissionByApi(transporter.request, {
    title: 'Porteur pas encore parti',
    pickupAddress: '69007 Lyon',
    deliveryAddress: '71000 Mâcon',
    vehicleType: 'porteur',
    price: '300',
  });
  await transporter.goto(`/mission/${openId}/payment`);
  await expect(transporter.getByRole('heading', { name: 'Règlement pas encore ouvert' })).toBeVisible();
  await expect(
    transporter.getByText('Le règlement s’ouvre quand le transporteur a confirmé la fin de mission.'),
  ).toBeVisible();
  await transporter.getByRole('link', { name: 'Retour à la mission' }).click();
  await expect(transporter).toHaveURL(new RegExp(`/mission/${openId}$`));
  await transporter.context().close();
  await driver.context().close();
});
