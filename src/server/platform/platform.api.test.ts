import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_INIT_SCRIPT } from '#core/theme-init.js';
import { TEST_PASSWORD, createUser, driverPayload } from '../test/factories.js';
import { Agent, createTestApp, signIn, type TestApp } from '../test/harness.js';
import { requireRole } from './sessions.js';

let t: TestApp;
let webDir: string;
const BIG_CHUNK = `export const villes = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Ville ${i}`))};`;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'relais-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="fr"><title>Relais</title></html>',
  );
  await writeFile(path.join(webDir, 'assets', 'index-AbC123.js'), 'console.log("relais")');
  await writeFile(path.join(webDir, 'manifest.webmanifest'), '{"name":"Relais"}');
  // A chunk as `npm run build` leaves it: its brotli and gzip forms beside it (scripts/compress-web.mjs).
  await writeFile(path.join(webDir, 'assets', 'chunk-XyZ789.js'), BIG_CHUNK);
  await writeFile(path.join(webDir, 'assets', 'chunk-XyZ789.js.br'), brotliCompressSync(BIG_CHUNK));
  await writeFile(path.join(webDir, 'assets', 'chunk-XyZ789.js.gz'), gzipSync(BIG_CHUNK));
  await mkdir(path.join(webDir, 'prerendered'));
  await writeFile(
    path.join(webDir, 'prerendered', 'pricing.html'),
    `<!doctype html><html lang="fr"><body><div id="root"><h1>Plans prérendus</h1>${'<p>Tarifs</p>'.repeat(200)}</div></body></html>`,
  );
  t = await createTestApp({
    configure: (config) => ({ ...config, webDir }),
    routes: (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('secret internal detail');
      });
      // What a transaction PostgreSQL stopped to break a deadlock looks like, through Drizzle.
      app.get('/api/test/deadlock', async () => {
        throw Object.assign(new Error('Failed query: update missions'), {
          cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
        });
      });
      app.get('/api/test/driver-only', async (request) => ({ id: requireRole(request, 'driver').id }));
      app.get('/api/test/transporter-only', async (request) => ({
        id: requireRole(request, 'transporter').id,
      }));
      app.get('/api/test/admin-only', async (request) => ({ id: requireRole(request, 'admin').id }));
    },
  });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404 in French', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/n-existe-pas' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ message: 'Ressource introuvable' });
    const post = await t.app.inject({ method: 'POST', url: '/api/n-existe-pas', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('answers malformed JSON with a 400 in French', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Le corps de la requête n’est pas un JSON valide' });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Type de contenu non pris en charge');
  });

  it('hides an unexpected error behind a generic French 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Une erreur interne est survenue. Veuillez réessayer dans quelques instants.',
    });
    expect(response.body).not.toContain('secret internal detail');
  });

  it('answers a transaction stopped by a deadlock with a 409 that says to try again', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/deadlock' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/Réessayez/);
  });
});

describe('health and documentation', () => {
  it('reports that the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('publishes an OpenAPI document built from the zod schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/register',
        '/api/auth/login',
        '/api/auth/me',
        '/api/admin/setup',
        '/api/health',
      ]),
    );
    // The web app's files (this app serves a small build) are not part of the API.
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    const login = doc.paths['/api/auth/login'].post;
    expect(JSON.stringify(login.requestBody)).toContain('email');
    expect(JSON.stringify(login.requestBody)).toContain('password');
  });
});

describe('security headers and cross-site requests', () => {
  it('sends a Content-Security-Policy that forbids inline scripts and framing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The inline theme script is allowed by its exact hash, nothing else inline.
    const hash = createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a state-changing request from another site with 403', async () => {
    const user = await createUser(t.db);
    const cases = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      // A sandboxed frame sends Origin: null; a Referer of ours beside it does not make it ours.
      { origin: 'null', referer: 'http://localhost:5000/missions' },
      { origin: 'not a url', referer: 'http://localhost:5000/missions' },
      // The browser's own word wins over headers that look like ours.
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:5000' },
      { 'sec-fetch-site': 'cross-site', referer: 'http://localhost:5000/' },
      { referer: 'garbage' },
    ];
    for (const headers of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ message: 'Requête refusée : origine non autorisée' });
    }
  });

  it('accepts our own origin, the public URL, and clients that send none (curl)', async () => {
    for (const headers of [
      { origin: 'http://localhost:5000' },
      { origin: 'http://localhost:80' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5000' },
      { 'sec-fetch-site': 'same-origin' },
      { referer: 'http://localhost:5000/register' },
      {},
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers,
        payload: driverPayload(),
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(202);
    }
  });

  it('lets cross-site reads through (they change nothing)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('role guards', () => {
  it('admit only the role they name; strangers get 401, other roles 403 in French', async () => {
    const driver = new Agent(t.app);
    await driver.post('/api/auth/login', { email: (await createUser(t.db)).email, password: TEST_PASSWORD });
    const company = new Agent(t.app);
    await company.post('/api/auth/login', {
      email: (await createUser(t.db, { userType: 'company' })).email,
      password: TEST_PASSWORD,
    });
    // Signed in past the second factor (an administrator's password alone opens no session: admin-security).
    const { agent: admin } = await signIn(t, { userType: 'admin', isAdmin: true });

    expect((await new Agent(t.app).get('/api/test/driver-only')).statusCode).toBe(401);
    expect((await driver.get('/api/test/driver-only')).statusCode).toBe(200);
    const companyAsDriver = await company.get('/api/test/driver-only');
    expect(companyAsDriver.statusCode).toBe(403);
    expect(companyAsDriver.json().message).toBe('Cette action est réservée aux chauffeurs');
    expect((await company.get('/api/test/transporter-only')).statusCode).toBe(200);
    expect((await driver.get('/api/test/transporter-only')).json().message).toBe(
      'Cette action est réservée aux transporteurs',
    );
    expect((await admin.get('/api/test/admin-only')).statusCode).toBe(200);
    expect((await admin.get('/api/test/driver-only')).statusCode).toBe(403);
    expect((await driver.get('/api/test/admin-only')).json().message).toBe(
      'Cette action est réservée aux administrateurs',
    );
  });
});

describe('web app', () => {
  it('answers every non-API path with index.html, revalidated', async () => {
    for (const url of ['/', '/dashboard', '/mission/123/tracking', '/verify-email?token=abc']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<html lang="fr">');
    }
  });

  it('caches hashed assets for a year and 404s missing files', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the compressed forms the build wrote, as the browser accepts them, and 304 for an unchanged file', async () => {
    const url = '/assets/chunk-XyZ789.js';
    const asBrotli = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(asBrotli.headers['content-encoding']).toBe('br');
    expect(asBrotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asBrotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(asBrotli.rawPayload).toString()).toBe(BIG_CHUNK);
    const asGzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(asGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asGzip.rawPayload).toString()).toBe(BIG_CHUNK);
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_CHUNK);
    // The compressed files are forms of the chunk, not files of the site.
    expect((await t.app.inject({ method: 'GET', url: `${url}.br` })).statusCode).toBe(404);
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const again = await t.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { 'if-none-match': String(manifest.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A revalidation names the form it holds: the answer says 304 and still varies with the encoding.
    const revalidated = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': `"other", W/${String(asBrotli.headers.etag)}` },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.vary).toContain('accept-encoding');
    // Each form has its own ETag: the brotli one does not revalidate the plain bytes.
    expect(asBrotli.headers.etag).not.toBe(plain.headers.etag);
    const plainAgain = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity', 'if-none-match': String(asBrotli.headers.etag) },
    });
    expect(plainAgain.statusCode).toBe(200);
    // The service worker's precache asks with a revision in the query; `br;q=0` refuses brotli.
    const precached = await t.app.inject({
      method: 'GET',
      url: `${url}?__WB_REVISION__=abc123`,
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(precached.statusCode).toBe(200);
    expect(precached.headers['content-encoding']).toBe('gzip');
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('sends a prerendered page for its path, compressed, and the shell elsewhere', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/pricing',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('Plans prérendus');
    const shell = await t.app.inject({
      method: 'GET',
      url: '/pricing/',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(shell.body).toContain('Plans prérendus');
    const other = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(other.body).not.toContain('Plans prérendus');
  });

  it('compresses large answers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('site settings', () => {
  it('returns the public settings with the logo keys', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site-settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ logoLightUrl: null, logoDarkUrl: null });
  });
});
