// The package's programmatic API.

export type { Clock, ClockState } from './clock.js';
export { generateDataSet } from './fixtures/generate-data-set.js';
export {
  type ContractProblem,
  ContractRefusal,
  type SourcePosition,
} from './openapi/contract-source/contract-refusal.js';
export type { ContractWarning } from './openapi/contract-source/lint-contract.js';
export type { ContractDraft, ContractFileOptions } from './openapi/contract-source/read-contract-file.js';
export type { Config, MockServerOptions } from './server/config.js';
export { createMockServer, type MockScope, type MockServer } from './server/server.js';
