// One Jest run over every workspace; the file suffix names the tier (unit, int, e2e).
// typebox 1.x ships ESM only, so it is transformed by @swc/jest like our own sources.
const moduleNameMapper = {
  '^@brand-api/contracts$': '<rootDir>/contracts/src/index.ts',
  '^@brand-api/contracts/testing$': '<rootDir>/contracts/src/testing/index.ts',
  '^@brand-api/domain$': '<rootDir>/services/domain/src/index.ts',
  '^@brand-api/event-store$': '<rootDir>/services/event-store/src/index.ts',
  '^@brand-api/event-store/testing$': '<rootDir>/services/event-store/src/testing/index.ts',
  '^@brand-api/read-models$': '<rootDir>/read-models/src/index.ts',
  '^@brand-api/webhooks$': '<rootDir>/services/webhooks/src/index.ts',
  '^@brand-api/webhooks/testing$': '<rootDir>/services/webhooks/src/testing/index.ts',
  '^@brand-api/api$': '<rootDir>/services/api/src/index.ts',
  '^@brand-api/api/testing$': '<rootDir>/services/api/src/testing/index.ts',
  '^@brand-api/cli$': '<rootDir>/services/cli/src/index.ts',
  '^@brand-api/client$': '<rootDir>/clients/typescript/src/index.ts',
};

const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

const common = {
  rootDir: __dirname,
  moduleNameMapper,
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/docs-site/'],
  setupFiles: ['<rootDir>/jest.setup.js'],
};

/** @type {import('jest').Config} */
module.exports = {
  // Jest reads testTimeout only at the top level, not per project. Integration and end-to-end
  // tests start databases and child processes on a 2-core machine; unit tests finish far sooner.
  testTimeout: 120_000,
  maxWorkers: process.env.JEST_MAX_WORKERS ?? 2,
  // A worker that ran PGlite files holds 0.7-1.0 GB (WebAssembly memories), and freeing it after
  // its event loop is already empty took 0.7-0.9 s on the loaded 2-core machine: past Jest's
  // 500 ms default, which then kills it and reports "tests leaking" though no handle was open.
  // A real leak (a handle that keeps the loop alive) still holds a worker past this and is reported.
  workerGracefulExitTimeout: 5_000,
  // After the summary, each skipped test with the reason its title gives.
  reporters: ['default', '<rootDir>/scripts/skipped-tests-reporter.cjs'],
  projects: [
    {
      ...common,
      displayName: 'unit',
      // scripts/: the repository's own tooling (the test command, the build step).
      testMatch: ['<rootDir>/**/src/**/*.unit.spec.ts', '<rootDir>/scripts/**/*.unit.spec.ts'],
    },
    {
      ...common,
      displayName: 'int',
      testMatch: ['<rootDir>/**/src/**/*.int.spec.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/**/src/**/*.e2e.spec.ts'],
    },
  ],
};
