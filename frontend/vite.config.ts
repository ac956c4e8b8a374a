import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const domainSrc = fileURLToPath(new URL('../domain/src/index.ts', import.meta.url));
// react-router's package exports only its development build; browsers get the production one (no dev warnings, ~8 KB less).
const routerProduction = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@punchline\/domain$/, replacement: domainSrc },
      ...(isSsrBuild ? [] : [{ find: /^react-router$/, replacement: routerProduction }]),
    ],
  },
  build: isSsrBuild
    ? // CommonJS, so the CommonJS Nest server (and jest) can require() it without an ESM loader.
      { sourcemap: false, target: 'node20', rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } } }
    : { manifest: true, sourcemap: false, target: 'es2022', modulePreload: { polyfill: false } },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
}));
