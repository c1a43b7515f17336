import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyOut } from './backup-copy.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'relais-copy-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('COPY out of PostgreSQL (backups)', () => {
  it('copies a table at the pace of a slow disk, every row intact, and the connection serves the next query', async () => {
    const client = new pg.Client({ connectionString: inject('adminUrl') });
    await client.connect();
    try {
      const received: Buffer[] = [];
      // A sink like a file on a slow disk: it reads each chunk's bytes a turn of the event loop after taking it (as
      // fs.write does), holds 4 kB before asking to wait, and meanwhile more rows arrive on the socket.
      const slow = new Writable({
        highWaterMark: 4096,
        write(chunk: Buffer, _encoding, done) {
          setImmediate(() => {
            received.push(Buffer.from(chunk));
            done();
          });
        },
      });
      const rows = await copyOut(
        client,
        'copy (select g, repeat(chr(97 + g % 26), 200) from generate_series(1, 20000) g) to stdout',
        slow,
      );
      expect(rows).toBe(20_000);
      const lines = Buffer.concat(received).toString('utf8').split('\n');
      expect(lines.length).toBe(20_001);
      const wrong = lines
        .slice(0, -1)
        .findIndex((line, i) => line !== `${i + 1}\t${String.fromCharCode(97 + ((i + 1) % 26)).repeat(200)}`);
      expect(wrong).toBe(-1);
      // A sink ended while full never says drain again: a socket left paused would never answer this.
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);

      // Into a real file, enough rows (25 MB) for node-postgres to reuse its read buffer under rows not yet written.
      const file = path.join(folder, 'lignes.copy');
      const line = (g: number) => `${g}\t${String.fromCharCode(97 + (g % 26)).repeat(100 + (g % 300))}`;
      expect(
        await copyOut(
          client,
          'copy (select g, repeat(chr(97 + g % 26), 100 + g % 300) from generate_series(1, 100000) g) to stdout',
          createWriteStream(file),
        ),
      ).toBe(100_000);
      const copied = (await readFile(file, 'utf8')).split('\n');
      expect(copied.length).toBe(100_001);
      expect(copied.slice(0, -1).findIndex((text, i) => text !== line(i + 1))).toBe(-1);
    } finally {
      await client.end();
    }
  }, 20_000);
});
