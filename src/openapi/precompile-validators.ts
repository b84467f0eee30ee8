// What the build compiles ahead of time (scripts/compile-validators.js): every schema that the
// request and response checks compile for a contract, found by running both checks once over
// every operation and every response it declares with compilers that only take note, then made
// into plain JavaScript by Ajv's standalone code, one module per kind of validator.
import { createRequire } from 'node:module';
import type { Request } from 'express';
import {
  type CompileSchema,
  type ContractCompilers,
  contractHash,
  createContractAjv,
  schemaKey,
  type ValidateFunction,
  type ValidatorKind,
} from './contract-ajv.js';
import type { Contract } from './load-contract.js';
import { createRequestChecker } from './request-validation.js';
import { createResponseChecker } from './response-validation.js';

type Schema = Record<string, unknown>;

/** A status answered by each response declared: "404" itself, "4XX" by an undeclared 4xx, "default" by any other. */
export function statusesReaching(declared: readonly string[]): number[] {
  const exact = new Set(declared.filter((code) => /^\d{3}$/.test(code)).map(Number));
  const ranges = new Set(declared.filter((code) => /^\dXX$/i.test(code)).map((code) => Number(code[0])));
  const first = (from: number, to: number, fits: (status: number) => boolean) => {
    for (let status = from; status < to; status += 1) if (fits(status)) return [status];
    return [];
  };
  return [
    ...exact,
    ...[...ranges].flatMap((range) => first(range * 100, range * 100 + 100, (status) => !exact.has(status))),
    ...(declared.includes('default')
      ? first(100, 600, (status) => !exact.has(status) && !ranges.has(Math.floor(status / 100)))
      : []),
  ];
}

/** Every schema the checks of `contract` compile, by kind. */
export function collectSchemas(contract: Contract): Record<ValidatorKind, Schema[]> {
  const noted: Record<ValidatorKind, Map<string, Schema>> = { parameters: new Map(), typed: new Map() };
  const noteTaker =
    (kind: ValidatorKind): CompileSchema =>
    (schema) => {
      noted[kind].set(schemaKey(schema), schema);
      return Object.assign(() => true, { errors: null }) as unknown as ValidateFunction;
    };
  const compilers: ContractCompilers = { parameters: noteTaker('parameters'), typed: noteTaker('typed') };
  const checkRequest = createRequestChecker(contract, compilers);
  const checkResponse = createResponseChecker(contract, compilers);
  const anyRequest = { headers: {}, query: {}, body: undefined } as unknown as Request;
  for (const operation of contract.operations) {
    checkRequest(operation, anyRequest, {});
    for (const status of statusesReaching([...operation.responses.keys()])) {
      checkResponse(operation, status, undefined, () => undefined);
    }
  }
  return { parameters: [...noted.parameters.values()], typed: [...noted.typed.values()] };
}

/** A CommonJS module exporting a validator per schema (keyed by schemaKey) and the contract's hash. */
export function precompiledSource(contract: Contract, kind: ValidatorKind, schemas: readonly Schema[]): string {
  const standaloneCode = (createRequire(import.meta.url)('ajv/dist/standalone/index.js') as { default: Standalone })
    .default;
  const ajv = createContractAjv(contract, kind, { code: { source: true } });
  const exported: Record<string, string> = {};
  schemas.forEach((schema, index) => {
    const id = `petstore-mock:${kind}:${index}`;
    ajv.addSchema(schema, id);
    exported[schemaKey(schema)] = id;
  });
  return `${standaloneCode(ajv, exported)}\nexports.contractHash = ${JSON.stringify(contractHash(contract))};\n`;
}

type Standalone = (ajv: ReturnType<typeof createContractAjv>, refs: Record<string, string>) => string;
