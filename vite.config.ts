import path from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  resolve: {
    alias: [{ find: /^#core\/(.*)$/, replacement: path.resolve(import.meta.dirname, 'src/core/$1') }],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    assetsDir: 'assets',
  },
  server: {
    proxy: { '/api': 'http://localhost:5000' },
  },
});
