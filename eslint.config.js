// Lint of the whole tree; the zones below keep the layers of docs/architecture.md apart (core ← server, core ← web,
// no feature → feature, no cycles). Every import alias resolves here, so no import escapes the zones.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

// #core/* and #server/* resolve through package.json "imports" (development condition); #web/* exists only in
// tsconfig.web.json "paths" (and the Vite/Vitest aliases), so its paths become resolver aliases for every file:
// a server file importing #web/… resolves too, and its zone reports it.
const webPaths = JSON.parse(readFileSync(path.join(import.meta.dirname, 'tsconfig.web.json'), 'utf8'))
  .compilerOptions.paths;
const aliases = Object.fromEntries(
  Object.entries(webPaths).map(([key, [target]]) => [
    key.replace(/\/\*$/, ''),
    [path.resolve(import.meta.dirname, target.replace(/\/\*$/, ''))],
  ]),
);

const featureDirs = (side) => {
  const dir = `src/${side}/features`;
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
};

// One zone per feature: it may not import any sibling feature.
const featureZones = (side) =>
  featureDirs(side).map((name) => ({
    target: `./src/${side}/features/${name}`,
    from: `./src/${side}/features`,
    except: [`./${name}`],
    message: 'Une fonctionnalité ne dépend pas d’une autre : passez par le bus d’événements ou par core.',
  }));

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'drizzle/',
      'node_modules/',
      'coverage/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: './tsconfig.json',
          conditionNames: ['development', 'types', 'import', 'default'],
          alias: aliases,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // core runs in the browser and on the server: it imports nothing of the project outside itself.
            {
              target: './src/core',
              from: './',
              except: ['./src/core', './node_modules'],
              message: 'core ne dépend que de lui-même.',
            },
            // The two sides meet only through core (and the HTTP API).
            { target: './src/server', from: './src/web', message: 'Le serveur ne dépend pas du web.' },
            { target: './src/web', from: './src/server', message: 'Le web ne dépend pas du serveur.' },
            // The server's platform and database serve the features, never the other way round.
            {
              target: ['./src/server/platform', './src/server/db'],
              from: './src/server/features',
              message: 'La plateforme et la base ne dépendent pas des fonctionnalités.',
            },
            // The web's shared code serves the features and the app shell, never the other way round.
            {
              target: ['./src/web/lib', './src/web/ui'],
              from: ['./src/web/features', './src/web/app'],
              message: 'lib et ui ne dépendent ni des fonctionnalités ni de app.',
            },
            // The app shell composes the features; a feature never reaches back into it.
            {
              target: './src/web/features',
              from: './src/web/app',
              message: 'Une fonctionnalité ne dépend pas de app : ce qu’elles partagent va dans lib ou ui.',
            },
            // Features talk through events and core, on each side.
            ...featureZones('server'),
            ...featureZones('web'),
          ],
        },
      ],
    },
  },
  {
    // An import the resolver cannot follow would escape the zones: every import under src/ must resolve.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-unresolved': 'error' },
  },
  {
    // core runs in the browser and on the server: no node:* and no DOM.
    files: ['src/core/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'core ne dépend pas de Node.' }] },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    // Hooks called in the same order on every render, and every effect and memo lists what it reads.
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['scripts/**/*.ts', 'src/server/main.ts', 'src/server/db/seed/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
