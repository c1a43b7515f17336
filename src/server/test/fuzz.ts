import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness.js';

/**
 * Property-based fuzzing of every API route (decision 012): requests are generated from each route's schemas in
 * the OpenAPI document — valid-looking values most of the time, hostile ones mixed in at every field, and
 * now and then a body of the wrong kind altogether. Whatever comes, the server must answer below 500, with a
 * French `message` on every 4xx, and log no error.
 */

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  default?: unknown;
};

export interface FuzzTarget {
  method: string;
  /** As registered: `/api/missions/:id`. */
  url: string;
  body?: Schema;
  query: Record<string, Schema>;
  params: Record<string, Schema>;
  /** The statuses the API description gives for the route: every answer must be one of them. */
  documented: string[];
}

export type Actor = 'anonymous' | 'driver' | 'transporter' | 'admin' | 'unverified';

export interface FuzzFixtures {
  /** Ids of real rows (missions, applications, users, alerts, sessions): uuid parameters often name one. */
  ids: string[];
  /** A session cookie of the actor (null for a visitor), the same one for a while, until `sessionEnded` says it ended. */
  cookieFor(actor: Actor): Promise<string | null>;
  /** The actor's session answered 401 (a request logged out, ended it or deleted the account): a new one next. */
  sessionEnded(actor: Actor, cookie: string): void;
  /**
   * A request that passes validation, per route (`METHOD /path`): the fuzzer sends it as is, or with one field
   * changed, so that a hostile value in one field reaches the code behind the validation of all the others.
   */
  examples: Record<
    string,
    { body?: () => Record<string, unknown>; query?: () => Record<string, unknown>; actor?: Actor }
  >;
}

interface FuzzCase {
  actor: Actor;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u202Egnp.exe',
  '\u200B\u200B\u200B',
  '\u3164',
  '\ud800',
  'a\udc00b',
  '<b>gras</b><a href=//evil.example>Se connecter</a>',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '"; drop table users; --',
  '%00',
  '%E0%A4%A',
  '../../../etc/passwd',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '2030-02-30',
  '2030-02-30T10:00',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '-0',
  '1.7976931348623157e308',
  '99999999999999999999999',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'https://169.254.169.254/latest/meta-data/',
  'http://127.0.0.1:5432/',
  'javascript:alert(1)',
  'é'.repeat(3000),
  ' '.repeat(5000),
  '𝕏'.repeat(700),
  '\n'.repeat(2000),
];

/** Ordinary words with a character no person types inside (NUL most of all: PostgreSQL refuses it in text). */
const taintedWords: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('Rungis', 'Jean', 'quai 4', ''),
    fc.constantFrom('\u0000', '\u0000', '\u0000', '\u202E', '\u0007', '\ud800', '\u0085'),
    fc.constantFrom('Lyon', 'x', ''),
  )
  .map((parts) => parts.join(''));

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_TEXT), weight: 3 },
  { arbitrary: taintedWords, weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 80 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 120 }), weight: 1 },
  {
    arbitrary: fc.stringMatching(
      /^-?\d{1,6}-\d{1,3}-\d{1,3}(T\d{1,3}:\d{1,3}(:\d{1,3})?(Z|[+-]\d\d:\d\d)?)?$/,
    ),
    weight: 1,
  },
  { arbitrary: fc.string({ unit: 'binary-ascii', minLength: 2000, maxLength: 20_000 }), weight: 1 },
);

const { value: deepNesting } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 2 }),
    fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'toString'), tie('value'), { maxKeys: 2 }),
  ),
}));

/** A value of the wrong kind, or of the right kind but hostile. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 10 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.constantFrom(1e308, -1e308, 2 ** 53, -(2 ** 63), 0.1, -0), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }), weight: 1 },
  { arbitrary: fc.object({ maxDepth: 2 }), weight: 1 },
  { arbitrary: deepNesting, weight: 1 },
);

const WORDS = [
  'Rungis',
  'Lyon',
  'frigo',
  'semi',
  'Palettes',
  'Jean',
  'Martin',
  'Saint-Étienne',
  'quai 4',
  'CE',
];
const dateLike = fc.oneof(
  fc
    .date({ min: new Date('1990-01-01'), max: new Date('2110-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc
    .date({ min: new Date(Date.now()), max: new Date(Date.now() + 400 * 86_400_000), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 16)),
  fc
    .tuple(
      fc.integer({ min: 1999, max: 2101 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
);

/** Values that look like what the field expects, guided by its schema and, for free text, by its name. */
function validLooking(schema: Schema, name: string, ids: string[]): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((option) => validLooking(option, name, ids)));
  if (schema.allOf?.[0]) return validLooking(schema.allOf[0], name, ids);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['string'];
  if (types.length > 1) return fc.oneof(...types.map((type) => validLooking({ ...schema, type }, name, ids)));
  const lower = name.toLowerCase();
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'array':
      return fc.array(validLooking(schema.items ?? {}, name, ids), {
        maxLength: Math.min(schema.maxItems ?? 6, 6),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) record[key] = field(property, key, ids);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default: {
      if (schema.format === 'uuid' || /id$/.test(lower))
        return fc.oneof(fc.constantFrom(...ids), fc.uuid({ version: 4 }));
      if (schema.format === 'email' || lower.includes('email'))
        return fc.oneof(fc.emailAddress(), fc.constantFrom('jean@exemple.fr', 'JEAN@Exemple.fr'));
      if (/date|^from$|^to$|before/.test(lower)) return dateLike;
      if (lower.includes('phone'))
        return fc.constantFrom('06 12 34 56 78', '+33612345678', '0123456789', '12');
      if (lower.includes('siret'))
        return fc.constantFrom('73282932000074', '732 829 320 00074', '12345678901234');
      if (lower === 'price') return fc.constantFrom('420', '12,5', '0', '-3', '1000001', '12.345');
      if (lower === 'token') return fc.stringMatching(/^[A-Za-z0-9_-]{20,60}$/);
      if (lower === 'endpoint') return fc.webUrl();
      const max = Math.min(schema.maxLength ?? 200, 400);
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: max }),
        fc
          .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 })
          .map((words) => words.join(' ').slice(0, max)),
      );
    }
  }
}

/** A field: valid-looking mostly, hostile one time in six. */
function field(schema: Schema, name: string, ids: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validLooking(schema, name, ids), weight: 5 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

/** Percent-encodes a path segment byte by byte (a lone surrogate travels as UTF-8's replacement character). */
function encodeSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

/** Segments sent as they are: broken escapes, traversal. */
const RAW_SEGMENTS = ['%E0%A4%A', '%00', '%', '..', '%2e%2e', '%ff', '%c0%af', '.'];

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
/** A query value as the query string carries it; a list becomes the key repeated. */
const asQueryValue = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(asText) : [asText(value)];

/** The properties of an object schema (of each alternative, for a union). */
function propertiesOf(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  const alternatives = schema.anyOf ?? schema.oneOf ?? [];
  return Object.assign({}, ...alternatives.map(propertiesOf), schema.properties ?? {});
}

/** A valid example, as is one time in four, else with one field replaced, removed or added. */
function mutated(
  example: () => Record<string, unknown>,
  properties: Record<string, Schema>,
  ids: string[],
): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...new Set([...Object.keys(properties), '__proto__', 'extra'])];
  // Text fields are where people's words go in: they are changed three times as often.
  const isText = (key: string) => JSON.stringify(properties[key] ?? {}).includes('"string"');
  const weightedKeys = keys.flatMap((key) => (isText(key) ? [key, key, key] : [key]));
  return fc
    .record({
      change: fc.oneof(
        { arbitrary: fc.constant(false), weight: 1 },
        { arbitrary: fc.constant(true), weight: 3 },
      ),
      removed: fc.integer({ min: 0, max: 4 }).map((draw) => draw === 0),
      field: fc.constantFrom(...weightedKeys).chain((key) =>
        fc.record({
          key: fc.constant(key),
          value: fc.oneof(
            { arbitrary: hostileValue, weight: 3 },
            { arbitrary: validLooking(properties[key] ?? {}, key, ids), weight: 1 },
          ),
        }),
      ),
    })
    .map(({ change, removed, field: { key, value } }) => {
      const body = example();
      if (!change) return body;
      if (removed) delete body[key];
      else Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
      return body;
    });
}

const anyActor = fc.constantFrom<Actor>(
  'anonymous',
  'driver',
  'driver',
  'transporter',
  'transporter',
  'admin',
  'unverified',
);
/** Mostly the kind of account the route is for, so that requests get past the role checks to the work. */
const actorArbitrary = (usual: Actor | undefined): fc.Arbitrary<Actor> =>
  usual
    ? fc.oneof({ arbitrary: fc.constant(usual), weight: 3 }, { arbitrary: anyActor, weight: 2 })
    : anyActor;

/** The requests of one route: who asks, the path, the query, the body and its type. */
function caseArbitrary(
  target: FuzzTarget,
  ids: string[],
  example: FuzzFixtures['examples'][string] = {},
): fc.Arbitrary<Omit<FuzzCase, 'headers'> & { headers: Record<string, string> }> {
  const params: Record<string, fc.Arbitrary<string>> = {};
  for (const name of target.url.match(/:\w+/g)?.map((p) => p.slice(1)) ?? []) {
    const schema = target.params[name] ?? {};
    params[name] = fc.oneof(
      { arbitrary: validLooking(schema, name, ids).map((value) => encodeSegment(String(value))), weight: 6 },
      { arbitrary: hostileString.map(encodeSegment), weight: 1 },
      { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
    );
  }
  const query: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, schema] of Object.entries(target.query)) query[name] = field(schema, name, ids);
  const queryValues = example.query
    ? fc.oneof(
        { arbitrary: fc.record(query, { requiredKeys: [] }), weight: 2 },
        { arbitrary: mutated(example.query, target.query, ids), weight: 3 },
      )
    : fc.record(query, { requiredKeys: [] });
  const extraQuery = fc.dictionary(fc.constantFrom('__proto__', 'x', 'page', 'q'), hostileString, {
    maxKeys: 2,
  });
  const schemaBody = target.body
    ? field(target.body, 'body', ids)
    : fc.option(hostileValue, { nil: undefined });
  const jsonBody = example.body
    ? fc.oneof(
        { arbitrary: schemaBody, weight: 2 },
        { arbitrary: mutated(example.body, propertiesOf(target.body), ids), weight: 3 },
      )
    : schemaBody;
  const body = fc.oneof(
    { arbitrary: jsonBody.map((value) => ({ kind: 'json' as const, value })), weight: 12 },
    {
      arbitrary: fc.constantFrom(
        { kind: 'raw' as const, type: 'application/json', text: '{"a":' },
        { kind: 'raw' as const, type: 'application/json', text: '{"__proto__":{"isAdmin":true}}' },
        { kind: 'raw' as const, type: 'application/json', text: '['.repeat(5000) },
        { kind: 'raw' as const, type: 'application/json; charset=utf-16', text: '{}' },
        { kind: 'raw' as const, type: 'text/plain', text: 'bonjour' },
        { kind: 'raw' as const, type: 'application/x-www-form-urlencoded', text: 'a=1&b=2' },
        { kind: 'raw' as const, type: 'multipart/form-data; boundary=x', text: '--x\r\n\r\n--x--' },
        { kind: 'raw' as const, type: 'image/png', text: 'pas une image' },
        { kind: 'raw' as const, type: 'image/jpeg', text: '\u00ff\u00d8\u00ff' },
      ),
      weight: 1,
    },
  );
  return fc
    .record({
      actor: actorArbitrary(example.actor),
      params: fc.record(params),
      query: queryValues,
      extraQuery: fc.option(extraQuery, { freq: 8 }),
      body,
    })
    .map(({ actor, params: values, query: q, extraQuery: extra, body: b }) => {
      const path = target.url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? '');
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries({ ...q, ...(extra ?? {}) }))
        if (value !== undefined) for (const item of asQueryValue(value)) search.append(key, item);
      const query = search.toString();
      const headers: Record<string, string> = {};
      let payload: string | undefined;
      if (target.method !== 'GET') {
        if (b.kind === 'raw') {
          headers['content-type'] = b.type;
          payload = b.text;
        } else if (b.value !== undefined) {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(b.value);
        }
      }
      return { actor, method: target.method, url: query ? `${path}?${query}` : path, headers, payload };
    });
}

/** The routes to fuzz, from the OpenAPI document and the route table (hidden routes get hostile parameters). */
export function targetsOf(t: TestApp): FuzzTarget[] {
  const doc = t.app.swagger() as unknown as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  return t.app.routeTable
    .filter((route) => route.url.startsWith('/api/'))
    .map((route) => {
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[openApiPath]?.[route.method.toLowerCase()] as
        | {
            parameters?: Array<{ in: string; name: string; schema: Schema }>;
            requestBody?: { content?: Record<string, { schema: Schema }> };
            responses?: Record<string, unknown>;
          }
        | undefined;
      const query: Record<string, Schema> = {};
      const params: Record<string, Schema> = {};
      for (const parameter of operation?.parameters ?? []) {
        if (parameter.in === 'query') query[parameter.name] = parameter.schema;
        if (parameter.in === 'path') params[parameter.name] = parameter.schema;
      }
      return {
        method: route.method,
        url: route.url,
        body: operation?.requestBody?.content?.['application/json']?.schema,
        query,
        params,
        documented: Object.keys(operation?.responses ?? {}),
      };
    });
}

/** English from a framework default, where a French sentence was due. */
const ENGLISH =
  /\b(invalid|expected|required|received|must|should|cannot|not found|unauthorized|forbidden|bad request|error|failed|too (big|small|many|long|short)|unexpected|unknown|unrecognized|body|querystring|params|payload|request)\b/i;

function isFrenchMessage(message: unknown): boolean {
  return typeof message === 'string' && message.trim().length > 0 && !ENGLISH.test(message);
}

export interface RouteReport {
  route: string;
  cases: number;
  statuses: Record<number, number>;
  failures: Array<{ problem: string; request: FuzzCase; status: number; body: string }>;
}

/** What is wrong with an answer (null when nothing is). */
function problemWith(response: LightMyRequestResponse, documented: string[] | null): string | null {
  if (response.statusCode >= 500) return `réponse ${response.statusCode}`;
  if (documented && !documented.includes(String(response.statusCode)))
    return `réponse ${response.statusCode} absente de la description de l’API`;
  if (response.statusCode < 400) return null;
  let body: { message?: unknown; errors?: Record<string, unknown> };
  try {
    body = response.json();
  } catch {
    return 'réponse 4xx sans JSON';
  }
  if (!isFrenchMessage(body.message)) return `message 4xx pas en français : ${String(body.message)}`;
  for (const [key, value] of Object.entries(body.errors ?? {}))
    if (!isFrenchMessage(value)) return `erreur de champ ${key} pas en français : ${String(value)}`;
  return null;
}

/** Runs `runs` generated requests on one route, `concurrency` at a time (same seed, same requests). */
export async function fuzzRoute(
  t: TestApp,
  target: FuzzTarget,
  fixtures: FuzzFixtures,
  options: { runs: number; seed: number; concurrency?: number },
): Promise<RouteReport> {
  const route = `${target.method} ${target.url}`;
  const report: RouteReport = { route, cases: 0, statuses: {}, failures: [] };
  const samples = fc.sample(caseArbitrary(target, fixtures.ids, fixtures.examples[route]), {
    numRuns: options.runs,
    seed: options.seed,
  });
  let next = 0;
  const worker = async () => {
    while (next < samples.length) {
      const sample = samples[next++]!;
      const cookie = await fixtures.cookieFor(sample.actor);
      const request: InjectOptions = {
        method: sample.method as InjectOptions['method'],
        url: sample.url,
        headers: { ...sample.headers, ...(cookie ? { cookie: `relais_session=${cookie}` } : {}) },
        ...(sample.payload !== undefined ? { payload: sample.payload } : {}),
      };
      const response = await t.app.inject(request);
      if (response.statusCode === 401 && cookie) fixtures.sessionEnded(sample.actor, cookie);
      report.cases++;
      report.statuses[response.statusCode] = (report.statuses[response.statusCode] ?? 0) + 1;
      // A path with a dot segment (`/api/missions/..`) is another route's: its answer is described there.
      const rawPath = sample.url.split('?')[0]!;
      const ownRoute = new URL(rawPath, 'http://relais.test').pathname === rawPath;
      const problem = problemWith(response, ownRoute ? target.documented : null);
      if (problem && report.failures.length < 5)
        report.failures.push({
          problem,
          request: sample,
          status: response.statusCode,
          body: response.body.slice(0, 300),
        });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return report;
}
