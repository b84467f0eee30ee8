import { describe, expect, it } from '@jest/globals';
import { DecisionInputsChangedError } from '../limits/limit-state.js';
import { StateOutOfReachError, StateUnavailableError } from '../store/state-unavailable.js';
import { createStateOutage } from './state-outage.js';

describe('what the proxy forwards without', () => {
  it('is the shared state out of reach, told once until it answers again', () => {
    const lines: string[] = [];
    const outage = createStateOutage((line) => lines.push(line));
    expect(outage.absorbs(new StateOutOfReachError('redis://127.0.0.1:1', 'connect ECONNREFUSED'))).toBe(true);
    expect(outage.absorbs(new StateOutOfReachError('redis://127.0.0.1:1', 'connect ECONNREFUSED'))).toBe(true);
    expect(lines).toEqual([expect.stringContaining('forwards without its shared state (connect ECONNREFUSED)')]);
    outage.answered();
    outage.absorbs(new StateOutOfReachError('redis://127.0.0.1:1', 'Connection is closed.'));
    expect(lines).toHaveLength(2);
  });

  it('is not contention, a dropped scope or any other error: those are answered as they are', () => {
    const lines: string[] = [];
    const outage = createStateOutage((line) => lines.push(line));
    expect(outage.absorbs(new DecisionInputsChangedError('redis://127.0.0.1:1'))).toBe(false);
    expect(outage.absorbs(new StateUnavailableError('redis://127.0.0.1:1', 'the scope "a" was dropped'))).toBe(false);
    expect(outage.absorbs(new Error('boom'))).toBe(false);
    expect(lines).toEqual([]);
  });
});
