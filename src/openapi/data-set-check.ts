// Records of a data file, checked against the contract's own schemas when the file is read: a
// file edited by hand is refused at start (or, while serving, not taken) with each fault named,
// instead of being served and answering 500 at the first request that returns the bad record.
import { createHash } from 'node:crypto';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { MISSING_FIELD } from '../store/data-file-reader.js';
import { type DataSet, isCountedId } from '../store/data-set.js';
import { ownValue } from '../store/own-keys.js';
import { anchoredRefs } from './anchored-refs.js';
import { answerRequirements } from './answer-requirements.js';
import { discriminatorsAsTags, schemaAsTagged } from './discriminated-view.js';
import { asObject } from './json-pointer.js';
import type { Contract } from './load-contract.js';
import { createMockAjv } from './mock-ajv.js';
import { describeResources, type ResourceModel } from './resource-model.js';
import { describeObjectSchema } from './schema-shape.js';

/** One fault of one record: where it is, and its sentence. */
export type RecordFault = {
  list: string;
  /** The record's place in its list. */
  index: number;
  /** The field at fault ("address.city"), or the key for a key another record has too. */
  field: string;
  /** Whether the fault is a field the record holds beside its schema's (answers that declare more are projected). */
  outsideSchema: boolean;
  text: string;
};

/**
 * What is wrong with the records of a data set, one sentence per fault, empty when none; and, by
 * `recordFaults`, each fault of a record with its place.
 */
export type DataSetChecker = ((data: DataSet) => string[]) & { recordFaults(data: DataSet): RecordFault[] };

/** What a field a record holds beside its schema's is said to be. */
const NOT_IN_CONTRACT = 'is not a field the contract has';

/** A list of the data set, and what its records must match. */
type CheckedList = {
  name: string;
  contract: 'api' | 'control';
  /** The record's schema, as a $ref into its contract or written inline. */
  schema: unknown;
  /** How a message names the schema: "the contract's Pet". */
  schemaName: string;
  /** The field that names a record in a message. */
  idField: string;
  /** The field of the record the schema does not describe (the API key's name, kept beside its plan; a singleton's key). */
  outsideSchema?: string;
  /** Why the key must be a non-empty string, where it must (the API key's: sent in X-API-Key). */
  textKey?: string;
  /** Every property of the schema is required of a stored record (the mock always fills them). */
  allPropertiesRequired?: boolean;
  /** Properties an answer of the record requires beyond its schema's own (the read's, where the list leaves one out). */
  answersRequire?: string[];
  /** The counter in nextId that numbers new records. */
  counter?: string;
};

/**
 * Collections whose every field the rules fill: placeOrder stores an order's shipDate and complete
 * too, where its rules answer it (a contract with the Pet Store's orders, pets and inventory).
 */
function filledByRules(contract: Contract, resources: ResourceModel): ReadonlySet<string> {
  const rulesApply =
    ['orders', 'pets', 'inventory'].every((name) => resources.resources.has(name)) &&
    contract.operations.some((operation) => operation.operationId === 'placeOrder');
  return new Set(rulesApply ? ['orders'] : []);
}

function checkedLists(contract: Contract): CheckedList[] {
  const model = describeResources(contract);
  const filled = filledByRules(contract, model);
  const lists: CheckedList[] = [...model.resources.values()].map((resource) => {
    const ref = asObject(resource.recordSchema).$ref;
    const named = typeof ref === 'string' ? ref.split('/').at(-1) : undefined;
    // What the mock answers of a record, it must hold: a field one of its answers requires too.
    const beyond = [...answerRequirements(contract, model, resource).keys()].filter(
      (name) => !resource.shape.required.has(name),
    );
    return {
      name: resource.name,
      contract: 'api',
      schema: resource.recordSchema,
      schemaName: named ?? `record of ${resource.name}`,
      idField: resource.collection.keyField,
      // A singleton's key (its own, or its parent's) beside the fields of its schema; a key the
      // mock adds to a closed schema (Slack's pins.list), which its answers leave out.
      ...((resource.singleton || resource.shape.closed) && !resource.shape.properties.has(resource.collection.keyField)
        ? { outsideSchema: resource.collection.keyField }
        : {}),
      ...(filled.has(resource.name) ? { allPropertiesRequired: true } : {}),
      ...(beyond.length > 0 ? { answersRequire: beyond } : {}),
      ...(resource.collection.counter ? { counter: resource.collection.counter } : {}),
    };
  });
  lists.push({
    name: 'apiKeys',
    contract: 'control',
    schema: { $ref: '#/components/schemas/KeyPlan' },
    schemaName: 'KeyPlan',
    idField: 'key',
    outsideSchema: 'key',
    textKey: 'the key sent in X-API-Key',
  });
  return lists;
}

const CONTRACT_IDS = { api: 'petstore-mock:data-api', control: 'petstore-mock:data-control' };

/** What the contract wants, in words, from one of Ajv's errors. */
function describeError(error: ErrorObject): { field: string; wants: string } {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.slice(1).replace(/\//g, '.');
  if (error.keyword === 'required') {
    const missing = String(params.missingProperty);
    return { field: path === '' ? missing : `${path}.${missing}`, wants: MISSING_FIELD };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = String(params.additionalProperty);
    return { field: path === '' ? extra : `${path}.${extra}`, wants: NOT_IN_CONTRACT };
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

/**
 * Says whether the id of the record at `index` was met before, in a pass over a list in order.
 * While ids only increase (records numbered by a counter, as the mock stores them) none can
 * repeat, and no set of the ids seen is kept: at a million records, the set cost more than the
 * check of the records against their schema. The first id that does not increase makes the set,
 * from every earlier record.
 */
function createRepeatCheck(idAt: (index: number) => unknown): (id: unknown, index: number) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  let seen: Set<unknown> | undefined;
  return (id, index) => {
    if (id === undefined) return false;
    if (!seen && typeof id === 'number' && id > last) {
      last = id;
      return false;
    }
    if (!seen) {
      seen = new Set();
      for (let earlier = 0; earlier < index; earlier += 1) seen.add(idAt(earlier));
    }
    const repeats = seen.has(id);
    seen.add(id);
    return repeats;
  };
}

/** Bumped when the check itself changes: a data file checked by an older check is checked again. */
const CHECK_VERSION = 4;

/**
 * What a check of records checks against: a fingerprint of both contracts and of the check.
 * A data file the mock last wrote under the same one need not be checked again at a start.
 */
export function checkFingerprint(contract: Contract, controlContract: Contract): string {
  return createHash('sha256')
    .update(JSON.stringify([CHECK_VERSION, contract.document, controlContract.document]))
    .digest('hex');
}

export function createDataSetChecker(contract: Contract, controlContract: Contract): DataSetChecker {
  // Two compilations of each schema: one that stops at a record's first fault, for the pass over
  // every record (a million records take seconds, a quarter of it with allErrors), and one that
  // lists all of a faulty record's faults, compiled only once a fault is found.
  const compilerOf = (allErrors: boolean) => {
    // Own properties only: a record without a field named constructor lacks it, whatever
    // Object.prototype holds.
    const ajv = createMockAjv({ allErrors, ownProperties: true }, { formats: true });
    ajv.addSchema(discriminatorsAsTags(contract.document), CONTRACT_IDS.api);
    ajv.addSchema(controlContract.document, CONTRACT_IDS.control);
    return ajv;
  };
  const lists = checkedLists(contract);
  const schemas = new Map(
    lists.map((list) => {
      const id = CONTRACT_IDS[list.contract];
      const schema = anchoredRefs(
        list.contract === 'api' ? schemaAsTagged(contract.document, list.schema) : list.schema,
        id,
      );
      const document = list.contract === 'api' ? contract.document : controlContract.document;
      const properties = [...describeObjectSchema(document, list.schema).properties.keys()];
      const required = list.allPropertiesRequired ? properties : list.answersRequire;
      return [list.name, required ? { allOf: [schema], required } : asObject(schema)];
    }),
  );
  const quick = compilerOf(false);
  const quickValidators = new Map<string, ValidateFunction>(
    lists.map((list) => [list.name, quick.compile(schemas.get(list.name) as object)]),
  );
  let thorough: Map<string, ValidateFunction> | undefined;
  const thoroughValidator = (name: string): ValidateFunction => {
    if (!thorough) {
      const ajv = compilerOf(true);
      thorough = new Map(lists.map((list) => [list.name, ajv.compile(schemas.get(list.name) as object)]));
    }
    return thorough.get(name) as ValidateFunction;
  };

  const findFaults = (data: DataSet): (RecordFault | string)[] => {
    const faults: (RecordFault | string)[] = [];
    for (const list of lists) {
      const validate = quickValidators.get(list.name) as ValidateFunction;
      let highest = 0;
      const records = ownValue(data, list.name);
      const count = Array.isArray(records) ? records.length : 0;
      const idAt = (index: number) => asObject((records as unknown[])[index])[list.idField];
      const repeated = createRepeatCheck(idAt);
      // A loop over indexes: no step may depend on the list's length beyond its time.
      for (let index = 0; index < count; index += 1) {
        const record = (records as unknown[])[index];
        const name = () => `${list.name}, ${recordName(record, list.idField, index)}`;
        const fault = (field: string, text: string, outsideSchema = false) =>
          faults.push({ list: list.name, index, field, outsideSchema, text });
        const checked =
          list.outsideSchema === undefined
            ? record
            : Object.fromEntries(Object.entries(asObject(record)).filter(([field]) => field !== list.outsideSchema));
        if (!validate(checked)) {
          const described = thoroughValidator(list.name);
          described(checked);
          for (const error of described.errors ?? []) {
            const { field, wants } = describeError(error);
            fault(
              field,
              `${name()}, field "${field}": ${wants} (the contract's ${list.schemaName})`,
              wants === NOT_IN_CONTRACT,
            );
          }
        }
        const id = asObject(record)[list.idField];
        if (list.textKey !== undefined && (typeof id !== 'string' || id === '')) {
          fault(list.idField, `${name()}, field "${list.idField}": must be a non-empty string (${list.textKey})`);
        }
        if (repeated(id, index)) fault(list.idField, `${name()}: another record has the same ${list.idField}`);
        // A comparison per record, not Math.max(...ids): a spread of a million ids overflows the stack.
        // Ids a counter does not move past (a client's choice above 2^52) are left out.
        if (isCountedId(id) && id > highest) highest = id;
      }
      // A counter the data lacks starts past every stored id (firstFreeId): a collection the
      // contract has just made numbered.
      const next = list.counter === undefined ? undefined : (ownValue(data.nextId, list.counter) as number | undefined);
      if (list.counter !== undefined && next !== undefined && next <= highest) {
        faults.push(
          `nextId.${list.counter} is ${next}, but ${list.name} already has id ${highest}: it must be above every stored id (e.g. ${highest + 1})`,
        );
      }
    }
    return faults;
  };
  return Object.assign(
    (data: DataSet) => findFaults(data).map((found) => (typeof found === 'string' ? found : found.text)),
    {
      recordFaults: (data: DataSet) =>
        findFaults(data).filter((found): found is RecordFault => typeof found !== 'string'),
    },
  );
}
