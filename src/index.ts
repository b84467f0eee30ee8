// The package's programmatic API.

export type { Clock, ClockState } from './clock.js';
export type { Config, MockServerOptions } from './config.js';
export { generateDataSet } from './fixtures/generate-data-set.js';
export { createMockServer, type MockScope, type MockServer } from './server.js';
