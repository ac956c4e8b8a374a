// Boundaries are lint rules (DESIGN §2, §12.8): each workspace may import only what the table allows.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const FRONTEND_ONLY_DOMAIN = {
  group: ['@punchline/backend', '@punchline/projections', '**/backend/**', '**/projections/**', '@nestjs/*', 'pg'],
  message: 'frontend/ may import only domain/ (DESIGN §2).',
};

// A backend feature (a folder of backend/src) is used by others only through its index.ts (issue 9):
// what it exposes is one short list, and its insides can change without touching other features.
// A feature may also offer core.ts, the part of that list that needs no web framework (the index
// re-exports it): the backup and restore commands load those, not Nest (issue 29).
// Test kits (<feature>/test-support/) are shared by the tests of other features, as fixtures.
const BACKEND_FEATURES = ['access', 'audit', 'auth', 'backup', 'cli', 'contact', 'health', 'history', 'media', 'privacy', 'settings', 'site'];
const throughIndex = (features) => ({
  regex: `^(\\.\\./)+(${features.join('|')})/(?!test-support/|core$)`,
  message: 'Import another backend feature through its index (\'../<feature>\') or its core (\'../<feature>/core\'), not a file inside it (issue 9).',
});
// The optional EventStoreDB adapter is a workspace of its own (eventstoredb/, issue 26). Production code
// of the backend reaches it from one file, the one that creates the store; tests may also use its
// emulation (@punchline/eventstoredb/test-support). The client library is that workspace's alone.
const STORE_FACTORY = 'backend/src/platform/event-store/create-event-store.ts';
const NO_CLIENT_LIBRARY = { group: ['@eventstore/*'], message: 'Only eventstoredb/ talks to @eventstore/db-client (issue 26).' };
const NO_EVENTSTOREDB = {
  group: ['@punchline/eventstoredb', '@punchline/eventstoredb/*', '**/eventstoredb/**'],
  message: `The backend reaches the EventStoreDB adapter only through ${STORE_FACTORY} (issue 26).`,
};
const backendFeatureZones = ['platform', 'test-support', ...BACKEND_FEATURES].flatMap((folder) => {
  const zone = throughIndex(BACKEND_FEATURES.filter((feature) => feature !== folder));
  const tests = [`backend/src/${folder}/**/*.spec.ts`, `backend/src/${folder}/**/test-support/**/*.ts`];
  return [
    { files: [`backend/src/${folder}/**/*.ts`], rules: restrict([zone, NO_CLIENT_LIBRARY, NO_EVENTSTOREDB]) },
    { files: folder === 'platform' ? [STORE_FACTORY, ...tests] : tests, rules: restrict([zone, NO_CLIENT_LIBRARY]) },
  ];
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'e2e/artifacts/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: restrict([
      { group: ['@punchline/*', '../../backend/*', '../../projections/*', '../../frontend/*'], message: 'domain/ imports nothing of ours (DESIGN §2).' },
      { group: ['@nestjs/*', 'pg', 'react', 'react-*', '@electric-sql/*', '@eventstore/*', 'node:*', 'express*'], message: 'domain/ is pure TypeScript: no frameworks, drivers or Node APIs.' },
    ]),
  },
  {
    files: ['projections/**/*.ts'],
    rules: restrict([
      { group: ['@punchline/backend', '@punchline/frontend', '@punchline/eventstoredb', '**/backend/**', '**/frontend/**', '**/eventstoredb/**', '@nestjs/*', 'react'], message: 'projections/ may import only domain/ (DESIGN §2).' },
    ]),
  },
  {
    files: ['eventstoredb/**/*.ts'],
    rules: restrict([
      {
        group: ['@punchline/backend', '@punchline/backend/*', '@punchline/frontend', '**/backend/**', '**/frontend/**', '@nestjs/*', 'react'],
        message: 'eventstoredb/ may import only domain/ and projections/ (issue 26): the backend depends on it, never the reverse.',
      },
    ]),
  },
  ...backendFeatureZones,
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The two classic rules: hooks in a fixed order, and effect dependency lists the linter can check
    // (a deliberately partial list says why in an eslint-disable line with its reason).
    rules: { ...restrict([FRONTEND_ONLY_DOMAIN]), 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The visitor's pages never pull in admin code (issue 9): the visitor bundle stays small and free
    // of admin text, and the admin area can change without touching the public site.
    files: ['frontend/src/public/**/*.{ts,tsx}'],
    rules: restrict([FRONTEND_ONLY_DOMAIN, { group: ['**/admin', '**/admin/**'], message: 'frontend/src/public never imports frontend/src/admin (issue 9).' }]),
  },
);
