import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The built app served by the real server on a fresh embedded PostgreSQL, in a throw-away data folder. */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'relais-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const port = Number(process.env.E2E_PORT ?? 5180);
const baseURL = `http://localhost:${port}`;

/**
 * Stripe mode (tests/e2e/stripe.spec.ts only): a second Relais, in its own data folder and on its own port, talks
 * to the local Stripe-shaped server (src/server/test/stripe-server.ts, run by scripts/stripe-local.ts), whose
 * hosted pages the browser visits and whose signed events go to that second Relais's webhook. The first server
 * stays in the default mode (direct settlement), which every other spec relies on.
 */
const stripeDataDir =
  process.env.E2E_STRIPE_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'relais-e2e-stripe-'));
process.env.E2E_STRIPE_DATA_DIR = stripeDataDir;
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 5181);
const stripeApiPort = Number(process.env.E2E_STRIPE_API_PORT ?? 12111);
const stripeBaseURL = `http://localhost:${stripePort}`;
process.env.E2E_STRIPE_URL = stripeBaseURL;
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_relaislocal', STRIPE_WEBHOOK_SECRET: 'whsec_relaislocal' };

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: { baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris', trace: 'off', launchOptions: chromium },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      // The demo's two doors (issue 18): the driver's on a desktop, the transporter's on a phone.
      testIgnore: ['**/demo-phone.spec.ts'],
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      // These set their own viewports (every width from 360 to 1440 px): run once, not once per project.
      // stripe.spec.ts: the flows of the Stripe-mode server, once (the same screens are checked on a phone elsewhere).
      testIgnore: [
        '**/a11y*.spec.ts',
        '**/widths.spec.ts',
        '**/service.spec.ts',
        '**/stripe.spec.ts',
        '**/demo.spec.ts',
      ],
    },
  ],
  webServer: [
    {
      command: 'node dist/server/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      // Every spec registers from 127.0.0.1: the brute-force limits are raised here and tested in the API suite.
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MULTIPLIER: '100',
        GEOCODER_URL: 'off',
      },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    },
    {
      command: 'npx tsx --conditions=development scripts/stripe-local.ts',
      url: `http://127.0.0.1:${stripeApiPort}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        ...stripeKeys,
        STRIPE_LOCAL_PORT: String(stripeApiPort),
        STRIPE_LOCAL_HOST: '127.0.0.1',
        // Its signed events go to the second Relais only.
        WEBHOOK_URL: `http://127.0.0.1:${stripePort}/api/stripe/webhook`,
      },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node dist/server/main.js',
      url: `${stripeBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: {
        ...stripeKeys,
        STRIPE_API_URL: `http://127.0.0.1:${stripeApiPort}`,
        PORT: String(stripePort),
        HOST: '127.0.0.1',
        DATA_DIR: stripeDataDir,
        PUBLIC_URL: stripeBaseURL,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MULTIPLIER: '100',
        GEOCODER_URL: 'off',
      },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    },
  ],
});
