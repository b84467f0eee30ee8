// Defaults and examples of a draft that break their own schema. A default is put into requests by
// the validator (a `status` default the schema refuses turns every create into a 400), and an
// example is what the mock answers: either would fail on every request. Checked with Ajv as
// express-openapi-validator sets it up (draft-04 for OpenAPI 3.0, 2020-12 for 3.1, full formats),
// a required readOnly property left out of a request's example, or writeOnly of an answer's, as
// the validator leaves them out. A schema Ajv cannot compile is not judged here.
import { createRequire } from 'node:module';
import type { ErrorObject, FuncKeywordDefinition, ValidateFunction } from 'ajv';
import { DATE_TIME_FORMAT } from '../date-time-format.js';
import { discriminatorsAsTags } from '../discriminated-view.js';
import { examplesLeftOut } from '../examples-left-out.js';
import { withIdAsAnnotation } from '../id-annotation.js';
import { asObject, escapePointerSegment, type JsonObject, refPointer, valueAt } from '../json-pointer.js';
import { withTolerantMultipleOf } from '../multiple-of.js';
import { withNullableTyped } from '../nullable-without-type.js';
import { linearRegExp } from '../patterns/pattern-matchers.js';
import type { SchemaIndex } from '../schema-analysis/schema-index.js';
import { withLinearUniqueItems } from '../unique-items.js';
import type { OpenApiFault } from './check-openapi.js';

/** A value the document says fits a schema, and where it is written. */
type Claim = {
  value: unknown;
  schemaPointer: string;
  pointer: string;
  what: string;
  side: 'request' | 'answer' | 'any';
};

/** Faults shown per draft: the first of them say enough to start fixing. */
const SHOWN_ERRORS = 3;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The defaults and examples written in schemas. */
function schemaClaims(index: SchemaIndex): Claim[] {
  const claims: Claim[] = [];
  for (const [schema, pointer] of index.pointers) {
    const own = schema as JsonObject;
    if ('default' in own)
      claims.push({
        value: own.default,
        schemaPointer: pointer,
        pointer: `${pointer}/default`,
        what: 'default',
        side: 'request',
      });
    if ('example' in own)
      claims.push({
        value: own.example,
        schemaPointer: pointer,
        pointer: `${pointer}/example`,
        what: 'example',
        side: 'any',
      });
    if (Array.isArray(own.examples)) {
      own.examples.forEach((value, at) => {
        claims.push({
          value,
          schemaPointer: pointer,
          pointer: `${pointer}/examples/${at}`,
          what: 'example',
          side: 'any',
        });
      });
    }
  }
  return claims;
}

/** The examples of media types, parameters and headers, each against the schema beside it. */
function placeClaims(document: JsonObject): Claim[] {
  const claims: Claim[] = [];
  const stack: Array<{ value: unknown; pointer: string }> = [{ value: document, pointer: '' }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value, pointer } = stack.pop() as { value: unknown; pointer: string };
    if (!isObject(value) || seen.has(value)) continue;
    seen.add(value);
    if (isObject(value.schema)) {
      const side = /\/(requestBody|requestBodies)\//.test(pointer)
        ? 'request'
        : /\/responses\//.test(pointer)
          ? 'answer'
          : 'any';
      const schemaPointer = `${pointer}/schema`;
      if ('example' in value)
        claims.push({ value: value.example, schemaPointer, pointer: `${pointer}/example`, what: 'example', side });
      for (const [name, example] of Object.entries(asObject(value.examples))) {
        const written =
          isObject(example) && typeof example.$ref === 'string'
            ? valueAt(document, refPointer(example.$ref))
            : asObject(example);
        if ('value' in written) {
          claims.push({
            value: written.value,
            schemaPointer,
            pointer: `${pointer}/examples/${escapePointerSegment(name)}`,
            what: `example "${name}"`,
            side,
          });
        }
      }
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
      if (typeof child === 'object' && child !== null)
        stack.push({ value: child, pointer: `${pointer}/${escapePointerSegment(key)}` });
    }
  }
  return claims;
}

type AjvLike = {
  getKeyword(keyword: string): unknown;
  removeKeyword(keyword: string): unknown;
  addKeyword(definition: FuncKeywordDefinition): unknown;
  addSchema(schema: object, key: string): unknown;
  addFormat(name: string, format: unknown): unknown;
  compile(schema: object): ValidateFunction;
};

function createAjv(document: JsonObject, openApi30: boolean): AjvLike {
  const load = createRequire(import.meta.url);
  // Own properties only: a property named constructor is absent from {}, not Object's function.
  const options = {
    strict: false,
    allErrors: true,
    validateSchema: false,
    verbose: true,
    logger: false,
    ownProperties: true,
    // Patterns matched in linear time: an example can never hold the start (pattern-matchers.ts).
    code: { regExp: linearRegExp },
  };
  // multipleOf and uniqueItems judged as every validator of the mock judges them (uniqueItems in linear time).
  const ajv: AjvLike = withLinearUniqueItems(
    withIdAsAnnotation(
      withTolerantMultipleOf(
        openApi30
          ? new (load('ajv-draft-04') as { default: new (options: object) => AjvLike }).default(options)
          : new (load('ajv/dist/2020.js') as { Ajv2020: new (options: object) => AjvLike }).Ajv2020(options),
      ),
    ),
  );
  (load('ajv-formats') as { default: (ajv: AjvLike, options: object) => void }).default(ajv, { mode: 'full' });
  // OpenAPI's own formats, as express-openapi-validator takes them.
  for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password', 'media-range'])
    ajv.addFormat(format, true);
  ajv.addFormat('date-time', DATE_TIME_FORMAT);
  // The claims were taken from the document: its schemas are compiled without them (examples-left-out.ts),
  // and `nullable` beside no type as the validator reads it, which Ajv refuses as written.
  ajv.addSchema(examplesLeftOut(discriminatorsAsTags(withNullableTyped(document))), 'contract');
  return ajv;
}

/** Whether an error is of a property the validator does not require on this side. */
function excused(error: ErrorObject, side: Claim['side'], document: JsonObject): boolean {
  if (error.keyword !== 'required' || side === 'any') return false;
  const missing = String((error.params as { missingProperty?: unknown }).missingProperty);
  let property = asObject(asObject(asObject(error.parentSchema).properties)[missing]);
  if (typeof property.$ref === 'string' && Object.keys(property).length === 1)
    property = valueAt(document, refPointer(property.$ref));
  return side === 'request' ? property.readOnly === true : property.writeOnly === true;
}

/** A value as a message shows it: its JSON, cut short. */
function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? 'undefined';
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

/** Whether the value fits; a schema the validator cannot finish on (too deep) is not judged here. */
function fitsOrUnknown(validate: ValidateFunction, value: unknown): boolean {
  try {
    return validate(value) === true;
  } catch {
    return true;
  }
}

/** A default or example that breaks its schema: each is warned of, and a default left out (leaveOutDefault). */
export type ExampleFault = OpenApiFault & { what: 'default' | 'example'; value: unknown };

export function checkExamples(document: JsonObject, index: SchemaIndex, openApi30: boolean): ExampleFault[] {
  const claims = [...schemaClaims(index), ...placeClaims(document)];
  if (claims.length === 0) return [];
  let ajv: AjvLike;
  try {
    ajv = createAjv(document, openApi30);
  } catch {
    // A document Ajv refuses whole (an id of two schemas) is refused by the reading's own checks.
    return [];
  }
  const validators = new Map<string, ValidateFunction | undefined>();
  const validatorOf = (pointer: string) => {
    if (!validators.has(pointer)) {
      let validate: ValidateFunction | undefined;
      try {
        validate = ajv.compile({ $ref: `contract#${encodeURI(pointer)}` });
      } catch {
        validate = undefined;
      }
      validators.set(pointer, validate);
    }
    return validators.get(pointer);
  };
  const faults: ExampleFault[] = [];
  for (const claim of claims) {
    const validate = validatorOf(claim.schemaPointer);
    if (!validate || fitsOrUnknown(validate, claim.value)) continue;
    const errors = (validate.errors ?? []).filter((error) => !excused(error, claim.side, document));
    if (errors.length === 0) continue;
    const said = errors
      .slice(0, SHOWN_ERRORS)
      .map(
        (error) =>
          `${error.instancePath === '' ? 'it' : error.instancePath.slice(1).replace(/\//g, '.')} ${error.message ?? 'is not allowed'}`,
      );
    faults.push({
      what: claim.what === 'default' ? 'default' : 'example',
      value: claim.value,
      pointer: claim.pointer,
      message: `this ${claim.what} (${shown(claim.value)}) does not fit its own schema: ${said.join('; ')}${errors.length > SHOWN_ERRORS ? '; ...' : ''}. ${claim.what === 'default' ? 'The mock leaves it out (the validator would put it into every request that leaves the field out, to be refused): fix the value, or the schema' : 'An answer made of it breaks the contract (published documents often have such examples): fix the value, or the schema'}.`,
    });
  }
  return faults;
}

/**
 * Takes out of the document the default a fault names: put into every request that leaves its
 * field out, it would have every such request refused (Xero's `default: "false"` on a boolean).
 */
export function leaveOutDefault(document: JsonObject, fault: ExampleFault): void {
  if (fault.what !== 'default' || !fault.pointer.endsWith('/default')) return;
  const holder = valueAt(document, fault.pointer.slice(0, -'/default'.length));
  delete holder.default;
}
