import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createTestApp } from '../test/harness.js';

it('closing the database waits for a request still between two of its queries', async () => {
  let second: unknown = 'not run';
  let firstDone!: () => void;
  const started = new Promise<void>((resolve) => (firstDone = resolve));
  const t = await createTestApp({
    routes: (app) =>
      app.get('/test/slow', async () => {
        await t.db.execute(sql`select 1`);
        firstDone();
        await new Promise((resolve) => setTimeout(resolve, 100));
        try {
          second = (await t.db.execute(sql`select 2 as v`)).rows[0]?.v;
        } catch (error) {
          second = error;
        }
        return { ok: true };
      }),
  });
  const response = t.app.inject({ method: 'GET', url: '/test/slow' });
  await started;
  // As at shutdown: the pool is closed while the handler sleeps between its queries.
  await t.database.close();
  await response;
  expect(second).toBe(2);
  await t.app.close();
  await rm(t.config.dataDir, { recursive: true, force: true });
});
