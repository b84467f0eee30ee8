// A $ref from a schema into a parameter's, header's, response's or request body's schema, or into
// a part of a component schema (PagerDuty's AuditRecord names
// `#/components/parameters/audit_method_type/schema`, its Reference `#/components/schemas/Tag/allOf/0`):
// express-openapi-validator compiles each component schema on its own and cannot resolve it, so
// the whole document was refused. The validator's copy holds each such target as a component
// schema of its own, and the $ref names that; the contract itself is left whole.

import { setOwn } from '../store/own-keys.js';
import { asObject, type JsonObject, rawValueAt, refPointer } from './json-pointer.js';
import { schemasRewritten } from './schemas-rewritten.js';

/**
 * A pointer to a schema held by a component that is not a schema, or to a part inside a component
 * schema (PagerDuty's `OrchestrationGlobal/allOf/1/properties/.../allOf/0`, `Tag/allOf/0`).
 */
const OUTSIDE_SCHEMAS =
  /^\/components\/((parameters|headers|responses|requestBodies)\/.+\/schema(\/|$)|schemas\/[^/]+\/.)/;

/** `copy` with each $ref into another component's schema naming a copy of it among the schemas; `copy` itself where none does. */
export function schemaRefsHoisted(copy: JsonObject, source: JsonObject): JsonObject {
  const names = new Map<string, string>();
  const taken = (name: string) => Object.hasOwn(asObject(asObject(copy.components).schemas), name);
  const rewrite = (schema: JsonObject): JsonObject => {
    const ref = schema.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
    const pointer = refPointer(ref);
    if (!OUTSIDE_SCHEMAS.test(pointer)) return schema;
    let name = names.get(pointer);
    if (name === undefined) {
      const wanted = `hoisted.${pointer.slice('/components/'.length).replace(/[^A-Za-z0-9._-]/g, '_')}`;
      name = wanted;
      for (let count = 2; taken(name); count += 1) name = `${wanted}.${count}`;
      names.set(pointer, name);
    }
    return { ...schema, $ref: `#/components/schemas/${name}` };
  };
  const rewritten = asObject(schemasRewritten(copy, rewrite));
  if (names.size === 0) return copy;
  const components = { ...asObject(rewritten.components) };
  const schemas: JsonObject = { ...asObject(components.schemas) };
  // A target may name another: each is rewritten too, until none is new.
  const done = new Set<string>();
  for (let pending = [...names.keys()]; pending.length > 0; pending = [...names.keys()].filter((key) => !done.has(key)))
    for (const pointer of pending) {
      done.add(pointer);
      setOwn(schemas, names.get(pointer) as string, schemasRewritten(rawValueAt(source, pointer), rewrite));
    }
  components.schemas = schemas;
  return { ...rewritten, components };
}
