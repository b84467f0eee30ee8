// Runs a generated check with fast-check: the edges first, then random cases, all from the
// run's seed (the same --seed repeats them); a failure is shrunk to its smallest input and
// reported with the seed, that input, and the exchange that showed it (with its curl line).
import fc from 'fast-check';
import type { Generated } from '../generation/valid-values.js';
import { currentCheck, pausedSoFar } from './check-context.js';
import { KeyWithoutRoom } from './key-pace.js';
import { CheckSkipped } from './scheduler.js';
import { contractTarget, examplesPerProperty } from './target.js';
import { ContractViolation } from './violation.js';

/**
 * Shrinking sends requests too: a property stops looking for a smaller input after this long of
 * its own time (waits for a key's window left out), and the smallest found so far stands.
 */
const SHRINK_TIME_MS = 60_000;

/** A seed of this property alone, from the run's seed and its name: properties do not share a stream. */
function propertySeed(name: string): number {
  let hash = contractTarget().seed >>> 0;
  for (const character of name) hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return hash | 0;
}

export class GeneratedCaseFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeneratedCaseFailure';
  }
}

export type PropertyOptions = {
  /** "operationId: rule", the check's own name. */
  name: string;
  /** Random cases after the edges (default: --examples). */
  examples?: number;
};

export async function checkProperty<T>(
  generated: Generated<T>,
  options: PropertyOptions,
  check: (value: T) => Promise<void>,
): Promise<void> {
  const seed = propertySeed(options.name);
  // A case that finds the check cannot go on (no room left on the key) ends the property: the
  // cases after it, and the shrinking, would find the same.
  let cannotCheck: Error | undefined;
  const context = currentCheck();
  const ownTime = () => Date.now() - (context ? pausedSoFar(context) : 0);
  let firstFailureAt: number | undefined;
  const guarded = async (value: T) => {
    if (cannotCheck) throw cannotCheck;
    if (firstFailureAt !== undefined && ownTime() - firstFailureAt > SHRINK_TIME_MS) return;
    try {
      await check(value);
    } catch (error) {
      if (error instanceof CheckSkipped || error instanceof KeyWithoutRoom) cannotCheck = error;
      else firstFailureAt ??= ownTime();
      throw error;
    }
  };
  const details = await fc.check(fc.asyncProperty(generated.arbitrary, guarded), {
    seed,
    numRuns: options.examples ?? examplesPerProperty(),
    examples: generated.edges.map((edge) => [edge] as [T]),
  });
  if (cannotCheck) throw cannotCheck;
  if (!details.failed) return;
  const counterexample = details.counterexample as [T] | null;
  const input = counterexample ? fc.stringify(counterexample[0]) : '(none)';
  const error = details.errorInstance;
  const cause = error instanceof Error ? error.message : String(error);
  const [headline = cause, ...rest] = cause.split('\n');
  const shrunk = details.numShrinks > 0 ? ` (shrunk ${details.numShrinks} times)` : '';
  throw new GeneratedCaseFailure(
    [
      headline,
      `  Seed:      ${contractTarget().seed} (run again with --seed ${contractTarget().seed}; this check's own seed ${seed}, path ${details.counterexamplePath})`,
      `  Smallest failing input${shrunk}: ${input}`,
      ...(error instanceof ContractViolation ? rest : [`  ${rest.join('\n  ')}`]),
    ].join('\n'),
  );
}
