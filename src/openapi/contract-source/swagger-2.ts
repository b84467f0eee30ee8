// Swagger 2.0 documents, which many APIs still publish (Docker Engine's, Harbor's, Kubernetes'),
// read as OpenAPI 3.0 by swagger2openapi: the converter of Mermade's oas-kit, whose rules for
// body and form parameters, consumes/produces, collectionFormat and host/basePath are the
// community's reading of 2.0. What a fault of the converted document names is found again in
// the 2.0 text, so a refusal still gives the line the user wrote.
import { randomUUID } from 'node:crypto';
import type s2oModule from 'swagger2openapi';
import { asObject, type JsonObject } from '../json-pointer.js';
import { HTTP_METHODS } from '../load-contract.js';
import { readDraft4SchemaWords } from './swagger-2-schema-words.js';

type Swagger2Document = Parameters<typeof s2oModule.convertObj>[0];

/** `swagger: 2.0` unquoted in YAML is the number 2: the same version. */
export const isSwagger2 = (document: JsonObject) => document.swagger === '2.0' || document.swagger === 2;

/**
 * A copy of `value` with every key `from` renamed `to`, and every $ref's segment too. The
 * converter sets members by assignment: a definition named "__proto__" would set a prototype and
 * be lost, so such names go through it under a stand-in.
 */
function renamed(value: unknown, from: string, to: string, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 1_000) return value;
  if (Array.isArray(value)) return value.map((item) => renamed(item, from, to, depth + 1));
  const copy: JsonObject = {};
  for (const [key, member] of Object.entries(value)) {
    const name = key === from ? to : key;
    const inner =
      key === '$ref' && typeof member === 'string'
        ? member
            .split('/')
            .map((segment) => (segment === from ? to : segment))
            .join('/')
        : renamed(member, from, to, depth + 1);
    Object.defineProperty(copy, name, { value: inner, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

const PROTO = '__proto__';

/**
 * A name no key of the document has, standing in for "__proto__" through the conversion: random,
 * so that no document can be written to hold it (a search per draw, not one per character).
 */
function standInFor(text: string): string {
  let standIn: string;
  do standIn = `petstore-mock-proto-${randomUUID()}`;
  while (text.includes(standIn));
  return standIn;
}

/** What swagger2openapi writes beside a part it could not convert (warnOnly). */
const WARNING_MEMBER = 'x-s2o-warning';

export type ConversionNote = { segments: string[]; message: string };

export type Conversion = {
  document: JsonObject;
  /** What the converter could not read as 2.0 says, where it says it (in the converted document). */
  notes: ConversionNote[];
  /** Where a part of the converted document is written in the 2.0 one (as near as it can be told). */
  originalSegments(segments: readonly string[]): string[];
};

export class SwaggerConversionError extends Error {
  override name = 'SwaggerConversionError';
}

/**
 * The converter deletes every null it meets outside defaults and examples, which leaves a hole
 * where an array held one (`enum: [a, null]` becomes `[a, <empty>]`, which no null fits): each
 * hole is that null again.
 */
function withNullsInArrays(document: JsonObject): void {
  const stack: unknown[] = [document];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value))
      for (let index = 0; index < value.length; index += 1) if (!(index in value)) value[index] = null;
    for (const member of Object.values(value)) if (typeof member === 'object' && member !== null) stack.push(member);
  }
}

/** The converter's notes, taken out of the document (an iterative walk: the document may be deep). */
function takeNotes(document: JsonObject): ConversionNote[] {
  const notes: ConversionNote[] = [];
  const stack: Array<{ value: unknown; segments: string[] }> = [{ value: document, segments: [] }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value, segments } = stack.pop() as { value: unknown; segments: string[] };
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    const node = value as JsonObject;
    if (!Array.isArray(value) && typeof node[WARNING_MEMBER] === 'string') {
      notes.push({ segments, message: node[WARNING_MEMBER] as string });
      delete node[WARNING_MEMBER];
    }
    for (const [key, member] of Object.entries(node)) stack.push({ value: member, segments: [...segments, key] });
  }
  return notes;
}

type Parameter = { name?: unknown; in?: unknown; $ref?: unknown };
const parametersAt = (document: JsonObject, path: string, method: string): Parameter[] => {
  const parameters = asObject(asObject(asObject(document.paths)[path])[method]).parameters;
  return Array.isArray(parameters) ? (parameters as Parameter[]) : [];
};

/** The 2.0 place of a part of an operation (parameters are renumbered: the body left them). */
function operationPlace(
  original: JsonObject,
  converted: JsonObject,
  [path, method, member]: readonly [string, string, string],
  rest: string[],
  names: ReadonlyMap<string, string>,
): string[] | undefined {
  const operation = ['paths', path, method];
  const [status] = rest;
  if (member === 'responses' && status !== undefined && rest[1] === 'content' && rest[3] === 'schema')
    return [...operation, 'responses', status, 'schema', ...rest.slice(4)];
  const originals = parametersAt(original, path, method);
  const schemaOfBody = rest[2] === 'schema';
  if (member === 'requestBody') {
    const body = originals.findIndex((parameter) => parameter.in === 'body');
    if (body >= 0 && schemaOfBody) return [...operation, 'parameters', String(body), 'schema', ...rest.slice(3)];
    // A form's field: requestBody/content/TYPE/schema/properties/FIELD.
    const field = rest[3] === 'properties' ? rest[4] : undefined;
    const formField = originals.findIndex((parameter) => parameter.in === 'formData' && parameter.name === field);
    return formField >= 0 ? [...operation, 'parameters', String(formField)] : [...operation, 'parameters'];
  }
  if (member === 'parameters' && status !== undefined) {
    const named = parametersAt(converted, path, method)[Number(status)];
    // A $ref to a shared parameter names it by the 2.0 name of the component it points to.
    const ref = typeof named?.$ref === 'string' ? named.$ref.split('/').pop() : undefined;
    const refTo = ref === undefined ? undefined : `#/parameters/${names.get(`parameters/${ref}`) ?? ref}`;
    const index = originals.findIndex((parameter) =>
      refTo === undefined ? parameter.name === named?.name && parameter.in === named?.in : parameter.$ref === refTo,
    );
    if (index < 0) return [...operation, 'parameters'];
    return [...operation, 'parameters', String(index), ...(rest[1] === 'schema' ? rest.slice(2) : rest.slice(1))];
  }
  return undefined;
}

/**
 * The 2.0 name of each converted component ("schemas/Page_Thing_" -> "Page«Thing»"): the converter
 * makes names safe and keeps their order, so the lists are read side by side where they agree in
 * length. Body parameters become request bodies, the others stay parameters.
 */
function originalNames(original: JsonObject, converted: JsonObject): Map<string, string> {
  const components = asObject(converted.components);
  const parameters = Object.entries(asObject(original.parameters));
  const pairs: Array<[string, string[], string[]]> = [
    ['schemas', Object.keys(asObject(original.definitions)), Object.keys(asObject(components.schemas))],
    ['responses', Object.keys(asObject(original.responses)), Object.keys(asObject(components.responses))],
    [
      'securitySchemes',
      Object.keys(asObject(original.securityDefinitions)),
      Object.keys(asObject(components.securitySchemes)),
    ],
    [
      'parameters',
      parameters.filter(([, parameter]) => asObject(parameter).in !== 'body').map(([name]) => name),
      Object.keys(asObject(components.parameters)),
    ],
    [
      'requestBodies',
      parameters.filter(([, parameter]) => asObject(parameter).in === 'body').map(([name]) => name),
      Object.keys(asObject(components.requestBodies)),
    ],
  ];
  const names = new Map<string, string>();
  for (const [kind, before, after] of pairs) {
    if (before.length !== after.length) continue;
    after.forEach((name, index) => {
      names.set(`${kind}/${name}`, before[index] as string);
    });
  }
  return names;
}

/** Where each kind of component was written in 2.0, and the members its conversion put before the schema. */
function componentPlace(
  kind: string,
  converted: string,
  rest: string[],
  names: ReadonlyMap<string, string>,
): string[] | undefined {
  const name = names.get(`${kind}/${converted}`) ?? converted;
  if (kind === 'schemas') return ['definitions', name, ...rest];
  if (kind === 'securitySchemes') return ['securityDefinitions', name, ...rest];
  if (kind === 'responses')
    return rest[0] === 'content' && rest[2] === 'schema'
      ? ['responses', name, 'schema', ...rest.slice(3)]
      : ['responses', name, ...rest];
  if (kind === 'parameters') return ['parameters', name, ...(rest[0] === 'schema' ? rest.slice(1) : rest)];
  if (kind === 'requestBodies')
    return rest[0] === 'content' && rest[2] === 'schema'
      ? ['parameters', name, 'schema', ...rest.slice(3)]
      : ['parameters', name];
  return undefined;
}

function placeInOriginal(
  original: JsonObject,
  converted: JsonObject,
  segments: readonly string[],
  names: ReadonlyMap<string, string>,
): string[] {
  const [top, first, second, third, ...rest] = segments;
  if (top === 'components' && first !== undefined && second !== undefined)
    return componentPlace(first, second, third === undefined ? rest : [third, ...rest], names) ?? [...segments];
  if (top === 'paths' && first !== undefined && second !== undefined && third !== undefined)
    return operationPlace(original, converted, [first, second, third], rest, names) ?? [...segments];
  if (top === 'servers') return ['host'];
  return [...segments];
}

const SHARED_ANSWER = '#/responses/';
const sameTypes = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((type) => b.includes(type));

/**
 * An operation's own `produces` holds for every answer it gives, shared ones too (2.0's fixed
 * fields); the converter gives a shared answer the document's `produces` wherever it is used, so
 * an operation that produces other types gets its own copy of each shared answer with a body.
 */
function sharedAnswersInProducesOfTheirOperation(document: JsonObject): JsonObject {
  const shared = asObject(document.responses);
  let paths: JsonObject | undefined;
  for (const [path, item] of Object.entries(asObject(document.paths))) {
    let copiedItem: JsonObject | undefined;
    for (const method of HTTP_METHODS) {
      const operation = asObject(asObject(item)[method]);
      if (!Array.isArray(operation.produces) || sameTypes(operation.produces, document.produces)) continue;
      const answers = asObject(operation.responses);
      const own = Object.entries(answers).map(([status, answer]): [string, unknown] => {
        const ref = asObject(answer).$ref;
        const name =
          typeof ref === 'string' && ref.startsWith(SHARED_ANSWER) ? ref.slice(SHARED_ANSWER.length) : undefined;
        const target = name === undefined ? undefined : shared[name];
        return [status, asObject(target).schema === undefined ? answer : structuredClone(target)];
      });
      if (own.every(([status, answer]) => answers[status] === answer)) continue;
      paths ??= { ...asObject(document.paths) };
      copiedItem ??= { ...asObject(item) };
      copiedItem[method] = { ...operation, responses: Object.fromEntries(own) };
      paths[path] = copiedItem;
    }
  }
  return paths === undefined ? document : { ...document, paths };
}

/** The 2.0 document as OpenAPI 3.0; a document the converter cannot read at all is refused with its words. */
export async function convertSwagger2(original: JsonObject): Promise<Conversion> {
  let document: JsonObject;
  try {
    // No resolving: the document's files are already bundled, and nothing is fetched from here.
    // `text` is the converter's copy of the source for its messages: not needed, and costly to write.
    // Loaded only for a 2.0 document: its ~50 ms of imports are no cost of any other start.
    const { default: s2o } = await import('swagger2openapi');
    readDraft4SchemaWords(original);
    const text = JSON.stringify(original);
    const standIn = text.includes(`"${PROTO}"`) || text.includes(`/${PROTO}`) ? standInFor(text) : undefined;
    const given = {
      ...sharedAnswersInProducesOfTheirOperation(
        asObject(standIn === undefined ? original : renamed(original, PROTO, standIn)),
      ),
      swagger: '2.0',
    };
    const converted = await s2o.convertObj(given as unknown as Swagger2Document, {
      patch: true,
      warnOnly: true,
      resolve: false,
      text: ' ',
    });
    document = asObject(standIn === undefined ? converted.openapi : renamed(converted.openapi, standIn, PROTO));
    withNullsInArrays(document);
  } catch (error) {
    throw new SwaggerConversionError(
      `this Swagger 2.0 document could not be read as OpenAPI 3.0: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const notes = takeNotes(document);
  let names: Map<string, string> | undefined;
  return {
    document,
    notes,
    originalSegments: (segments) => {
      names ??= originalNames(original, document);
      return placeInOriginal(original, document, segments, names);
    },
  };
}
