import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRERENDERED_PAGES, prerenderedFileName } from '#core/prerendered-pages.js';
import type { AppConfig } from '../config.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A file of the built web app, kept in memory with its compressed forms: those `npm run build` wrote beside it
 * (scripts/compress-web.mjs), or, for a page (the app shell, the prerendered pages) of a build without them, made once
 * here. A file with neither is compressed per request by @fastify/compress, as any answer.
 */
interface WebFile {
  raw: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  type: string;
  /** The SHA-256 of the bytes: each form's ETag is made from it (`"h"`, `"h-br"`, `"h-gz"`), one per representation. */
  hash: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/**
 * Loaded once per file and build: several apps in one process (the API tests, two instances in one test) share
 * them, and brotli at quality 11 for a build without its compressed forms costs about 2 s of CPU.
 */
const loaded = new Map<string, { stamp: string; file: WebFile }>();

/** A compressed form the build wrote, unless it is older than its file (a step run again by hand after the build). */
function formOf(file: string, suffix: string, fileMtimeMs: number): Buffer | undefined {
  const form = `${file}${suffix}`;
  return existsSync(form) && statSync(form).mtimeMs >= fileMtimeMs ? readFileSync(form) : undefined;
}

function webFile(file: string): WebFile {
  const { mtimeMs, size } = statSync(file);
  const stamp = `${mtimeMs}:${size}`;
  const known = loaded.get(file);
  if (known?.stamp === stamp) return known.file;
  const raw = readFileSync(file);
  const here = file.endsWith('.html') && raw.length > 0;
  const loadedFile: WebFile = {
    raw,
    br:
      formOf(file, '.br', mtimeMs) ??
      (here ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) : undefined),
    gzip: formOf(file, '.gz', mtimeMs) ?? (here ? gzipSync(raw, { level: 9 }) : undefined),
    type: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    hash: createHash('sha256').update(raw).digest('base64url').slice(0, 32),
  };
  loaded.set(file, { stamp, file: loadedFile });
  return loadedFile;
}

/**
 * Every file under `dir` (paths relative to it, with `/`) but the compressed forms, which go with their file, hidden
 * files and folders (as a static server does) and names a route could not hold literally.
 */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((relative) => !relative.split('/').some((part) => part.startsWith('.') || /[:*?#%]/.test(part)));
}

/** Whether If-None-Match (a list, weak or strong tags, or `*`) names `etag`: compared weakly, as for a GET. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

const ETAG_SUFFIX = { br: '-br', gzip: '-gz' } as const;

/**
 * The file in the form the request accepts best (q-values read by the negotiator @fastify/compress uses), or as it
 * is (then @fastify/compress may compress it).
 */
function sendWebFile(request: FastifyRequest, reply: FastifyReply, file: WebFile) {
  const offered = (['br', 'gzip'] as const).filter((coding) => file[coding]);
  const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), offered) as
    (typeof offered)[number] | null;
  // One ETag per representation: a cache holding the brotli and the plain forms never takes one for the other.
  const etag = `"${file.hash}${encoding ? ETAG_SUFFIX[encoding] : ''}"`;
  reply.header('etag', etag).type(file.type);
  if (offered.length > 0) reply.header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  if (!encoding) return reply.send(file.raw);
  return reply.header('content-encoding', encoding).send(file[encoding]);
}

/** Shown when the web app has not been built (`npm run build`), so a developer knows what to do. */
const NOT_BUILT_PAGE = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Relais</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.6">
<h1>Relais</h1>
<p>Le serveur fonctionne, mais l’application web n’a pas encore été construite.</p>
<p>Lancez <code>npm run build</code>, puis rechargez cette page. L’API répond sur <a href="/api/health">/api/health</a>.</p>
</body></html>`;

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * every non-API path answered with index.html so that the client router takes over.
 */
export async function registerWeb(app: FastifyInstance, config: AppConfig): Promise<void> {
  // Every file of the build, from memory (the whole build is a few megabytes): no file opened per request.
  const files = new Map(
    (existsSync(path.join(config.webDir, 'index.html')) ? filesUnder(config.webDir) : []).map(
      (relative) => [relative, webFile(path.join(config.webDir, relative))] as const,
    ),
  );
  // The app shell and the public pages rendered at build time (scripts/prerender.ts): asked for on every first visit.
  const shell = files.get('index.html');
  const prerendered = new Map<string, WebFile>();
  for (const page of Object.keys(PRERENDERED_PAGES)) {
    const file = files.get(`prerendered/${prerenderedFileName(page)}`);
    if (file) prerendered.set(page, file);
  }
  // Hashed assets are cached for a year; everything else is revalidated (its ETag answers 304 when unchanged).
  for (const [relative, file] of files) {
    const cacheControl = relative.startsWith('assets/') ? IMMUTABLE : 'no-cache';
    // Hidden from the API's description (/api/docs), as the routes of a static server are.
    app.get(`/${relative}`, { schema: { hide: true } }, (request, reply) =>
      sendWebFile(request, reply.header('cache-control', cacheControl), file),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({ message: 'Ressource introuvable' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: 'Ressource introuvable' });
    }
    // A missing file (an old hashed asset, a typo) is a 404, not the app shell with the wrong type.
    if (/\.[a-z0-9]{1,8}$/i.test(pathname)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Fichier introuvable');
    }
    reply.header('cache-control', 'no-cache');
    if (!shell) return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    return sendWebFile(request, reply, prerendered.get(page) ?? shell);
  });
}
