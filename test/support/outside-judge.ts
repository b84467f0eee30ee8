// A judge of exchanges that is not the mock's own: each answer's status, body and required
// headers checked against a contract document with Ajv directly (the mock checks its answers with
// express-openapi-validator), so that a test can say an exchange is valid under a draft as any
// validator would read it.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { SpecDocument } from './spec.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export type Exchange = {
  method: string;
  path: string;
  status: number;
  headers: Record<string, unknown>;
  body: unknown;
};

export type OutsideJudge = {
  /** What is wrong with an exchange under the contract: empty when nothing is. */
  faults(exchange: Exchange): string[];
};

/**
 * The path templates a request's path (under the base path) falls under, e.g. /pets/by-id/{petId}:
 * several where paths are alike but for their parameters' names (Xero's /Contacts/{ContactID}
 * and /Contacts/{ContactNumber}); the answer is then judged fit if it fits one of them.
 */
function templatesOf(paths: string[], path: string): string[] {
  const segments = path.split('/');
  return paths.filter((template) => {
    const parts = template.split('/');
    return (
      parts.length === segments.length && parts.every((part, index) => segmentMatcher(part).test(segments[index] ?? ''))
    );
  });
}

/** A template's segment as a pattern: its text as written, each {parameter} some text (/items({id}), {id}.json). */
const segmentMatcher = (part: string) =>
  new RegExp(
    `^${part
      .split(/\{[^}]*\}/)
      .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  );

/**
 * OpenAPI 3.0's `nullable` beside no `type` (a $ref's, an allOf's), which Ajv refuses: read as
 * Prism's converter reads it, the schema or null (`nullable: false`: the schema).
 */
function withoutUntypedNullable(document: SpecDocument): SpecDocument {
  const copy = structuredClone(document);
  refsLedPastNullable(copy);
  const stack: unknown[] = [copy];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const object = node as Record<string, unknown>;
    if (object.nullable === false && object.type === undefined) delete object.nullable;
    if (object.nullable === true && object.type === undefined) {
      const { nullable: _nullable, ...rest } = object;
      for (const key of Object.keys(object)) delete object[key];
      object.anyOf = [rest, { type: 'null' }];
    }
    for (const value of Object.values(object)) stack.push(value);
  }
  return copy;
}

const isUntypedNullable = (node: unknown): boolean =>
  typeof node === 'object' &&
  node !== null &&
  (node as SpecDocument).nullable === true &&
  (node as SpecDocument).type === undefined;

/** Each local $ref through an untyped nullable schema (a bundle's pointer into its allOf) led into the anyOf it becomes. */
function refsLedPastNullable(document: SpecDocument): void {
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const object = node as SpecDocument;
    if (typeof object.$ref === 'string' && object.$ref.startsWith('#/')) {
      let at: unknown = document;
      let led = '#';
      for (const part of object.$ref.slice(2).split('/')) {
        if (isUntypedNullable(at)) led += '/anyOf/0';
        led += `/${part}`;
        at = (at as SpecDocument | undefined)?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
      }
      object.$ref = led;
    }
    for (const value of Object.values(object)) stack.push(value);
  }
}

export function createOutsideJudge(raw: SpecDocument): OutsideJudge {
  const document = withoutUntypedNullable(raw);
  // A pattern as JavaScript reads it: with the u flag where it is valid so, else without (as Prism does).
  const regExp = Object.assign(
    (source: string, flags: string) => {
      try {
        return new RegExp(source, flags);
      } catch {
        return new RegExp(source, flags.replace('u', ''));
      }
    },
    { code: 'RegExp' },
  );
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, validateSchema: false, code: { regExp } }));
  ajv.addSchema(document, 'contract.json');
  const server = document.servers?.[0] ?? { url: '/' };
  // Server variables at their defaults, as a client of the first server writes its URL.
  const url = String(server.url).replace(/\{([^}]*)\}/g, (_, name: string) =>
    String(server.variables?.[name]?.default ?? name),
  );
  const basePath = new URL(url, 'http://x').pathname.replace(/\/$/, '');
  const paths = Object.keys(document.paths);
  const compiled = new Map<string, ValidateFunction>();
  const resolve = (value: SpecDocument): SpecDocument => {
    let current = value;
    while (current && typeof current.$ref === 'string') {
      const pointer = decodeURIComponent(current.$ref.slice(2));
      current = pointer
        .split('/')
        .reduce((node: SpecDocument, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    }
    return current;
  };
  const validatorAt = (pointer: string) => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `contract.json#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };
  const escapeSegment = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1');

  return {
    faults(exchange) {
      const { method, path } = exchange;
      const verb = method.toLowerCase();
      const templates = templatesOf(paths, path.slice(basePath.length).split('?')[0] ?? '').filter(
        (template) => METHODS.includes(verb) && document.paths[template][verb],
      );
      if (templates.length === 0) return [`${method} ${path}: no operation`];
      const judged = templates.map((template) => faultsAt(template, exchange));
      return judged.find((faults) => faults.length === 0) ?? judged[0] ?? [];
    },
  };

  function faultsAt(template: string, { method, status, headers, body }: Exchange): string[] {
    const verb = method.toLowerCase();
    const responses = document.paths[template][verb].responses;
    const range = `${String(status)[0]}XX`;
    const key =
      String(status) in responses
        ? String(status)
        : range in responses
          ? range
          : 'default' in responses
            ? 'default'
            : undefined;
    if (key === undefined) return [`${method} ${template}: status ${status} is not declared`];
    const response = resolve(responses[key]);
    const faults: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if ((resolve(header as SpecDocument) as SpecDocument).required && headers[name.toLowerCase()] === undefined)
        faults.push(`${method} ${template} ${status}: header ${name} is missing`);
    }
    // The body is judged by the schema of the media type it is sent as, which must be declared.
    const sentType = String(headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    const declaredTypes = Object.keys(response.content ?? {});
    const hasBody =
      body !== undefined &&
      body !== '' &&
      !(typeof body === 'object' && Object.keys(body ?? {}).length === 0 && !sentType);
    if (hasBody && declaredTypes.length === 0)
      faults.push(`${method} ${template} ${status}: a body where none is declared`);
    if (hasBody && declaredTypes.length > 0 && sentType && !declaredTypes.includes(sentType))
      faults.push(
        `${method} ${template} ${status}: ${sentType} is not a declared media type (${declaredTypes.join(', ')})`,
      );
    const mediaType = sentType && declaredTypes.includes(sentType) ? sentType : 'application/json';
    const media = response.content?.[mediaType];
    if (media?.schema && hasBody) {
      const pointer = `/paths/${escapeSegment(template)}/${verb}/responses/${key}`;
      const responsePointer = responses[key].$ref ? decodeURIComponent(responses[key].$ref.slice(1)) : pointer;
      const validate = validatorAt(`${responsePointer}/content/${escapeSegment(mediaType)}/schema`);
      if (!validate(body))
        faults.push(`${method} ${template} ${status}: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`);
    }
    return faults;
  }
}
