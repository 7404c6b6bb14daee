/** Test projects by suffix (STYLE.md): unit = pure, int = real PostgreSQL/Redis, e2e = HTTP. */
const swc = ['@swc/jest', {
  // .swcrc is for the build (it leaves specs out); jest gives its own options.
  swcrc: false,
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
}];
const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: { '^@carecircle/libs$': '<rootDir>/../libs/src/index.ts' },
};
module.exports = {
  // Real PostgreSQL and whole apps: on a busy 2-core machine a fresh database and app take more than
  // jest's 5 s. (A global option: jest ignores it inside a project.)
  testTimeout: 30_000,
  projects: [
    // Pure front-end rules (frontend/src/**/*.unit.spec.ts, .ts only: no DOM, no React) run here too.
    {
      ...common,
      displayName: 'unit',
      roots: ['<rootDir>/src', '<rootDir>/../libs/src', '<rootDir>/../frontend/src'],
      testMatch: ['<rootDir>/src/**/*.unit.spec.ts', '<rootDir>/../libs/src/**/*.unit.spec.ts', '<rootDir>/../frontend/src/**/*.unit.spec.ts'],
    },
    { ...common, displayName: 'int', testMatch: ['<rootDir>/src/**/*.int.spec.ts'], setupFilesAfterEnv: ['<rootDir>/src/test-support/int-timeout.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/src/**/*.e2e.spec.ts'] },
  ],
};
