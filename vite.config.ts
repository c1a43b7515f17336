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
    react(),
    tailwindcss(),
    VitePWA({
      // The prerender build (SSR) makes no service worker.
      disable: Boolean(isSsrBuild),
      strategies: 'generateSW',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'sw-sync.js', 'icons/*.png'],
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
  },
  server: {
    proxy: { '/api': 'http://localhost:5000', '/ws': { target: 'ws://localhost:5000', ws: true } },
  },
}));
