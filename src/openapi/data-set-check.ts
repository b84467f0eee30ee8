// Records of a data file, checked against the contract's own schemas when the file is read: a
// file edited by hand is refused at start (or, while serving, not taken) with each fault named,
// instead of being served and answering 500 at the first request that returns the bad record.
import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { DataSet } from '../store/data-set.js';
import { asObject } from './json-pointer.js';
import type { Contract } from './load-contract.js';

/** What is wrong with the records of a data set, one sentence per fault; empty when none. */
export type DataSetChecker = (data: DataSet) => string[];

type Collection = {
  name: 'pets' | 'categories' | 'orders' | 'inventory' | 'apiKeys';
  /** The contract and schema its records must match. */
  contract: 'api' | 'control';
  schema: string;
  /** The field that names a record in a message. */
  idField: 'id' | 'petId' | 'key';
  /** The field of the record the schema does not describe (the API key's name, kept beside its plan). */
  outsideSchema?: string;
  /** Every property of the schema is required of a stored record (the mock always fills them). */
  allPropertiesRequired?: boolean;
};

const COLLECTIONS: Collection[] = [
  { name: 'pets', contract: 'api', schema: 'Pet', idField: 'id' },
  { name: 'categories', contract: 'api', schema: 'Category', idField: 'id' },
  { name: 'orders', contract: 'api', schema: 'Order', idField: 'id', allPropertiesRequired: true },
  { name: 'inventory', contract: 'api', schema: 'InventoryItem', idField: 'petId' },
  { name: 'apiKeys', contract: 'control', schema: 'KeyPlan', idField: 'key', outsideSchema: 'key' },
];

const CONTRACT_IDS = { api: 'petstore-mock:data-api', control: 'petstore-mock:data-control' };

/** What the contract wants, in words, from one of Ajv's errors. */
function describeError(error: ErrorObject): { field: string; wants: string } {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.slice(1).replace(/\//g, '.');
  if (error.keyword === 'required') {
    const missing = String(params.missingProperty);
    return { field: path === '' ? missing : `${path}.${missing}`, wants: 'is required, and missing' };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = String(params.additionalProperty);
    return { field: path === '' ? extra : `${path}.${extra}`, wants: 'is not a field the contract has' };
  }
  const allowed = Array.isArray(params.allowedValues) ? `: ${params.allowedValues.join(', ')}` : '';
  return { field: path, wants: `${error.message ?? 'is not what the contract allows'}${allowed}` };
}

/** The record's name in a message: its id, or its place in the list when it has none. */
function recordName(record: unknown, idField: string, index: number): string {
  const id = asObject(record)[idField];
  return typeof id === 'number' || (typeof id === 'string' && id !== '')
    ? `${idField} ${JSON.stringify(id)}`
    : `record ${index + 1} (no ${idField})`;
}

export function createDataSetChecker(contract: Contract, controlContract: Contract): DataSetChecker {
  const load = createRequire(import.meta.url);
  const { Ajv2020: Ajv } = load('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = load('ajv-formats') as (ajv: Ajv2020) => Ajv2020;
  const ajv = addFormats(new Ajv({ strict: false, allErrors: true, validateSchema: false }));
  ajv.addSchema(contract.document, CONTRACT_IDS.api);
  ajv.addSchema(controlContract.document, CONTRACT_IDS.control);
  const validators = new Map<Collection['name'], ValidateFunction>(
    COLLECTIONS.map((collection) => {
      const ref = { $ref: `${CONTRACT_IDS[collection.contract]}#/components/schemas/${collection.schema}` };
      const document = collection.contract === 'api' ? contract.document : controlContract.document;
      const properties = Object.keys(
        asObject(asObject(asObject(asObject(document.components).schemas)[collection.schema]).properties),
      );
      const schema = collection.allPropertiesRequired ? { allOf: [ref], required: properties } : ref;
      return [collection.name, ajv.compile(schema)];
    }),
  );

  return (data) => {
    const faults: string[] = [];
    for (const collection of COLLECTIONS) {
      const validate = validators.get(collection.name) as ValidateFunction;
      const seen = new Set<unknown>();
      for (const [index, record] of (data[collection.name] as unknown[]).entries()) {
        const name = `${collection.name}, ${recordName(record, collection.idField, index)}`;
        const checked =
          collection.outsideSchema === undefined
            ? record
            : Object.fromEntries(
                Object.entries(asObject(record)).filter(([field]) => field !== collection.outsideSchema),
              );
        if (!validate(checked)) {
          for (const error of validate.errors ?? []) {
            const { field, wants } = describeError(error);
            faults.push(`${name}, field "${field}": ${wants} (the contract's ${collection.schema})`);
          }
        }
        const id = asObject(record)[collection.idField];
        if (collection.outsideSchema !== undefined && (typeof id !== 'string' || id === '')) {
          faults.push(`${name}, field "${collection.idField}": must be a non-empty string (the key sent in X-API-Key)`);
        }
        if (id !== undefined && seen.has(id)) faults.push(`${name}: another record has the same ${collection.idField}`);
        seen.add(id);
      }
    }
    const kinds = [
      ['pet', 'pets'],
      ['category', 'categories'],
      ['order', 'orders'],
    ] as const;
    for (const [kind, list] of kinds) {
      const highest = Math.max(0, ...data[list].map((record) => (Number.isSafeInteger(record.id) ? record.id : 0)));
      if (data.nextId[kind] <= highest) {
        faults.push(
          `nextId.${kind} is ${data.nextId[kind]}, but ${list} already has id ${highest}: it must be above every stored id (e.g. ${highest + 1})`,
        );
      }
    }
    return faults;
  };
}
