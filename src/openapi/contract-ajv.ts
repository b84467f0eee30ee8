// One Ajv for the contract's schemas, as both checks (requests and the mock's own responses) need
// it: JSON Schema 2020-12 (OpenAPI 3.1's dialect), the standard formats and OpenAPI's integer
// formats, and the whole contract added once so that validators compile straight from pointers
// into it. Nothing is compiled before it is first used.
import { Ajv2020, type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Contract } from './load-contract.js';

export type { ErrorObject, ValidateFunction };

const CONTRACT_ID = 'petstore-mock:contract';

/** A schema that is the one at a JSON Pointer into the contract, e.g. "/components/schemas/Pet". */
export const contractRef = (pointer: string) => ({ $ref: `${CONTRACT_ID}#${pointer}` });

/** Compiles a schema, which may refer into the contract with contractRef(). */
export type CompileSchema = (schema: Record<string, unknown>) => ValidateFunction;

export function createContractCompiler(contract: Contract, options: Pick<Options, 'coerceTypes'> = {}): CompileSchema {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, ...options });
  (addFormatsModule as unknown as (instance: Ajv2020) => void)(ajv);
  ajv.addFormat('int64', { type: 'number', validate: (value: number) => Number.isSafeInteger(value) });
  ajv.addFormat('int32', {
    type: 'number',
    validate: (value: number) => Number.isInteger(value) && value < 2 ** 31 && value >= -(2 ** 31),
  });
  ajv.addSchema(contract.document, CONTRACT_ID);
  return (schema) => ajv.compile(schema);
}
