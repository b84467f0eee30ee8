import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { COMPILED_PETSTORE_SPEC_FILE, PETSTORE_SPEC_FILE, PRECOMPILED_VALIDATOR_FILES } from '../package-root.js';
import {
  contractHash,
  contractRef,
  createContractAjv,
  createContractCompilers,
  type PrecompiledModule,
  schemaKey,
} from './contract-ajv.js';
import { loadContract, parseContract } from './load-contract.js';
import { collectSchemas, statusesReaching } from './precompile-validators.js';

const contract = loadContract(PETSTORE_SPEC_FILE, COMPILED_PETSTORE_SPEC_FILE);
const built = (kind: 'parameters' | 'typed') =>
  createRequire(import.meta.url)(PRECOMPILED_VALIDATOR_FILES[kind]) as PrecompiledModule;

describe("the build's validators", () => {
  it('hold every validator the checks of the contract use, made from this contract (else: npm run build)', () => {
    const schemas = collectSchemas(contract);
    expect(schemas.typed.length).toBeGreaterThan(20);
    for (const kind of ['parameters', 'typed'] as const) {
      const module = built(kind);
      expect(module.contractHash).toBe(contractHash(contract));
      const missing = schemas[kind].map(schemaKey).filter((key) => typeof module[key] !== 'function');
      expect(missing).toEqual([]);
    }
  });

  it('judge as Ajv does at run time, errors included', () => {
    const samples = [
      { id: 1, name: 'Rex', categoryId: 2, status: 'available' },
      { id: 0, name: 7, categoryId: 'x', status: 'lost' },
      { petId: '7', limit: '500', status: 'sold' },
      'text',
      42,
    ];
    const schemas = collectSchemas(contract);
    for (const kind of ['parameters', 'typed'] as const) {
      const ajv = createContractAjv(contract, kind);
      for (const schema of schemas[kind]) {
        const precompiled = built(kind)[schemaKey(schema)];
        if (typeof precompiled !== 'function') throw new Error(`no built validator for ${schemaKey(schema)}`);
        const live = ajv.compile(schema);
        for (const sample of samples) {
          // Parameter validators write the typed values into what they check: each gets a copy.
          expect(precompiled(structuredClone(sample))).toBe(live(structuredClone(sample)));
          expect(precompiled.errors).toEqual(live.errors);
        }
      }
    }
  });

  it('are left aside for another contract, whose schemas Ajv compiles', () => {
    const other = parseContract(
      "openapi: 3.1.0\ninfo: { title: t, version: '1' }\npaths: {}\ncomponents: { schemas: { Pet: { type: string } } }\n",
      'other.yaml',
    );
    const validate = createContractCompilers(other, PRECOMPILED_VALIDATOR_FILES).typed(
      contractRef('/components/schemas/Pet'),
    );
    expect(validate('a string')).toBe(true);
    expect(validate({ id: 1, name: 'Rex', categoryId: 2 })).toBe(false);
  });
});

describe('the statuses that reach every declared response', () => {
  it('are the codes themselves, an undeclared one of each range, and any other for default', () => {
    expect(statusesReaching(['200', '404', '4XX', 'default'])).toEqual([200, 404, 400, 100]);
    expect(statusesReaching(['1XX', '100', 'default'])).toEqual([100, 101, 200]);
  });
});
