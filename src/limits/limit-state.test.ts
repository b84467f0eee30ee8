import { createInMemoryLimitState } from './in-memory-limit-state.js';
import { describeLimitState } from './test-support/limit-state-behaviour.js';

describeLimitState('the in-memory limit state', createInMemoryLimitState);
