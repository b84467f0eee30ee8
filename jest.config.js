// Jest runs the TypeScript sources as ES modules (lowdb and faker ship ESM only), transformed by
// swc, which strips types without checking them: `npm run typecheck` does the checking.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': '@swc/jest' },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/{src,spec,contract-tests,scripts,test,bench}/**/*.test.ts'],
  testTimeout: 20000,
};
