// Validators for the contract's schemas, as both checks (requests, and the mock's own responses)
// get them: from the build, which compiles every one the checks use into plain JavaScript
// (scripts/compile-validators.js, Ajv's standalone code), or else from Ajv at run time. Loading
// Ajv and compiling took ~110 ms of a start and of the first request; the build's validators
// load in a few. They are used only when made from this very contract (its text's hash).
//
// Ajv, either way: JSON Schema 2020-12 (OpenAPI 3.1's dialect) with the standard formats, and
// the whole contract added once, so that a schema refers into it with contractRef().
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, Options, ValidateFunction } from 'ajv/dist/2020.js';
import type { Contract } from './load-contract.js';

export type { ErrorObject, ValidateFunction };

const CONTRACT_ID = 'petstore-mock:contract';
const load = createRequire(import.meta.url);

/**
 * The two kinds of validator: parameters arrive as text and are read by their schema's type
 * (petId=7 is 7; a repeated one is an array); everything else is JSON, checked as it is.
 */
export type ValidatorKind = 'parameters' | 'typed';
const KIND_OPTIONS: Record<ValidatorKind, Options> = { parameters: { coerceTypes: 'array' }, typed: {} };

/** A schema that is the one at a JSON Pointer into the contract, e.g. "/components/schemas/Pet". */
export const contractRef = (pointer: string) => ({ $ref: `${CONTRACT_ID}#${pointer}` });

/** Compiles a schema, which may refer into the contract with contractRef(). */
export type CompileSchema = (schema: Record<string, unknown>) => ValidateFunction;
export type ContractCompilers = Record<ValidatorKind, CompileSchema>;

/** How the build's validators are found: by the schema's JSON. */
export const schemaKey = (schema: Record<string, unknown>) => JSON.stringify(schema);

export const contractHash = (contract: Contract) => createHash('sha256').update(contract.text).digest('hex');

/** A module of the build's validators: one export per schema key, and the hash of its contract. */
export type PrecompiledModule = { contractHash?: string } & Record<string, ValidateFunction | string | undefined>;

export function createContractAjv(contract: Contract, kind: ValidatorKind, options: Options = {}): Ajv2020 {
  const { Ajv2020: Ajv } = load('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = load('ajv-formats') as (ajv: Ajv2020) => Ajv2020;
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, ...KIND_OPTIONS[kind], ...options });
  addFormats(ajv);
  ajv.addSchema(contract.document, CONTRACT_ID);
  return ajv;
}

/** The build's validators in `file`, if the build made them from the contract of `hash`. */
function precompiledFor(hash: string, file: string | undefined): PrecompiledModule | undefined {
  if (file === undefined) return undefined;
  let module: PrecompiledModule;
  try {
    module = load(file) as PrecompiledModule;
  } catch {
    return undefined; // not built (yet): Ajv compiles at run time
  }
  return module.contractHash === hash ? module : undefined;
}

/**
 * Compilers for `contract`: the build's validators from `precompiledFiles` when they match the
 * contract, Ajv (loaded only then) for any schema they lack.
 */
export function createContractCompilers(
  contract: Contract,
  precompiledFiles: Partial<Record<ValidatorKind, string>> = {},
): ContractCompilers {
  let hash: string | undefined;
  const compilerOf = (kind: ValidatorKind): CompileSchema => {
    let precompiled: PrecompiledModule | undefined | null = null;
    let ajv: Ajv2020 | undefined;
    return (schema) => {
      if (precompiled === null) {
        hash ??= contractHash(contract);
        precompiled = precompiledFor(hash, precompiledFiles[kind]);
      }
      const ready = precompiled?.[schemaKey(schema)];
      if (typeof ready === 'function') return ready;
      ajv ??= createContractAjv(contract, kind);
      return ajv.compile(schema);
    };
  };
  return { parameters: compilerOf('parameters'), typed: compilerOf('typed') };
}
