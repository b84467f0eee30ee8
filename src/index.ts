// The package's programmatic API.
export { generateDataSet } from '../fixtures/generate-data-set.js';
export type { Clock, ClockState } from './clock.js';
export type { Config, MockServerOptions } from './config.js';
export { createMockServer, type MockServer } from './server.js';
