import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { DEFAULT_CHROMIUM } from './tests/e2e/browsers.js';

/**
 * The built app served by the real server on a fresh embedded PostgreSQL, in a throw-away data folder: one server
 * for the desktop project and one for the phone project, so the two run side by side (one worker each), each in
 * the order its specs expect and on a database no other run writes to. The folders are made once and handed to
 * the workers through the environment (this file is read again in each worker).
 */
function dataDir(variable: string, prefix: string): string {
  const dir = process.env[variable] ?? mkdtempSync(path.join(os.tmpdir(), prefix));
  process.env[variable] = dir;
  return dir;
}
const dataDirs = {
  desktop: dataDir('E2E_DATA_DIR', 'relais-e2e-'),
  phone: dataDir('E2E_PHONE_DATA_DIR', 'relais-e2e-phone-'),
};
const ports = {
  desktop: Number(process.env.E2E_PORT ?? 5180),
  phone: Number(process.env.E2E_PHONE_PORT ?? 5182),
};
const baseURLs = {
  desktop: `http://localhost:${ports.desktop}`,
  phone: `http://localhost:${ports.phone}`,
};

/**
 * Stripe mode (tests/e2e/stripe.spec.ts only): a third Relais, in its own data folder and on its own port, talks
 * to the local Stripe-shaped server (src/server/test/stripe-server.ts, run by scripts/stripe-local.ts), whose
 * hosted pages the browser visits and whose signed events go to that Relais's webhook. The other servers stay in
 * the default mode (direct settlement), which every other spec relies on.
 */
const stripeDataDir = dataDir('E2E_STRIPE_DATA_DIR', 'relais-e2e-stripe-');
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 5181);
const stripeApiPort = Number(process.env.E2E_STRIPE_API_PORT ?? 12111);
const stripeBaseURL = `http://localhost:${stripePort}`;
process.env.E2E_STRIPE_URL = stripeBaseURL;
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_relaislocal', STRIPE_WEBHOOK_SECRET: 'whsec_relaislocal' };

/**
 * SMS (decision 051): the desktop and phone servers send theirs to the local Brevo-shaped server
 * (src/server/test/sms-server.ts, run by scripts/sms-local.ts), so the settings offer them and no SMS leaves.
 */
const smsApiPort = Number(process.env.E2E_SMS_API_PORT ?? stripeApiPort + 1);
const smsEnv = {
  SMS_API_KEY: 'xkeysib-relais-local',
  SMS_SENDER: 'Relais',
  SMS_WEBHOOK_SECRET: 'relais-local-sms-webhook',
  SMS_API_URL: `http://127.0.0.1:${smsApiPort}`,
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // One worker per project (below): desktop and phone side by side, each on its own server.
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  // npm test runs the two projects beside the API suites: on a busy machine a page is slower, not wrong. The longest
  // journeys (publish → apply → choose → deliver → confirm, both reviews, the tracking through a loss of network)
  // take 25–55 s on a quiet machine and passed 60 s on a clean clone under load; each wait keeps its own limit.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // No service worker but in the specs that test it (pwa, alerts, messaging, tracking: `test.use`): installing it
  // fetches the whole app (about 250 files) again in every new browser context, which was a large part of the run.
  use: {
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'off',
    serviceWorkers: 'block',
    launchOptions: DEFAULT_CHROMIUM,
  },
  projects: [
    {
      name: 'desktop',
      workers: 1,
      metadata: { dataDir: dataDirs.desktop },
      use: { ...devices['Desktop Chrome'], baseURL: baseURLs.desktop, launchOptions: DEFAULT_CHROMIUM },
      // The demo's two doors (decision 022): the driver's on a desktop, the transporter's on a phone. The specs
      // that run once whatever the device (below) are split between the two workers so that they end together:
      // these four run on the phone's (as a desktop browser where it matters).
      testIgnore: [
        '**/demo-phone.spec.ts',
        '**/a11y-money.spec.ts',
        '**/a11y-plans.spec.ts',
        '**/a11y-documents.spec.ts',
        '**/service.spec.ts',
        // Sets its own phone screen: once is enough.
        '**/offline.spec.ts',
      ],
    },
    {
      name: 'phone',
      workers: 1,
      metadata: { dataDir: dataDirs.phone },
      use: { ...devices['Pixel 7'], baseURL: baseURLs.phone, launchOptions: DEFAULT_CHROMIUM },
      // These set their own viewports (every width from 360 to 1440 px): run once, not once per project.
      // stripe.spec.ts: the flows of the Stripe-mode server, once (the same screens are checked on a phone elsewhere).
      testIgnore: ['**/a11y.spec.ts', '**/widths.spec.ts', '**/stripe.spec.ts', '**/demo.spec.ts'],
    },
  ],
  webServer: [
    ...(['desktop', 'phone'] as const).map((project) => ({
      command: 'node dist/server/main.js',
      url: `${baseURLs[project]}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      // Every spec registers from 127.0.0.1: the brute-force limits are raised here and tested in the API suite.
      env: {
        PORT: String(ports[project]),
        HOST: '127.0.0.1',
        DATA_DIR: dataDirs[project],
        PUBLIC_URL: baseURLs[project],
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MULTIPLIER: '100',
        GEOCODER_URL: 'off',
        ...smsEnv,
      },
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    })),
    {
      command: 'npx tsx --conditions=development scripts/sms-local.ts',
      url: `http://127.0.0.1:${smsApiPort}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        SMS_API_KEY: smsEnv.SMS_API_KEY,
        SMS_LOCAL_PORT: String(smsApiPort),
        SMS_LOCAL_HOST: '127.0.0.1',
      },
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
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
        // Its signed events go to the Stripe-mode Relais only.
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
