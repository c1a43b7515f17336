/**
 * After `vite build`: renders the public pages once, as a visitor sees them, into
 * dist/web/prerendered/<page>.html. The server sends those for their paths, so the first paint needs
 * no JavaScript; the browser then hydrates. Every other path keeps the empty shell (index.html).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRERENDERED_PAGES, prerenderedFileName } from '../src/core/prerendered-pages.js';

const web = path.resolve('dist/web');
const template = readFileSync(path.join(web, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('dist/web/index.html has no empty #root');
const { render } = (await import(pathToFileURL(path.resolve('dist/prerender/prerender.js')).href)) as {
  render(page: string): Promise<string>;
};

// The stylesheet is inlined in prerendered pages: one round trip fewer before the first paint on a
// slow network (the app shell keeps the cached file).
const inlined = template.replace(
  /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/,
  (_tag, file: string) => {
    const css = readFileSync(path.join(web, file), 'utf8');
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  },
);
if (inlined === template) throw new Error('no stylesheet link found in dist/web/index.html');
// Prerendered pages fetch the app only after their first paint (src/web/main.tsx): the shell's preloads go.
const deferred = inlined.replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
if (!/<script type="module"[^>]*src="\/assets\/index-/.test(deferred))
  throw new Error('entry script not found');

mkdirSync(path.join(web, 'prerendered'), { recursive: true });
for (const [page, title] of Object.entries(PRERENDERED_PAGES)) {
  const html = await render(page);
  const document = deferred
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
  writeFileSync(path.join(web, 'prerendered', prerenderedFileName(page)), document);
  console.log(`prerendered ${page.padEnd(20)} ${(Buffer.byteLength(document) / 1024).toFixed(1)} KB`);
}
