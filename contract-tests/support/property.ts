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
  /** Of its own time, how long it shrinks a failure (default SHRINK_TIME_MS). */
  shrinkTimeMs?: number;
};

/**
 * `arbitrary` whose shrinks end once `over()` says so. Producing a shrink of a large value is
 * costly in itself (each of a 100,000-character text's copies the rest of it): Lob's template
 * HTML had a CPU spin for minutes through one level of them, however quickly each was passed.
 */
class ShrinksUntil<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly inner: fc.Arbitrary<T>,
    private readonly over: () => boolean,
  ) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return this.inner.generate(random, biasFactor);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.inner.shrink(value, context).takeWhile(() => !this.over());
  }
}

export async function checkProperty<T>(
  generated: Generated<T>,
  options: PropertyOptions,
  check: (value: T) => Promise<void>,
): Promise<void> {
  const seed = propertySeed(options.name);
  const shrinkTimeMs = options.shrinkTimeMs ?? SHRINK_TIME_MS;
  // A case that finds the check cannot go on (no room left on the key) ends the property: the
  // cases after it, and the shrinking, would find the same.
  let cannotCheck: Error | undefined;
  const context = currentCheck();
  const ownTime = () => Date.now() - (context ? pausedSoFar(context) : 0);
  let firstFailureAt: number | undefined;
  const shrinkingOver = () => firstFailureAt !== undefined && ownTime() - firstFailureAt > shrinkTimeMs;
  const guarded = async (value: T) => {
    if (cannotCheck) throw cannotCheck;
    if (shrinkingOver()) return;
    try {
      await check(value);
    } catch (error) {
      if (error instanceof CheckSkipped || error instanceof KeyWithoutRoom) cannotCheck = error;
      else firstFailureAt ??= ownTime();
      throw error;
    }
  };
  const details = await fc.check(fc.asyncProperty(new ShrinksUntil(generated.arbitrary, shrinkingOver), guarded), {
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
