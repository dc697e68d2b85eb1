/** One Jest run for the whole repo: unit specs, integration specs and e2e specs. */
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2023',
  },
  module: { type: 'commonjs' },
}];
// @kubernetes/client-node ships ES modules only; Jest's CommonJS runtime needs them compiled.
const esmOnly = ['@kubernetes/client-node', 'openid-client', 'oauth4webapi', 'jose'];
const common = {
  transform: { '^.+\\.ts$': swc, [`/node_modules/(${esmOnly.join('|')})/.+\\.js$`]: swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: { '^@berth/(.*)$': '<rootDir>/libs/$1/src' },
  testEnvironment: 'node',
  rootDir: __dirname,
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/examples', '<rootDir>/tools'],
};
module.exports = {
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      // `*.soak-spec.ts` are long acceptance runs with scripts of their own (BERTH_SOAK=1), not part of `npm test`.
      testMatch: ['**/*.int-spec.ts', '**/*.e2e-spec.ts', ...(process.env.BERTH_SOAK === '1' ? ['**/*.soak-spec.ts'] : [])],
      globalSetup: '<rootDir>/libs/testing/src/jest/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest/global-teardown.ts',
    },
  ],
};
