// A record's field that its answers declare by different schemas (answer-requirements.ts,
// fieldsAnsweredApart): each answer holds a value of its own schema where the stored one does
// not fit it, drawn once per data set's seed, rather than one answer breaking the contract.
import { createAnswerFit } from '../../openapi/answer-fit.js';
import { fieldsAnsweredApart } from '../../openapi/answer-requirements.js';
import type { OperationInfo } from '../../openapi/load-contract.js';
import type { Resource } from '../../openapi/resource-model.js';
import type { StoredRecord } from '../../store/data-set.js';
import { ownValue, setOwn } from '../../store/own-keys.js';
import type { ContractContext } from '../handler-types.js';
import { drawnOncePerSeed } from './drawn-fields.js';

/** `record` with each field this answer declares apart that does not fit its schema in a value that does. */
export type AnsweredApart = (record: StoredRecord, seed: number) => Promise<StoredRecord>;

/** Undefined where the answer declares no field apart: its records are answered as stored. */
export function answeredApartOf(
  deps: ContractContext,
  operation: OperationInfo,
  resource: Resource,
): AnsweredApart | undefined {
  const apart = fieldsAnsweredApart(deps.contract, deps.resources, resource, operation);
  if (apart.length === 0) return undefined;
  const fits = createAnswerFit(deps.contract, new Map(apart.map(([name, schema]) => [name, [schema]])));
  const drawn = drawnOncePerSeed(
    deps.contract.document,
    apart.map(([name, schema]) => [name, schema, name] as const),
  );
  return async (record, seed) => {
    const unfit = apart.filter(([name]) => {
      const value = ownValue(record, name);
      return value !== undefined && !fits(name, value);
    });
    if (unfit.length === 0) return record;
    const values = await drawn(seed);
    const answered = { ...record };
    for (const [name] of unfit) setOwn(answered, name, values.get(name));
    return answered;
  };
}
