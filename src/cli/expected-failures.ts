// The failures a person can fix, each thrown with one sentence saying what went wrong and what to
// do: the CLI prints that sentence alone, with exit code 1 (2 for a contract given that cannot be
// served, as for a bad option). A failure can only be one of these if the command that threw it
// loaded its module, so this list is loaded after a failure, never at start.

import { ContractRefusal } from '../openapi/contract-source/contract-refusal.js';
import { ContractError } from '../openapi/load-contract.js';
import { SharedStateError } from '../redis/prepare-shared-state.js';
import { RedisUnreachableError, RedisUrlError } from '../redis/redis-connection.js';
import { ConfigError } from '../server/config.js';
import { ListenError } from '../server/server.js';
import { DataFileError } from '../store/create-store.js';
import { StateUnavailableError } from '../store/state-unavailable.js';

const EXPECTED_FAILURES = [
  ConfigError,
  ContractError,
  ContractRefusal,
  DataFileError,
  ListenError,
  RedisUrlError,
  RedisUnreachableError,
  SharedStateError,
  StateUnavailableError,
];

export function isExpectedFailure(error: unknown): error is Error {
  return EXPECTED_FAILURES.some((kind) => error instanceof kind);
}

/** 2 for what was given that cannot be used (a contract refused), as for a bad option; 1 otherwise. */
export function exitCodeOf(error: Error): number {
  return error instanceof ContractRefusal ? error.exitCode : 1;
}
