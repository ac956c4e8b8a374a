/** One jest, three levels (DESIGN §12.5): *.unit.spec.ts, *.int.spec.ts, *.e2e.spec.ts. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@punchline/domain$': '<rootDir>/domain/src/index.ts',
    '^@punchline/projections$': '<rootDir>/projections/src/index.ts',
    '^@punchline/eventstoredb$': '<rootDir>/eventstoredb/src/index.ts',
    '^@punchline/eventstoredb/test-support$': '<rootDir>/eventstoredb/src/test-support/index.ts',
    '\\.css$': '<rootDir>/infra/jest/style-stub.js',
  },
  testEnvironment: 'node',
  rootDir: __dirname,
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};
module.exports = {
  // Per-project testTimeout is ignored by jest; the slowest level (browser tests) sets the bar: the
  // longest walkthroughs took 56–88 s on CI's two cores (2026-11-28), too near a 120 s bar.
  testTimeout: 240000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{domain,projections,eventstoredb,backend,frontend}/**/*.unit.spec.ts?(x)'] },
    // The server renders pages from frontend/dist: built once before the workers start (see the set-up file).
    { ...common, displayName: 'int', testMatch: ['<rootDir>/{projections,eventstoredb,backend}/**/*.int.spec.ts'], globalSetup: '<rootDir>/backend/src/test-support/int.global-setup.ts' },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/e2e/**/*.e2e.spec.ts'], setupFilesAfterEnv: ['<rootDir>/e2e/support/csp-guard.ts'] },
  ],
};
