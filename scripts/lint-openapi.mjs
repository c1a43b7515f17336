/**
 * `npm run lint`'s check of the API description (docs/openapi.json, the document GET /api/docs/json serves; the
 * API suite fails when they differ): Redocly's `recommended` rules, as a client generator or a reviewer would run
 * them. Errors fail the lint; warnings are printed with the count.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const file = path.resolve(import.meta.dirname, '..', 'docs', 'openapi.json');
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source: readFileSync(file, 'utf8'), absoluteRef: file, config });
const errors = problems.filter((problem) => problem.severity === 'error');
const byRule = {};
for (const problem of problems) byRule[problem.ruleId] = (byRule[problem.ruleId] ?? 0) + 1;
for (const problem of errors)
  console.error(`${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`);
console.warn(
  `docs/openapi.json (Redocly recommended): ${errors.length} errors, ${problems.length - errors.length} warnings` +
    (problems.length
      ? ` — ${Object.entries(byRule)
          .map(([rule, count]) => `${rule} ${count}`)
          .join(', ')}`
      : ''),
);
process.exit(errors.length ? 1 : 0);
