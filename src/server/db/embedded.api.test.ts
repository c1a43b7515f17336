import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.js';

const quiet = { info: () => undefined, warn: () => undefined };
let dataDir: string;

async function query(server: EmbeddedPostgres, text: string) {
  const client = new pg.Client({ connectionString: server.url('postgres') });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function postmasterPid(): Promise<number> {
  return Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'relais-embedded-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('creates its files on first start, keeps the data across restarts and stops cleanly', async () => {
    const first = await startEmbeddedPostgres(dataDir, quiet);
    await query(first, "create table kept (value text); insert into kept values ('toujours là')");
    const pid = await postmasterPid();
    await first.stop();
    expect(alive(pid)).toBe(false);

    const second = await startEmbeddedPostgres(dataDir, quiet);
    expect(await query(second, 'select value from kept')).toEqual([{ value: 'toujours là' }]);
    expect(second.url('relais')).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/relais$/);
    await second.stop();
  });

  it('recovers from a server left behind by a killed run', async () => {
    const orphan = await startEmbeddedPostgres(dataDir, quiet);
    const orphanPid = await postmasterPid();
    // The run that started it "died" without stopping it; a new start must not be blocked.
    const next = await startEmbeddedPostgres(dataDir, quiet);
    expect(alive(orphanPid)).toBe(false);
    expect(next.port).not.toBe(orphan.port);
    expect(await query(next, 'select value from kept')).toEqual([{ value: 'toujours là' }]);
    await next.stop();
  });

  it('recovers from a stale postmaster.pid whose process is gone', async () => {
    await writeFile(path.join(dataDir, 'pg', 'postmaster.pid'), '999999\n/nowhere\n0\n5432\n');
    const server = await startEmbeddedPostgres(dataDir, quiet);
    expect(await query(server, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    await server.stop();
  });

  it('refuses to share its folder with another live Relais process', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeFile(
        path.join(dataDir, 'pg', 'relais-owner.json'),
        JSON.stringify({ pid: other.pid, port: 1 }),
      );
      await expect(startEmbeddedPostgres(dataDir, quiet)).rejects.toThrow(
        /déjà utilisé par une autre instance de Relais/,
      );
    } finally {
      other.kill();
    }
  });
});
