import { existsSync, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PRERENDERED_PAGES, prerenderedFileName } from '#core/prerendered-pages.js';
import type { AppConfig } from '../config.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A page kept in memory with its compressed forms, made once at start. */
interface StaticPage {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Compressed once per file and build: brotli at quality 11 costs about 2 s of CPU for the shell and the public pages,
 * which several apps in one process (the API tests, two instances in one test) would otherwise each pay again.
 */
const compressed = new Map<string, { stamp: string; page: StaticPage }>();

function staticPage(file: string): StaticPage {
  const { mtimeMs, size } = statSync(file);
  const stamp = `${mtimeMs}:${size}`;
  const known = compressed.get(file);
  if (known?.stamp === stamp) return known.page;
  const raw = readFileSync(file);
  const page = {
    raw,
    br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(raw, { level: 9 }),
  };
  compressed.set(file, { stamp, page });
  return page;
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
  const built = existsSync(path.join(config.webDir, 'index.html'));
  // The app shell and the public pages rendered at build time (scripts/prerender.ts), kept in memory:
  // they are small, asked for on every first visit, and sent compressed.
  const shell = built ? staticPage(path.join(config.webDir, 'index.html')) : null;
  const prerendered = new Map<string, StaticPage>();
  for (const page of Object.keys(PRERENDERED_PAGES)) {
    const file = path.join(config.webDir, 'prerendered', prerenderedFileName(page));
    if (existsSync(file)) prerendered.set(page, staticPage(file));
  }
  if (built) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(config.webDir, filePath);
        res.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
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
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!shell) return reply.send(NOT_BUILT_PAGE);
    const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // The not-found handler is not a route, so @fastify/compress does not see it: negotiate here.
    const body = prerendered.get(page) ?? shell;
    const accepted = String(request.headers['accept-encoding'] ?? '');
    reply.header('vary', 'accept-encoding');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
    return reply.send(body.raw);
  });
}
