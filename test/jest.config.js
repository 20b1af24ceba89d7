/**
 * Jest projects per layer (docs/architecture.md#tests). @swc/jest transpiles TypeScript and the ESM-only
 * packages (@middy, marked) to CommonJS, so those must not be ignored by the transform.
 */
const path = require('node:path');

const rootDir = path.resolve(__dirname, '..');
const transform = {
  '^.+\\.(t|j|mj)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
const webTest = {
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/test/web/setup.ts'],
};
const fileStubs = { '\\.(css|svg|png|jpg|webp|mp4)$': '<rootDir>/test/web/file-stub.js' };
const common = {
  rootDir,
  transform,
  transformIgnorePatterns: ['/node_modules/(?!(@middy|marked)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
};

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/integration/support/setup.ts'],
      globalSetup: '<rootDir>/test/integration/global-setup.ts',
      globalTeardown: '<rootDir>/test/integration/global-teardown.ts',
    },
    { ...common, displayName: 'infra', testEnvironment: 'node', testMatch: ['<rootDir>/test/infra/**/*.test.ts'] },
    {
      ...common,
      ...webTest,
      displayName: 'web',
      testMatch: ['<rootDir>/test/web/**/*.test.tsx', '<rootDir>/test/web/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/web/src/console/'],
      moduleNameMapper: fileStubs,
    },
    {
      ...common,
      ...webTest,
      displayName: 'web-console',
      testMatch: ['<rootDir>/test/web/src/console/**/*.test.tsx', '<rootDir>/test/web/src/console/**/*.test.ts'],
      moduleNameMapper: fileStubs,
    },
    {
      // Each file starts its own local stack and breaks DynamoDB or SES through its fault switch.
      ...common,
      displayName: 'reliability',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/reliability/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/reliability/support/setup.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e.ts'],
      globalSetup: '<rootDir>/test/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/e2e/support/setup.ts'],
    },
  ],
};
