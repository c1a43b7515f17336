import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import zones of eslint.config.js, each shown refusing a probe: a file that would sit in the zone (never
 * written to disk) imports what the zone forbids, through the #alias and through a relative path.
 */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function zoneMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

const probes: Array<{ zone: string; file: string; imports: string[] }> = [
  {
    zone: 'a web feature importing another web feature',
    file: 'src/web/features/missions/__probe.ts',
    imports: ['#web/features/messaging/linkify.js', '../messaging/linkify.js'],
  },
  {
    zone: 'a server feature importing another server feature',
    file: 'src/server/features/missions/__probe.ts',
    imports: ['../messaging/service.js'],
  },
  {
    zone: 'the server platform importing a server feature',
    file: 'src/server/platform/__probe.ts',
    imports: ['#server/features/alerts/digest.js', '../features/alerts/digest.js'],
  },
  {
    zone: 'the server database code importing a server feature',
    file: 'src/server/db/__probe.ts',
    imports: ['#server/features/alerts/digest.js', '../features/alerts/digest.js'],
  },
  {
    zone: 'core importing the server, the web or anything else outside core',
    file: 'src/core/rules/__probe.ts',
    imports: ['#server/config.js', '#web/lib/api.js', '../../web/lib/api.js', '../../../vite.config.js'],
  },
  {
    zone: 'the server importing the web',
    file: 'src/server/platform/__probe.ts',
    imports: ['#web/lib/api.js', '../../web/lib/api.js'],
  },
  {
    zone: 'the web importing the server',
    file: 'src/web/lib/__probe.ts',
    imports: ['#server/config.js', '../../server/config.js'],
  },
  {
    zone: 'a web feature importing the app shell',
    file: 'src/web/features/missions/__probe.ts',
    imports: ['#web/app/menus.js', '../../app/menus.js'],
  },
  {
    zone: 'web lib and ui importing a feature or the app shell',
    file: 'src/web/ui/__probe.ts',
    imports: ['#web/features/missions/api.js', '#web/app/menus.js', '../features/missions/api.js'],
  },
];

// ESLint's first file loads the plugins and the TypeScript resolver (seconds on a busy machine); each probe after
// that is quick. A lint is slower under load, not wrong: the tests get the API suite's minute.
describe('lint zones', { timeout: 60_000 }, () => {
  for (const probe of probes)
    it(`refuse ${probe.zone}`, async () => {
      const code = probe.imports.map((source, n) => `export * as probe${n} from '${source}';\n`).join('');
      expect(await zoneMessages(probe.file, code)).toHaveLength(probe.imports.length);
    });

  it('allow a feature importing core, lib and ui', async () => {
    const code = [
      "export * as a from '#core/rules/roles.js';",
      "export * as b from '#web/lib/api.js';",
      "export * as c from '#web/ui/cn.js';",
      "export * as d from '../../lib/storage.js';",
    ].join('\n');
    expect(await zoneMessages('src/web/features/missions/__probe.ts', `${code}\n`)).toEqual([]);
  });

  it('resolve every alias: an import of nothing is reported, not ignored', async () => {
    const [result] = await eslint.lintText("export * as nope from '#web/nope.js';\n", {
      filePath: path.join(root, 'src/server/platform/__probe.ts'),
    });
    expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-unresolved');
  });
});
