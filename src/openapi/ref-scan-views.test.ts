// Ajv's scan of a schema for ids and anchors, given views of the document's paths and components:
// it finds what the whole scan finds in schemas (the same local refs, the same ids registered, the
// same refusal of an ambiguous id), under 2020-12's `$id` and draft-04's `id`, never an id in an
// example or an extension (data), and once a part has been seen it no longer walks it.
import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { refScanView, scanDocumentPartsOnce } from './ref-scan-views.js';

type Scan = (this: unknown, schema: unknown, baseId?: string) => unknown;
type AjvLike = { opts: { schemaId?: string }; refs: Record<string, unknown> };
type AjvClass = new (options: object) => AjvLike;

const load = createRequire(import.meta.url);
const fromValidator = createRequire(load.resolve('express-openapi-validator'));
const users = [load.resolve('express-openapi-validator'), fromValidator.resolve('ajv-draft-04')];
const resolveModule = createRequire(users[0] as string)('ajv/dist/compile/resolve.js') as { getSchemaRefs: Scan };
const wholeScan = resolveModule.getSchemaRefs;
scanDocumentPartsOnce(users);
const viewedScan = resolveModule.getSchemaRefs;
/** The validator's own Ajv classes, by the key their schemas name themselves with. */
const AJV_CLASSES: Record<string, AjvClass> = {
  $id: (fromValidator('ajv/dist/2020') as { default: AjvClass }).default,
  id: (fromValidator('ajv-draft-04') as { default: AjvClass }).default,
};
const ajvOf = (schemaId: string): AjvLike => new (AJV_CLASSES[schemaId] as AjvClass)({ strict: false });

/** A route's schema as express-openapi-validator builds it: the document's parts beside it. */
const routeSchema = (paths: object, components: object) => ({
  type: 'object',
  properties: { response: { $ref: '#/components/schemas/Thing' } },
  paths,
  components,
});

const manyPaths = (count: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, at) => [
      `/things/${at}`,
      { get: { responses: { 200: { content: { 'application/json': { example: { n: at, id: 7 } } } } } } },
    ]),
  );

function scanBoth(schema: object, schemaId: string) {
  const whole = ajvOf(schemaId);
  const viewed = ajvOf(schemaId);
  const outcome = (ajv: AjvLike, scan: Scan) => {
    try {
      return { found: scan.call(ajv, schema, 'route-key'), refs: ajv.refs };
    } catch (error) {
      return { refused: (error as Error).message };
    }
  };
  return { whole: outcome(whole, wholeScan), viewed: outcome(viewed, viewedScan) };
}

describe('Ajv’s scan for ids over views of the document', () => {
  const components = {
    schemas: {
      Thing: { type: 'object', properties: { n: { type: 'integer' } } },
      Named: { $id: 'https://example.test/named', $defs: { inner: { $anchor: 'inner' } } },
      Relative: { allOf: [{ type: 'object' }, { $id: 'relative.json', properties: { a: { $anchor: 'a' } } }] },
      Anchored: { $anchor: 'top', items: { $dynamicAnchor: 'node' } },
    },
  };

  it.each([
    ['2020-12 ($id)', '$id'],
    ['draft-04 (id)', 'id'],
  ])('finds what the whole scan finds, under %s', (_name, schemaId) => {
    const schema = routeSchema(manyPaths(20), components);
    const { whole, viewed } = scanBoth(schema, schemaId);
    expect(viewed).toEqual(whole);
    // What there is to find, found: anchors in components, under the route's key.
    expect(Object.keys((whole as { refs: object }).refs)).toEqual(
      expect.arrayContaining(['route-key#top', 'route-key#node']),
    );
  });

  it('refuses an id found twice in schemas, as the whole scan does', () => {
    const twice = { schemas: { ...components.schemas, A: { id: 'same' }, B: { id: 'same' } } };
    const { whole, viewed } = scanBoth(routeSchema({}, twice), 'id');
    expect(whole).toEqual({ refused: expect.stringMatching(/more than one schema/) });
    expect(viewed).toEqual(whole);
  });

  it('finds no id in an example, a default or an extension, even one alike in two (Box’s metadata examples)', () => {
    const instance = { $id: '01234500-12f1-1234-aa12-b1d234cb567e', $anchor: 'data' };
    const paths = {
      '/a': {
        get: {
          'x-note': { id: 'same', $id: 'same' },
          responses: { 200: { content: { 'application/json': { example: instance } } } },
        },
      },
    };
    const schemas = {
      ...components.schemas,
      Metadata: {
        type: 'object',
        example: { one: instance },
        additionalProperties: { example: instance, default: instance },
      },
      // A property named as a data keyword is a schema all the same.
      Named: {
        properties: { example: { $anchor: 'named-example' }, default: { $id: 'https://example.test/default' } },
      },
    };
    const { whole, viewed } = scanBoth(routeSchema(paths, { schemas }), '$id');
    expect(whole).toEqual({ refused: expect.stringMatching(/more than one schema/) });
    const refs = Object.keys((viewed as { refs: object }).refs);
    expect(refs).toEqual(expect.arrayContaining(['route-key#named-example', 'https://example.test/default']));
    expect(refs.join(' ')).not.toMatch(/01234500|#data|same/);
  });

  it('keeps the node that carries an id whole, and leaves out every branch without one', () => {
    const named = { $id: 'https://example.test/x', properties: { deep: { type: 'string' } } };
    const part = { a: { b: named, c: { d: 1 } }, e: [{ f: 1 }, named], g: { h: { i: 'no' } } };
    expect(refScanView(part, '$id')).toEqual({ a: { b: named }, e: [{}, named] });
    expect((refScanView(part, '$id') as { a: { b: unknown } }).a.b).toBe(named);
  });

  it('walks a part once, however many route schemas bring it', () => {
    let reads = 0;
    const counted = (value: object): object =>
      new Proxy(value, {
        get(target, key, receiver) {
          reads += 1;
          const child = Reflect.get(target, key, receiver) as unknown;
          return typeof child === 'object' && child !== null ? counted(child) : child;
        },
      });
    const paths = counted(manyPaths(200));
    const ajv = ajvOf('$id');
    viewedScan.call(ajv, routeSchema(paths, components), 'first');
    expect(reads).toBeGreaterThan(200);
    const afterFirst = reads;
    for (let route = 0; route < 50; route += 1) viewedScan.call(ajv, routeSchema(paths, components), `route-${route}`);
    expect(reads).toBe(afterFirst);
  });
});
