import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { THEME_INIT_SCRIPT } from './src/core/theme-init.js';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [
    {
      // The theme script runs inline, before paint; the server's CSP allows it by its hash.
      name: 'relais-theme-init',
      transformIndexHtml: () => [{ tag: 'script', children: THEME_INIT_SCRIPT, injectTo: 'head-prepend' }],
    },
    {
      // main.tsx is a tiny entry that imports start.tsx (the app) dynamically. The app shell (index.html)
      // preloads that chunk and its imports so it starts without an extra round trip; prerendered pages drop
      // these links (scripts/prerender.ts), so nothing but their own HTML and CSS comes before their first paint.
      name: 'relais-preload-app',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(_html, ctx) {
          const bundle = ctx.bundle ?? {};
          const app = Object.values(bundle).find(
            (item) => item.type === 'chunk' && item.facadeModuleId?.endsWith('/src/web/start.tsx'),
          );
          if (!app || app.type !== 'chunk') throw new Error('start.tsx chunk not found');
          const files = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = bundle[fileName];
            if (chunk?.type !== 'chunk' || chunk.isEntry || files.has(fileName)) return;
            files.add(fileName);
            for (const imported of chunk.imports) visit(imported);
          };
          visit(app.fileName);
          return [...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-app': true },
            injectTo: 'head' as const,
          }));
        },
      },
    },
    react(),
    tailwindcss(),
    VitePWA({
      // The prerender build (SSR) makes no service worker.
      disable: Boolean(isSsrBuild),
      strategies: 'generateSW',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'sw-sync.js', 'icons/*.png', 'carte-france.json'],
      manifest: {
        id: '/',
        name: 'Relais — missions poids lourds',
        short_name: 'Relais',
        description: 'Missions de dernière minute entre chauffeurs poids lourds et transporteurs.',
        lang: 'fr',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#0e1116',
        theme_color: '#0e1116',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell and every chunk are precached; API answers never are, so that nothing one user
        // saw can be served to another on a shared device.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/ws/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        importScripts: ['/sw-sync.js'],
        runtimeCaching: [],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: /^#core\/(.*)$/, replacement: path.resolve(import.meta.dirname, 'src/core/$1') },
      { find: /^#web\/(.*)$/, replacement: path.resolve(import.meta.dirname, 'src/web/$1') },
    ],
  },
  build: {
    // The browser build, then the prerender build (npm run build runs both; scripts/prerender.ts writes the pages).
    outDir: path.resolve(import.meta.dirname, isSsrBuild ? 'dist/prerender' : 'dist/web'),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // No preload helper around dynamic imports: it inserts <link rel="modulepreload"> elements one by one
    // into the head, and each insertion restyles the page (30–60 ms on the landing page, on the main
    // thread). The shell preloads the app itself (plugin above); lazy chunks fetch their imports directly.
    modulePreload: false,
    rollupOptions: {
      output: {
        // Leaflet (the map view only) is a chunk of its own, with its own budget (scripts/check-bundle.ts).
        manualChunks: (id: string) => (id.includes('/node_modules/leaflet/') ? 'leaflet' : undefined),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:5000', '/ws': { target: 'ws://localhost:5000', ws: true } },
  },
}));
