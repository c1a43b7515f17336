import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEFAULT_TARIFFS } from '../../src/core/rules/tariffs.js';
import { signInAdmin } from './admin-helpers.js';
import { expectNoAxeViolations } from './axe.js';
import { acceptCookies, registerCompanyByApi, shootBothThemes } from './helpers.js';

/**
 * « Paramètres du site » and « Tarifs » (decision 021): the e2e database is shared by every spec, so what this spec
 * changes (the light logo, one tariff) is put back in `finally`, and the spec runs its steps in one test.
 */
test.describe.configure({ mode: 'serial' });

const logoPng = () =>
  sharp({ create: { width: 360, height: 96, channels: 4, background: { r: 30, g: 90, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

test('an admin changes the light logo and a tariff; visitors see both; a negative tariff is refused under its field', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  await acceptCookies(page);
  await signInAdmin(page.request);
  try {
    // The light logo, sent from the settings page.
    await page.goto('/admin/parametres');
    await expect(page.getByRole('heading', { name: 'Paramètres du site', level: 1 })).toBeVisible();
    await page.getByLabel(/Envoyer un logo \(logo du thème clair\)/).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await logoPng(),
    });
    await expect(page.getByText('Logo enregistré').first()).toBeVisible();
    const settings = (await (await page.request.get('/api/site-settings')).json()) as {
      logoLightUrl: string;
    };
    expect(settings.logoLightUrl).toMatch(/^\/api\/files\/site\/logo-light-[a-f0-9]{16}\.png$/);
    await expect(page.getByTestId('logo-preview-light').locator('img')).toHaveAttribute(
      'src',
      settings.logoLightUrl,
    );

    // A visitor, in a browser of their own with the light theme (dark is the default), sees it on the landing page.
    const visitor = await browser.newContext();
    const home = await visitor.newPage();
    await home.addInitScript(() => window.localStorage.setItem('theme', 'light'));
    await home.goto('/');
    const headerLogo = home.getByRole('banner').getByRole('img', { name: 'Relais' });
    await expect(headerLogo).toHaveAttribute('src', settings.logoLightUrl);
    await expect
      .poll(() => headerLogo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // A tariff: the transporter's annual price, entered before VAT; the VAT and the total follow as it is typed.
    await page.goto('/admin/tarifs');
    const annual = page.getByLabel('Transporteur, annuel (€\u00a0HT)');
    await expect(annual).toHaveValue('741,58');
    await annual.fill('799');
    await expect(page.getByText(/TVA 20\s%\s: 159,80\s€ · 958,80\s€\sTTC/)).toBeVisible();
    await page.getByRole('button', { name: 'Enregistrer les tarifs' }).click();
    await expect(page.getByText('Tarifs enregistrés').first()).toBeVisible();
    await home.goto('/pricing');
    await expect(home.getByRole('article', { name: 'Transporteur' })).toContainText(
      /799,00\s€\sHT \/ an \(958,80\s€\sTTC\)/,
    );
    await visitor.close();

    // A negative tariff: the message under the field, nothing saved.
    const monthly = page.getByLabel('Transporteur, mensuel (€\u00a0HT)');
    await monthly.fill('-5');
    await page.getByRole('button', { name: 'Enregistrer les tarifs' }).click();
    await expect(monthly).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await monthly.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('Le tarif doit être positif');
    expect(
      ((await (await page.request.get('/api/tariffs')).json()) as typeof DEFAULT_TARIFFS).transporterMonthly,
    ).toBe(DEFAULT_TARIFFS.transporterMonthly);
  } finally {
    // Back to what the other specs expect: the specification's tariffs and the built-in logo.
    const tariffs = await page.request.put('/api/admin/tariffs', { data: DEFAULT_TARIFFS });
    expect(tariffs.status()).toBe(200);
    const logo = await page.request.delete('/api/admin/site-settings/logos/light');
    expect([204, 404]).toContain(logo.status());
  }
});

test('an admin fills the legal notice and shows a maintenance message; a wrong contact address is refused under its field', async ({
  browser,
  page,
}) => {
  await acceptCookies(page);
  await signInAdmin(page.request);
  const publisher = `Transports Relais SAS ${Date.now().toString(36)}`;
  try {
    await page.goto('/admin/parametres');
    const contact = page.getByLabel('E-mail de contact');
    await contact.fill('pas-une-adresse');
    await page
      .getByRole('region', { name: 'Contact et support' })
      .getByRole('button', { name: 'Enregistrer' })
      .click();
    await expect(contact).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText('Indiquez une adresse e-mail valide, par exemple contact@relais.fr'),
    ).toBeVisible();

    await page.getByLabel('Éditeur (raison sociale)').fill(publisher);
    await page
      .getByRole('region', { name: 'Mentions légales : éditeur' })
      .getByRole('button', { name: 'Enregistrer' })
      .click();
    await expect(page.getByText('Paramètres enregistrés').first()).toBeVisible();

    await page.getByLabel('Message affiché').fill('Maintenance ce soir de 22 h à 23 h.');
    await page.getByRole('button', { name: 'Afficher le message' }).click();
    await expect(page.getByText('Message de maintenance affiché').first()).toBeVisible();

    // A visitor reads both.
    const visitor = await browser.newContext();
    const other = await visitor.newPage();
    await other.goto('/mentions-legales');
    await expect(other.getByText(publisher)).toBeVisible();
    await expect(other.getByText('Maintenance ce soir de 22 h à 23 h.')).toBeVisible();
    await visitor.close();

    await page.getByRole('button', { name: 'Retirer le message' }).click();
    await expect(page.getByText('Message de maintenance retiré').first()).toBeVisible();
  } finally {
    const reset = await page.request.put('/api/admin/site-settings', {
      data: { legalPublisherName: '', maintenanceMessage: '' },
    });
    expect(reset.status()).toBe(200);
  }
});

test('the invoices of the plans: the back office gives Relais’s identifiers, a company gets its Factur-X invoice', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  await acceptCookies(page);
  await signInAdmin(page.request);
  // A company asks for its plan; its billing address is not given yet.
  const context = await browser.newContext({ viewport: page.viewportSize() });
  const company = await context.newPage();
  await acceptCookies(company);
  await registerCompanyByApi(company.request);
  const asked = await company.request.post('/api/billing/checkout', {
    data: { plan: 'transporter', interval: 'month' },
  });
  expect(asked.status()).toBe(200);
  const { id } = (await (await company.request.get('/api/auth/me')).json()) as { id: string };
  try {
    // The back office: a wrong SIRET is refused under its field, then Relais's identifiers are saved.
    await page.goto('/admin/parametres');
    await page.getByLabel('Éditeur (raison sociale)').fill('Relais SAS');
    await page.getByLabel('Adresse du siège').fill('8 quai Perrache\n69002 Lyon');
    await page
      .getByRole('region', { name: 'Mentions légales : éditeur' })
      .getByRole('button', { name: 'Enregistrer' })
      .click();
    await expect(page.getByText('Paramètres enregistrés').first()).toBeVisible();
    const invoicing = page.getByRole('region', { name: 'Factures des formules' });
    const siret = invoicing.getByLabel('SIRET (factures des formules)');
    await siret.fill('552 100 554 00014');
    await invoicing.getByLabel('N° de TVA intracommunautaire').fill('FR96552100554');
    await invoicing.getByLabel('IBAN (virements des formules)').fill('FR76 3000 6000 0112 3456 7890 189');
    await invoicing.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(siret).toHaveAttribute('aria-invalid', 'true');
    await shootBothThemes(page, 'settings-invoicing', true, (theme) =>
      expectNoAxeViolations(page, `invoicing settings (${theme})`),
    );
    await expect(invoicing.getByText(/^SIRET invalide/)).toBeVisible();
    await siret.fill('552 100 554 00013');
    await invoicing.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(siret).not.toHaveAttribute('aria-invalid', 'true');
    await expect(siret).toHaveValue('55210055400013');

    // The administrator grants the plan; the company's invoice waits for its billing address, and says so.
    const granted = await page.request.post(`/api/admin/users/${id}/plan`, {
      data: { plan: 'transporter', interval: 'month', invoiceReference: 'BC-0107' },
    });
    expect(granted.status()).toBe(200);
    await company.goto('/driver/subscription');
    const invoices = company.getByRole('region', { name: 'Factures' });
    await expect(invoices).toContainText('Facture en préparation');
    await shootBothThemes(company, 'plan-invoice-waiting', true, (theme) =>
      expectNoAxeViolations(company, `plan invoice waiting (${theme})`),
    );
    await invoices.getByRole('link', { name: 'indiquez-la' }).click();
    await expect(company).toHaveURL(/\/facturation$/);
    await company.getByLabel('Adresse de facturation').fill('3 avenue du Port\n13002 Marseille');
    await company.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(company.getByText(/enregistrées/).first()).toBeVisible();

    // Back on the plan's page: the invoice, a PDF carrying its factur-x.xml.
    await company.goto('/driver/subscription');
    const link = invoices.getByRole('link', { name: /^Facture RL-\d{4}-\d{4} \(PDF\)/ });
    // Issued as the page opens (a PDF/A with its XML): slower than a page on a machine running the whole suite.
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(invoices).toContainText('Réf. BC-0107');
    // Both themes, read by axe, pictured when E2E_SHOTS_DIR is set.
    await shootBothThemes(company, 'plan-invoices', true, (theme) =>
      expectNoAxeViolations(company, `plan invoices (${theme})`),
    );
    const pdf = await company.request.get((await link.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const bytes = await pdf.body();
    expect(bytes.includes('factur-x.xml')).toBe(true);
  } finally {
    await context.close();
    const reset = await page.request.put('/api/admin/site-settings', {
      data: {
        legalPublisherName: '',
        legalPublisherAddress: '',
        legalPublisherSiret: '',
        legalPublisherVatNumber: '',
        legalPublisherIban: '',
      },
    });
    expect(reset.status()).toBe(200);
  }
});
