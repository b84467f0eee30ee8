// The contract as the suite sees it: its operations, and validators for every declared
// response body and header, compiled with Ajv (independent of the mock's own validator).

import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv } from 'ajv';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { alikeOneOfsAsAnyOf } from '../../src/openapi/alike-branches.js';
import { anchoredRefs } from '../../src/openapi/anchored-refs.js';
import { discriminatorsAsTags, schemaAsTagged } from '../../src/openapi/discriminated-view.js';
import { examplesLeftOut } from '../../src/openapi/examples-left-out.js';
import { headerValue, readingOf } from '../../src/openapi/header-text.js';
import { withIdAsAnnotation } from '../../src/openapi/id-annotation.js';
import { operationName } from '../../src/openapi/load-contract.js';
import { withTolerantMultipleOf } from '../../src/openapi/multiple-of.js';
import { withNullableTyped } from '../../src/openapi/nullable-without-type.js';
import { linearRegExp } from '../../src/openapi/patterns/pattern-matchers.js';
import { aliased, namesProtoProperty, unaliasedText, withProtoAliased } from '../../src/openapi/proto-alias.js';
import { withRedeclaredWritable } from '../../src/openapi/read-only-required.js';
import { refSiblingsOf, withRefSiblings } from '../../src/openapi/ref-with-siblings.js';
import { withLinearUniqueItems } from '../../src/openapi/unique-items.js';
import { formatsNamedIn } from '../../src/openapi/unknown-formats.js';
import { answerView } from './answer-view.js';
import { formTypeOf } from './form-types.js';
import { jsonTypeOf } from './json-types.js';
import { isInt32, isInt64 } from './number-formats.js';
import { CONTRACT_DOCUMENT_VARIABLE } from './target.js';

// biome-ignore lint/suspicious/noExplicitAny: the spec is arbitrary JSON walked by pointer
type Json = any;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export type SpecOperation = {
  operationId: string;
  method: (typeof METHODS)[number];
  path: string;
  tags: string[];
  stability: string;
  deprecated: boolean;
  raw: Json;
  /** The operation's parameters, path-level ones included, $refs resolved. */
  parameters: Json[];
  /** The request body's schema, $refs resolved at the top, if any: its JSON one, else its form's (form-bodies.ts). */
  requestSchema?: Json;
  requestBodyRequired: boolean;
  /** The media types its request body declares (none where it takes no body). */
  requestMediaTypes: string[];
  /** The declared JSON type the suite sends its body as (json-types.ts), if it takes one. */
  requestJsonType?: string;
  declaredStatuses: string[];
};

/** The schema of a body's JSON (json-types.ts), else of its form (urlencoded first), which the suite writes (form-bodies.ts). */
function requestSchemaOf(content: Record<string, Json>): Json | undefined {
  const jsonType = jsonTypeOf(Object.keys(content));
  // A JSON body that declares no schema takes any value: the suite sends an empty object.
  if (jsonType !== undefined) return content[jsonType]?.schema ?? {};
  const formType = formTypeOf(Object.keys(content));
  return formType === undefined
    ? undefined
    : Object.entries(content).find(([type]) => type.toLowerCase().startsWith(formType))?.[1]?.schema;
}

function packageRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'spec', 'petstore.yaml'))) {
    const parent = dirname(folder);
    if (parent === folder)
      throw new Error('The contract suite cannot find spec/petstore.yaml; reinstall petstore-mock.');
    folder = parent;
  }
  return folder;
}

/** The built-in contract: the build's JSON of it when at least as new as the YAML (parsing the YAML takes ~125 ms a run). */
export function builtInSpec(): Json {
  const root = packageRoot();
  const written = join(root, 'spec', 'petstore.yaml');
  const compiled = join(root, 'dist', 'spec', 'petstore.json');
  if (existsSync(compiled) && statSync(compiled).mtimeMs >= statSync(written).mtimeMs)
    return JSON.parse(readFileSync(compiled, 'utf8'));
  // Loaded only here (~45 ms a run otherwise): the build's JSON is what a suite run reads.
  const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return parse(readFileSync(written, 'utf8'));
}

/** The contract given (contract --contract: its bundled document), or the built-in one. */
function loadSpec(): Json {
  const given = process.env[CONTRACT_DOCUMENT_VARIABLE];
  // `nullable: true` without a type read as OpenAPI 3.0 means it (the schema, or null), as the
  // mock reads it: Ajv refuses it as written.
  // A readOnly property a kind declares again is writable, as the mock reads it (read-only-required.ts).
  if (given) return withRedeclaredWritable(withNullableTyped(JSON.parse(readFileSync(given, 'utf8'))));
  return builtInSpec();
}

export const SPEC: Json = loadSpec();

/** Each operation of a document by operationId, with its method and path, parameters unnamed: "get /pets/by-id/{}". */
function placesOf(document: Json): Map<string, string> {
  const places = new Map<string, string>();
  for (const [path, item] of Object.entries<Json>(document.paths ?? {}))
    for (const method of METHODS) {
      const id = item?.[method]?.operationId;
      if (typeof id === 'string') places.set(id, `${method} ${path.replace(/\{[^}]*\}/g, '{}')}`);
    }
  return places;
}

/**
 * Whether the contract checked is the Pet Store's or a draft of it: one that keeps at least half
 * of the Pet Store's operations where the Pet Store has them. Any other document is an API of its
 * own, whose operations are all checked as a draft's new ones are (Spring PetClinic's listPets is
 * not the Pet Store's).
 */
function isPetStoreDraft(): boolean {
  if (!process.env[CONTRACT_DOCUMENT_VARIABLE]) return true;
  const own = placesOf(builtInSpec());
  const checked = placesOf(SPEC);
  const kept = [...own].filter(([id, place]) => checked.get(id) === place).length;
  return kept * 2 >= own.size;
}

export const CHECKING_PET_STORE_DRAFT = isPetStoreDraft();

/** Why a check of the Pet Store's own behaviour is skipped on another API's contract. */
export const NOT_THE_PET_STORE =
  "it checks the Pet Store's own behaviour, and the contract checked is another API's (it keeps fewer than half of the Pet Store's operations where the Pet Store has them)";

/** The operations of the contract this version of the suite was written for: each has checks of its own. */
export const BUILT_IN_OPERATION_IDS: ReadonlySet<string> = CHECKING_PET_STORE_DRAFT
  ? new Set(placesOf(process.env[CONTRACT_DOCUMENT_VARIABLE] ? builtInSpec() : SPEC).keys())
  : new Set();
const SPEC_ID = 'petstore.json';

/** Follows local $refs until a value that is not one. */
export function resolve(value: Json): Json {
  let current = value;
  while (current && typeof current.$ref === 'string') {
    const target = pointer(current.$ref);
    // Keywords beside the $ref apply too (ref-with-siblings.ts): the target, resolved, meets them.
    if (refSiblingsOf(current).length > 0 && target && typeof target === 'object')
      return withRefSiblings(current, resolve(target));
    current = target;
  }
  return current;
}

function pointer(ref: string): Json {
  // A fragment, percent-encoded where a bundled contract (contract --contract) needs it.
  return safeDecode(ref)
    .replace(/^#\//, '')
    .split('/')
    .reduce((node: Json, segment) => node?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')], SPEC);
}

function safeDecode(ref: string): string {
  try {
    return decodeURIComponent(ref);
  } catch {
    return ref;
  }
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

let operationsOfSpec: readonly SpecOperation[] | undefined;

/**
 * The contract's operations, read once: checks ask for them at every turn, and reading them
 * again each time made a run of a 5,000-path contract take time in the square of its size.
 */
export function listOperations(): readonly SpecOperation[] {
  operationsOfSpec ??= Object.freeze(readOperations());
  return operationsOfSpec;
}

const withJsonType = (type: string | undefined) => (type === undefined ? {} : { requestJsonType: type });

function readOperations(): SpecOperation[] {
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries<Json>(SPEC.paths ?? {})) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const parameters = [...(item.parameters ?? []), ...(raw.parameters ?? [])].map(resolve);
      const body = resolve(raw.requestBody);
      operations.push({
        // Named as the mock names it: its operationId, or "GET /calendar" where it has none.
        operationId: operationName(method, path, raw.operationId),
        method,
        path,
        tags: raw.tags ?? [],
        stability: raw['x-stability'] ?? 'stable',
        deprecated: raw.deprecated === true,
        raw,
        parameters,
        requestSchema: requestSchemaOf(body?.content ?? {}),
        requestBodyRequired: body?.required === true,
        requestMediaTypes: Object.keys(body?.content ?? {}),
        ...withJsonType(jsonTypeOf(Object.keys(body?.content ?? {}))),
        declaredStatuses: Object.keys(raw.responses ?? {}),
      });
    }
  }
  return operations;
}

// validateSchema off: Ajv would check the whole contract document against JSON Schema's
// meta-schema (~135 ms a run to compile it), which the contract is not; its schemas were checked
// against the OpenAPI schema when it was read (Spectral, and contract --contract's check).
// Own properties only: an answer without a field named constructor lacks it, whatever Object.prototype holds.
// Its patterns read and matched as the mock's are (in linear time, with the u flag where valid):
// an answer never holds the suite, and a pattern only JavaScript's older reading takes is checked.
// An OpenAPI 3.0 document's schemas are JSON Schema draft 4's (a boolean exclusiveMaximum), as
// the mock's validator reads them; 3.1's are 2020-12's.
const AjvOfVersion = String(SPEC.openapi ?? '').startsWith('3.0') ? AjvDraft04Module.default : Ajv2020;
// multipleOf judged as the mock judges it, up to the rounding of doubles (multiple-of.ts),
// uniqueItems in linear time (unique-items.ts): an answer's long list never holds the suite; a
// 3.1 schema's `id` an annotation, as the mock takes it (id-annotation.ts).
const ajv: Ajv = withLinearUniqueItems(
  withIdAsAnnotation(
    withTolerantMultipleOf(
      new AjvOfVersion({
        strict: false,
        allErrors: true,
        validateFormats: true,
        validateSchema: false,
        ownProperties: true,
        code: { regExp: linearRegExp },
      }),
    ),
  ),
);
(addFormatsModule as unknown as (instance: Ajv) => void)(ajv);
ajv.addFormat('int64', { type: 'number', validate: isInt64 });
ajv.addFormat('int32', { type: 'number', validate: isInt32 });
// A format Ajv does not know holds any text, as Ajv takes it, without a console line per schema.
for (const { name } of formatsNamedIn(SPEC)) if (!(name in ajv.formats)) ajv.addFormat(name, true);
// A property named __proto__ is one Ajv never checks: it checks the contract and the bodies with
// that property under an alias (the mock's validator does the same).
const PROTO_NAMED = namesProtoProperty(SPEC);
const document = PROTO_NAMED ? withProtoAliased(SPEC) : SPEC;
// Ajv is given no examples: they are no schema, and cost it (examples-left-out.ts). A union a
// discriminator tells apart is judged by the tag, as the mock judges it (discriminated-view.ts).
const forAjv = (view: Json) => examplesLeftOut(discriminatorsAsTags(view));
ajv.addSchema(forAjv(document), SPEC_ID);
// Answers are judged by the document with no writeOnly property required (answer-view.ts), and
// each oneOf whose branches take the same values read as an anyOf (alike-branches.ts: no answer
// could keep it): a second copy only where it differs.
function addAnswerView(): string {
  const answers = alikeOneOfsAsAnyOf(answerView(document));
  if (answers === document) return SPEC_ID;
  try {
    ajv.addSchema(forAjv(answers), 'petstore-answers.json');
    return 'petstore-answers.json';
  } catch {
    // A schema with an $id of its own is one Ajv takes once: answers are then judged as written.
    return SPEC_ID;
  }
}
const ANSWERS_ID = addAnswerView();
const asChecked = (body: unknown) => (PROTO_NAMED ? aliased(body) : body);

const compiled = new Map<string, ValidateFunction>();
function validatorAt(schemaPointer: string, documentId = SPEC_ID): ValidateFunction {
  const ref = `${documentId}${schemaPointer}`;
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  return validate;
}

const bySchema = new WeakMap<object, ValidateFunction | null>();
/**
 * A schema of the contract (an object of SPEC, its $refs local), compiled where the document
 * stands: undefined where Ajv cannot compile it, or where names are aliased (a property named
 * __proto__), which a schema taken from SPEC does not know.
 */
function schemaValidator(schema: object): ValidateFunction | undefined {
  if (PROTO_NAMED) return undefined;
  let validate = bySchema.get(schema);
  if (validate === undefined) {
    try {
      validate = ajv.compile(anchoredRefs(schemaAsTagged(SPEC, schema), SPEC_ID) as object);
    } catch {
      validate = null;
    }
    bySchema.set(schema, validate);
  }
  return validate ?? undefined;
}

/**
 * How many of `branches` (a oneOf's, each a schema of the contract) a value meets, each judged
 * alone; undefined where one of them cannot be compiled.
 */
export function branchesMet(branches: readonly unknown[]): ((value: unknown) => number) | undefined {
  const checks = branches.map((branch) =>
    typeof branch === 'object' && branch !== null ? schemaValidator(branch) : undefined,
  );
  if (checks.some((check) => check === undefined)) return undefined;
  return (value) => checks.filter((check) => check?.(value) === true).length;
}

/** Where the response object of an operation's status lives (after following its $ref). */
function responsePointer(operation: SpecOperation, status: string): string {
  const declared = operation.raw.responses[status];
  return typeof declared?.$ref === 'string'
    ? declared.$ref.slice(1)
    : `/paths/${escapePointer(operation.path)}/${operation.method}/responses/${status}`;
}

export type SchemaProblem = string;

/**
 * What an error says; of a value that meets several branches of a oneOf, that the branches
 * overlap (InfluxDB's dashboard: one without cells is both kinds), which is the contract's to mend.
 */
function problemText(error: ErrorObject): string {
  const passing = error.keyword === 'oneOf' ? (error.params as { passingSchemas?: unknown }).passingSchemas : undefined;
  const overlap = Array.isArray(passing)
    ? ' (it meets more than one of its branches, which overlap: a client made from the contract cannot tell which it is; make it an anyOf, or make the branches exclude each other)'
    : '';
  return unaliasedText(`${error.instancePath || '(body)'} ${error.message ?? 'is invalid'}${overlap}`);
}

function describe(validate: ValidateFunction): SchemaProblem[] {
  return (validate.errors ?? []).map(problemText);
}

/** Checks a response body against the schema declared for that status and media type. */
export function checkBody(operation: SpecOperation, status: string, mediaType: string, body: unknown): SchemaProblem[] {
  const response = resolve(operation.raw.responses[status]);
  if (!response?.content?.[mediaType]?.schema) return [];
  const validate = validatorAt(
    `#${responsePointer(operation, status)}/content/${escapePointer(mediaType)}/schema`,
    ANSWERS_ID,
  );
  return validate(asChecked(body)) ? [] : describe(validate);
}

/** Checks a JSON request body against the operation's request schema (readOnly and writeOnly are annotations to Ajv). */
export function checkRequestBody(operation: SpecOperation, body: unknown): SchemaProblem[] {
  // Under the declared type its schema was read from: application/json, another JSON type, a form.
  const mediaType = Object.entries<Json>(resolve(operation.raw.requestBody)?.content ?? {}).find(
    ([, media]) => media?.schema === operation.requestSchema,
  )?.[0];
  if (!operation.requestSchema || mediaType === undefined) return [];
  const declared = operation.raw.requestBody;
  const bodyPointer =
    typeof declared?.$ref === 'string'
      ? declared.$ref.slice(1)
      : `/paths/${escapePointer(operation.path)}/${operation.method}/requestBody`;
  const validate = validatorAt(`#${bodyPointer}/content/${escapePointer(mediaType)}/schema`);
  return validate(asChecked(body)) ? [] : describe(validate);
}

/** Whether the contract checked is a draft given with --contract, rather than the one the suite was written for. */
export const CHECKING_A_DRAFT = process.env[CONTRACT_DOCUMENT_VARIABLE] !== undefined;

export type DeclaredHeader = { name: string; required: boolean; check: (value: string) => SchemaProblem[] };

/** The headers declared for a status, each with a check of its value against its schema. */
export function declaredHeaders(operation: SpecOperation, status: string): DeclaredHeader[] {
  const response = resolve(operation.raw.responses[status]);
  return Object.entries<Json>(response?.headers ?? {}).map(([name, raw]) => {
    const header = resolve(raw);
    const headerPointer =
      typeof raw.$ref === 'string'
        ? raw.$ref.slice(1)
        : `${responsePointer(operation, status)}/headers/${escapePointer(name)}`;
    const validate = validatorAt(`#${headerPointer}/schema`);
    const reading = readingOf(resolve(header.schema) ?? {});
    return {
      name,
      required: header.required === true,
      check: (value: string) => {
        // Header values are text: a number or a boolean must be written out as one in full.
        const parsed = headerValue(reading, value);
        if (parsed === undefined) return [`"${value}" is not ${reading === 'integer' ? 'an' : 'a'} ${reading}`];
        return validate(parsed) ? [] : describe(validate).map((problem) => problem.replace('(body)', `"${value}"`));
      },
    };
  });
}

let declaringOperations: Map<string, { name: string; operations: Set<string> }> | undefined;

/**
 * Each response header the contract declares, by its lower-case name: its spelling and the
 * operations that declare it (for some status). A header of some operations only, answered by
 * another, says something the contract does not (a Location on a read, a Sunset on a live one).
 */
export function operationsDeclaringHeaders(): ReadonlyMap<string, { name: string; operations: ReadonlySet<string> }> {
  if (declaringOperations) return declaringOperations;
  declaringOperations = new Map();
  for (const operation of listOperations()) {
    for (const status of operation.declaredStatuses) {
      for (const name of Object.keys(resolve(operation.raw.responses[status])?.headers ?? {})) {
        const entry = declaringOperations.get(name.toLowerCase()) ?? { name, operations: new Set<string>() };
        entry.operations.add(operation.operationId);
        declaringOperations.set(name.toLowerCase(), entry);
      }
    }
  }
  return declaringOperations;
}

/** The declared media types of a status's body (empty for a body-less answer). */
export function declaredMediaTypes(operation: SpecOperation, status: string): string[] {
  return Object.keys(resolve(operation.raw.responses[status])?.content ?? {});
}
