// docs-site's own Jest run (the root Jest ignores docs-site/). Two projects:
//  unit    — *.unit.spec.ts(x) beside the code: config, components (jsdom), scripts, samples;
//  browser — test/browser/*.browser.spec.ts: Debian's Chromium via playwright-core against the
//            built site (public/) served on a free loopback port; run them in band.
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  rootDir: __dirname,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json', 'css'],
  transform: {
    '^.+\\.(t|j|mj)sx?$': swc,
    '\\.css$': '<rootDir>/test/support/css-transform.js',
  },
  // ESM-only packages used by the tested code.
  transformIgnorePatterns: ['/node_modules/(?!(typebox|unist-util-[a-z-]+)/)'],
  moduleNameMapper: {
    '^@brand-api/contracts$': path.join(__dirname, '../contracts/src/index.ts'),
  },
  testPathIgnorePatterns: ['/node_modules/', '/public/', '/.cache/'],
};

/** @type {import('jest').Config} */
module.exports = {
  maxWorkers: process.env.JEST_MAX_WORKERS ?? 2,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{src,scripts,samples,plugins}/**/*.unit.spec.{ts,tsx}'],
      setupFiles: ['<rootDir>/test/support/unit-globals.ts'],
      moduleNameMapper: {
        ...common.moduleNameMapper,
        // Gatsby's Link needs its router runtime; in jsdom a plain anchor stands in for it.
        '^gatsby$': '<rootDir>/test/support/gatsby-shim.tsx',
      },
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser.spec.ts'],
      globalSetup: '<rootDir>/test/support/browser-global-setup.ts',
      globalTeardown: '<rootDir>/test/support/browser-global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/browser-timeout.ts'],
    },
  ],
};
