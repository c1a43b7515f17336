import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const outbox = () => path.join(process.env.E2E_DATA_DIR!, 'outbox');

/** The verification link of the newest mail sent to `email`, read from the real outbox folder. */
async function verificationLink(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(outbox()).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const raw = (await readFile(path.join(outbox(), file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (raw.includes(`To: ${email}`)) {
        const link = raw.match(/https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_-]+/)?.[0];
        if (link) return link;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail for ${email}`);
}

test('the home page speaks French', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Relais' })).toBeVisible();
  await expect(page.getByText('chauffeurs poids lourds et les transporteurs')).toBeVisible();
});

test('a new driver verifies the e-mail by following the link of the mail', async ({
  page,
  request,
}, testInfo) => {
  const email = `e2e-${testInfo.project.name}-${Date.now()}@exemple.fr`;
  const registered = await request.post('/api/auth/register', {
    data: {
      userType: 'driver',
      email,
      password: 'secret123',
      fullName: 'Jean Routier',
      phone: '06 12 34 56 78',
      licenseNumber: '12AB34567',
      licenseType: 'CE',
      yearsExperience: 4,
      subscriptionPlan: 'basic',
      certifications: [],
    },
  });
  expect(registered.status()).toBe(201);

  const link = await verificationLink(email);
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText('Votre adresse email est vérifiée.');

  // The link is single-use.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(
    'Ce lien de vérification est invalide ou a déjà été utilisé.',
  );

  const me = await request.get('/api/auth/me');
  expect((await me.json()).emailVerified).toBe(true);
});

test('an unknown API path answers JSON, an unknown page the app', async ({ page, request }) => {
  const api = await request.get('/api/rien-ici');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ message: 'Ressource introuvable' });
  const response = await page.goto('/une/page/quelconque');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Relais' })).toBeVisible();
});
