import { expect, test, type Page } from '@playwright/test';
import {
  acceptCookies,
  isPhone,
  openMenu,
  registerDriverByApi,
  uniqueEmail,
  mailLink,
  verificationLink,
  watchForProblems,
} from './helpers.js';
import { signInAdmin } from './admin-helpers.js';
import { expectNoAxeViolations } from './axe.js';

test.beforeEach(async ({ page }) => acceptCookies(page));

/**
 * After the form: the page says to open the mail (decision 039), whose link creates the account and signs in, on
 * the dashboard (docs/specification.md §2).
 */
async function followSignUpMail(page: Page, email: string) {
  const sent = page.getByRole('status').filter({ hasText: `E-mail envoyé à ${email}` });
  await expect(sent).toContainText(
    'Pour terminer votre inscription, ouvrez l’e-mail que nous venons d’envoyer à cette adresse et suivez son lien.',
  );
  await expect(page.getByRole('heading', { name: 'Vérifiez votre boîte mail', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'after the sign-up form');
  await page.goto(await verificationLink(email));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Compte créé').first()).toBeVisible();
}

test('a driver registers through the form and the mail’s link lands on the dashboard with the driver menu', async ({
  page,
}) => {
  const email = uniqueEmail('form-chauffeur');
  await page.goto('/register');
  await expect(page.getByRole('tab', { name: 'Chauffeur' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Inscription chauffeur' });
  await form.getByLabel('Nom complet').fill('Jean Routier');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Téléphone').fill('06 12 34 56 78');
  await form.getByLabel('Mot de passe', { exact: true }).fill('secret123');
  await form.getByLabel('Numéro de permis').fill('12AB34567');
  await form.getByLabel('Type de permis').selectOption('CE');
  await expect(form.getByLabel("Années d'expérience")).toHaveValue('0');
  await form.getByLabel("Années d'expérience").fill('7');
  await form.getByRole('button', { name: 'Créer mon compte chauffeur' }).click();

  await followSignUpMail(page, email);
  await expect(page.getByRole('heading', { name: 'Bonjour Jean' })).toBeVisible();
  const menu = await openMenu(page);
  for (const label of [
    'Tableau de bord',
    'Analytics Avancés',
    'Missions',
    'Carte',
    'Historique',
    'Portefeuille',
    'Messages',
    'Alertes & Notifications',
    'Documents',
    'Profil',
    'Paramètres',
    'Documentation',
    'Signaler un bug',
    'Plans & Tarifs',
  ]) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Suivi des livraisons' })).toHaveCount(0);
  await expect(page.getByText('Chauffeur', { exact: true }).first()).toBeVisible();
});

test('a transporter registers through the form and gets the transporter menu', async ({ page }) => {
  const email = uniqueEmail('form-transport');
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Transporteur' }).click();
  const form = page.getByRole('form', { name: 'Inscription transporteur' });
  await form.getByLabel("Nom de l'entreprise").fill('Transports Martin');
  await form.getByLabel('Numéro SIRET').fill('732 829 320 00074');
  await form.getByLabel('Nom du contact').fill('Claire Martin');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Téléphone').fill('01 23 45 67 89');
  await form.getByLabel('Mot de passe', { exact: true }).fill('secret123');
  await form.getByRole('button', { name: 'Créer mon compte transporteur' }).click();

  await followSignUpMail(page, email);
  const menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Suivi des livraisons' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Carte' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Documentation' })).toHaveAttribute(
    'href',
    '/transporter-documentation',
  );
  await expect(page.getByText('Transporteur', { exact: true }).first()).toBeVisible();
});

test('every §5 message shows under its field', async ({ page }) => {
  await page.goto('/register');
  const driver = page.getByRole('form', { name: 'Inscription chauffeur' });
  await driver.getByLabel('Email').fill('pas-un-email');
  await driver.getByLabel('Mot de passe', { exact: true }).fill('123');
  await driver.getByLabel('Téléphone').fill('0612');
  await driver.getByRole('button', { name: 'Créer mon compte chauffeur' }).click();
  for (const message of [
    'Nom complet requis',
    'Email invalide',
    'Le mot de passe doit contenir au moins 6 caractères',
    'Numéro de téléphone invalide',
    'Numéro de permis requis',
    'Type de permis requis',
  ]) {
    await expect(driver.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(driver.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('tab', { name: 'Transporteur' }).click();
  const company = page.getByRole('form', { name: 'Inscription transporteur' });
  await company.getByLabel('Numéro SIRET').fill('1234');
  await company.getByRole('button', { name: 'Créer mon compte transporteur' }).click();
  for (const message of ["Nom de l'entreprise requis", 'Numéro SIRET invalide', 'Nom du contact requis']) {
    await expect(company.getByText(message, { exact: true })).toBeVisible();
  }

  await page.goto('/login');
  await page.getByLabel('Email').fill('nope');
  await page.getByLabel('Mot de passe', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Email invalide', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Le mot de passe doit contenir au moins 6 caractères', { exact: true }),
  ).toBeVisible();
});

test('a bad SIRET key is refused under its field; an address that has an account sees what a new one sees', async ({
  page,
  request,
}) => {
  const { email } = await registerDriverByApi(request);
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Transporteur' }).click();
  const company = page.getByRole('form', { name: 'Inscription transporteur' });
  await company.getByLabel("Nom de l'entreprise").fill('Transports Martin');
  await company.getByLabel('Numéro SIRET').fill('73282932000075');
  await company.getByLabel('Nom du contact').fill('Claire Martin');
  await company.getByLabel('Email').fill(email.toUpperCase());
  await company.getByLabel('Téléphone').fill('01 23 45 67 89');
  await company.getByLabel('Mot de passe', { exact: true }).fill('secret123');
  await company.getByRole('button', { name: 'Créer mon compte transporteur' }).click();
  await expect(
    company.getByText('Numéro SIRET invalide : la clé de contrôle ne correspond pas'),
  ).toBeVisible();
  await company.getByLabel('Numéro SIRET').fill('73282932000074');

  // Decision 039: the page says the same to an address that has an account and to a new one.
  const screenFor = async (address: string) => {
    await company.getByLabel('Email').fill(address);
    await company.getByRole('button', { name: 'Créer mon compte transporteur' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'E-mail envoyé à' });
    await expect(sent).toBeVisible();
    await expect(sent).toBeFocused();
    const text = (await page.getByRole('main').innerText()).replaceAll(address.toLowerCase(), '<adresse>');
    // Back to the form as it was typed, for the next address.
    await sent.getByRole('button', { name: 'Modifier l’adresse' }).click();
    await expect(company.getByLabel('Numéro SIRET')).toHaveValue('73282932000074');
    return text;
  };
  const known = await screenFor(email.toUpperCase());
  const fresh = await screenFor(uniqueEmail('nouvelle-adresse'));
  expect(known).toEqual(fresh);
  expect(known).toContain('Vérifiez votre boîte mail');
  await expect(page.getByText("Erreur d'inscription")).toHaveCount(0);
  await expect(page).toHaveURL(/\/register$/);
  // The owner is told, with a way to sign in.
  expect(await mailLink(email, '/login')).toMatch(/\/login$/);
});

test('a failed login shows the notification; a good one goes to the dashboard; logout goes home', async ({
  page,
  request,
}) => {
  const account = await registerDriverByApi(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('mauvais-mdp');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Erreur de connexion').first()).toBeVisible();
  await expect(page.getByText('Email ou mot de passe incorrect').first()).toBeVisible();

  await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await openMenu(page);
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Signed out, the pages are a visitor's: no failed request, nothing in the console (decision 038).
  const { problems } = watchForProblems(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('the e-mail link verifies the address once; the banner goes away', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(`verif-${testInfo.project.name}`);
  await registerDriverByApi(page.request, email, { verified: false });
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: "Vérification de l'adresse email" })).toBeVisible();

  await page.goto(await verificationLink(email));
  await expect(page.getByRole('status')).toHaveText('Votre adresse email est vérifiée.');
  await page.reload();
  await expect(page.getByRole('status')).toHaveText(
    'Votre adresse email est déjà confirmée : ce lien n’a plus d’usage.',
  );
  // Signed out, the spent link says so.
  const stranger = await page.context().browser()!.newContext();
  const visitor = await stranger.newPage();
  await visitor.goto(page.url());
  await expect(visitor.getByRole('alert')).toHaveText(
    'Ce lien de vérification est invalide ou a déjà été utilisé.',
  );
  await stranger.close();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Bonjour Jean' })).toBeVisible();
  await expect(page.getByRole('region', { name: "Vérification de l'adresse email" })).toHaveCount(0);
  expect((await (await request.get('/api/health')).json()).status).toBe('ok');
});

test('redirects of docs/specification.md §4 and the 404 page', async ({ page }) => {
  for (const path of ['/dashboard', '/wallet', '/admin', '/nimporte-quoi']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
  await registerDriverByApi(page.request);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/une/page/inconnue');
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await expect(page.getByText("Cette page n'existe pas ou a été déplacée.")).toBeVisible();
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Plans & Tarifs' })).toBeVisible();
  if (!isPhone(page)) await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
});

test('an admin lands on /admin and is kept out of the user area', async ({ page }) => {
  // The first administrator is created once per test database (its authenticator enrolled); later runs sign in,
  // past the second factor (admin-helpers.ts).
  await signInAdmin(page.request);
  for (const path of ['/dashboard', '/missions', '/messages', '/login', '/register']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/admin$/);
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/pricing');
  await expect(page).toHaveURL(/\/pricing$/);
});

test('an alerts e-mail’s unsubscribe link opens its page signed out, and says plainly when it is not valid', async ({
  page,
}) => {
  // A valid link stops the e-mails (alerts.api.test.ts signs real ones); this is the page a person lands on.
  await page.goto('/desabonnement?token=pas-un-jeton');
  await expect(page.getByRole('heading', { name: 'Désabonnement impossible', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Ce lien de désabonnement n’est pas valide' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Se connecter' }).last()).toHaveAttribute('href', '/login');
  await page.goto('/desabonnement');
  await expect(page.getByText('Ce lien de désabonnement est incomplet.')).toBeVisible();
});
