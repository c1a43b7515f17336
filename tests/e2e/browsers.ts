import { existsSync } from 'node:fs';

/**
 * The two Chromiums of the end-to-end run, both Debian's (nothing downloads a browser), same version, same Blink
 * (decision 030):
 *
 * - **the headless shell** (`chromium-headless-shell`), what Playwright itself runs for headless Chromium: no
 *   window, no compositor of a desktop browser — half the processor time of the full browser for the same pages,
 *   which on a 2-core machine is most of what the end-to-end run costs. Every spec runs in it…
 * - **…but those that need what only the full browser has**: its PDF viewer (a document previewed inline), the
 *   Notification API (asking permission, pushed alerts shown by the service worker). Those specs say
 *   `test.use({ launchOptions: FULL_CHROMIUM })`.
 *
 * `E2E_BROWSER=chromium` runs every spec in the full browser; without the headless shell installed, so does the run
 * (scripts/test-preflight.mjs says how to install it).
 */
/** The flags every Chromium of this machine is launched with (also by scripts/bench-web.ts). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CHROMIUM_PATH = '/usr/bin/chromium';
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

export const FULL_CHROMIUM = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export const DEFAULT_CHROMIUM =
  process.env.E2E_BROWSER !== 'chromium' && existsSync(HEADLESS_SHELL_PATH)
    ? { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS }
    : FULL_CHROMIUM;
