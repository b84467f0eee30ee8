// Whether a value a body sends is one the record's answers can hold, where they declare the field
// by another schema than the request (OpenAI's chunking_strategy: "auto" or "static" sent,
// "static" or "other" answered): checked against each answer's schema of it, compiled once per
// field against the whole contract, as the data file's check compiles records.
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { anchoredRefs } from './anchored-refs.js';
import { discriminatorsAsTags, schemaAsTagged } from './discriminated-view.js';
import type { JsonObject } from './json-pointer.js';
import type { Contract } from './load-contract.js';
import { createMockAjv } from './mock-ajv.js';

const CONTRACT_ID = 'petstore-mock:answer-fit';

/** Whether `value`, sent for the field `name`, fits every answer's schema of it (any value of another field does). */
export type AnswerFit = (name: string, value: unknown) => boolean;

const ajvs = new WeakMap<Contract, Ajv2020>();

/** One Ajv per contract, the document added: fields of every resource compile in it. */
function ajvOf(contract: Contract): Ajv2020 {
  let ajv = ajvs.get(contract);
  if (!ajv) {
    // Own properties only: a body without a field named constructor lacks it. Formats as the
    // answers' check reads them (a date is no date-time).
    ajv = createMockAjv({ ownProperties: true }, { formats: true });
    ajv.addSchema(discriminatorsAsTags(contract.document), CONTRACT_ID);
    ajvs.set(contract, ajv);
  }
  return ajv;
}

/** `schema` (one of the contract's, its $refs into the document) compiled; undefined where Ajv cannot compile it. */
export function compiledInContract(contract: Contract, schema: unknown): ValidateFunction | undefined {
  try {
    return ajvOf(contract).compile(anchoredRefs(schemaAsTagged(contract.document, schema), CONTRACT_ID) as object);
  } catch {
    return undefined;
  }
}

export function createAnswerFit(contract: Contract, answers: ReadonlyMap<string, readonly JsonObject[]>): AnswerFit {
  if (answers.size === 0) return () => true;
  const compiled = new Map<string, ValidateFunction[]>();
  const validatorsOf = (name: string, schemas: readonly JsonObject[]) => {
    let validators = compiled.get(name);
    if (!validators) {
      // A schema Ajv cannot compile is not judged here: the answer's own check is.
      validators = schemas.flatMap((schema) => compiledInContract(contract, schema) ?? []);
      compiled.set(name, validators);
    }
    return validators;
  };
  return (name, value) => {
    const schemas = answers.get(name);
    // A scalar too: one sent where a oneOf of types is declared (DigitalOcean's image, an id or a
    // slug) that the answers hold as an object names no type answeredOtherwise could judge. Null
    // as well: Ajv reads 3.0's nullable beside a type, as the answers' own check does.
    if (schemas === undefined) return true;
    return validatorsOf(name, schemas).every((validate) => {
      try {
        return validate(value) === true;
      } catch {
        return true;
      }
    });
  };
}
