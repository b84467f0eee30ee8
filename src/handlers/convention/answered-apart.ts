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

export type AnsweredApart = {
  /** The fields this answer declares otherwise than another answer of the record. */
  fields: readonly string[];
  /** `record` with each of them that does not fit this answer's schema in a value that does. */
  fit(record: StoredRecord, seed: number): Promise<StoredRecord>;
};

export function answeredApartOf(deps: ContractContext, operation: OperationInfo, resource: Resource): AnsweredApart {
  const apart = fieldsAnsweredApart(deps.contract, deps.resources, resource, operation);
  const fits = createAnswerFit(deps.contract, new Map(apart.map(([name, schema]) => [name, [schema]])));
  const drawn = drawnOncePerSeed(
    deps.contract.document,
    apart.map(([name, schema]) => [name, schema, name] as const),
  );
  return {
    fields: apart.map(([name]) => name),
    async fit(record, seed) {
      const unfit = apart.filter(([name]) => {
        const value = ownValue(record, name);
        return value !== undefined && !fits(name, value);
      });
      if (unfit.length === 0) return record;
      const values = await drawn(seed);
      const answered = { ...record };
      for (const [name] of unfit) setOwn(answered, name, values.get(name));
      return answered;
    },
  };
}
