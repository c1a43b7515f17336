import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/** Processes whose command line names `text` (the server and its PostgreSQL, by their data folder). */
function processesNaming(text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return (
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text) ||
          readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`DATA_DIR=${text}`)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * What a service manager does (systemd, a container runtime): start the documented command, send SIGTERM to
 * that process, wait. Relais and its embedded PostgreSQL must both be gone, cleanly.
 */
for (const command of [
  ['npm', 'start'],
  ['npm', 'run', 'serve'],
]) {
  test(`SIGTERM to "${command.join(' ')}" stops Relais and its database`, async () => {
    test.setTimeout(120_000);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'relais-service-'));
    const port = 5190 + command.length;
    const child = spawn(command[0]!, command.slice(1), {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, {
          timeout: 90_000,
        })
        .toBe(200);
      // The start ends with the short block a person needs; no build output (the build is current).
      expect(output).toContain(`Relais est prêt : http://localhost:${port}`);
      expect(output).toContain(`/admin/setup`);
      expect(output).not.toContain('vite');
      expect(processesNaming(dataDir).length).toBeGreaterThanOrEqual(2);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await expect.poll(() => processesNaming(dataDir), { timeout: 20_000 }).toEqual([]);
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      for (const pid of processesNaming(dataDir)) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
