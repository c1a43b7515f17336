import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The built app served by the real server on a fresh embedded PostgreSQL, in a throw-away data folder. */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'relais-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const port = Number(process.env.E2E_PORT ?? 5180);
const baseURL = `http://localhost:${port}`;

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
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      // These set their own viewports (every width from 360 to 1440 px): run once, not once per project.
      testIgnore: ['**/a11y*.spec.ts', '**/widths.spec.ts', '**/service.spec.ts'],
    },
  ],
  webServer: {
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
});
