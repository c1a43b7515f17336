import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    conditions: ['development'],
    alias: [{ find: /^#web\/(.*)$/, replacement: path.resolve(import.meta.dirname, 'src/web/$1') }],
  },
  ssr: { resolve: { conditions: ['development'], externalConditions: ['development'] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.api.test.ts', 'src/web/**/*.dom.test.{ts,tsx}', 'node_modules/**'],
          environment: 'node',
          // npm test runs these beside the API suite and the browsers: a busy machine makes a test slower, not wrong.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.dom.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          // One module graph for all the files of a worker: the server's code (and its compressed pages, its
          // communes index) is loaded once, not once per file. Each file still builds its own app on its own
          // database, so nothing a test sees is shared.
          isolate: false,
          setupFiles: ['src/server/test/fail-on-console-error.ts'],
          // npm test runs this suite beside the build and the browser tests: on a busy machine a test is slower,
          // not wrong (a server process started through tsx takes a minute there).
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
