// `npm run test:quick`, the contributor's inner loop: the unit tests and the integration tests
// that run in jest's own process (the mock in-process, over real HTTP on free ports), in about a
// minute. Left to `npm test`: whatever starts another process (the built command, which needs
// a build, a redis-server, Chromium, npm) and the contract suite's proof, which starts jest.
import base from './jest.config.js';

export default {
  ...base,
  testMatch: [
    '<rootDir>/{src,spec,scripts,bench}/**/*.test.ts',
    '<rootDir>/contract-tests/{report,generation,support}/**/*.test.ts',
    '<rootDir>/test/{integration,stack}/**/*.test.ts',
  ],
  // These start a redis-server of their own.
  testPathIgnorePatterns: [
    '/node_modules/',
    '<rootDir>/src/redis/',
    '<rootDir>/test/integration/(shared-state|shared-redis-costs|proxy-shared-state|proxy-redis-outage|proxy-bounded-keys)\\.test\\.ts$',
  ],
};
