// A copy of a document (or of one of its schemas) with some of its schemas rewritten, for a
// validator's view of it: only the objects on the way to a rewritten one are copied, a part
// shared (a YAML alias) is made once, and values that are data (examples, defaults, enums) are
// never taken for schemas, nor are names (a property named `default`, a response for `default`,
// are like any other: examples-left-out.ts reads the same members as names).

import { setOwn } from '../store/own-keys.js';
import { NAMED_MEMBERS } from './examples-left-out.js';
import type { JsonObject } from './json-pointer.js';

/** Members whose values are data, never schemas: a value there is kept as written. */
const DATA_MEMBERS: ReadonlySet<string> = new Set(['example', 'examples', 'default', 'enum', 'const', 'value']);

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null;

/** An object's rewrite: itself where it is left as it is. Its members are walked after. */
export type SchemaRewrite = (object: JsonObject) => JsonObject;

function rewritten(value: unknown, rewrite: SchemaRewrite, made: Map<object, unknown>, named: boolean): unknown {
  if (!isObject(value)) return value;
  const known = made.get(value);
  if (known !== undefined) return known;
  // Meanwhile a cycle meets the value itself.
  made.set(value, value);
  const own = Array.isArray(value) ? value : rewrite(value);
  let result: JsonObject | unknown[] = own;
  if (Array.isArray(own)) {
    own.forEach((item, index) => {
      const kept = rewritten(item, rewrite, made, false);
      if (kept === item) return;
      if (result === own) result = own.slice();
      (result as unknown[])[index] = kept;
    });
  } else {
    const changed = new Map<string, unknown>();
    for (const key of Object.keys(own)) {
      if (!named && DATA_MEMBERS.has(key)) continue;
      const kept = rewritten(own[key], rewrite, made, !named && NAMED_MEMBERS.has(key));
      if (kept !== own[key]) changed.set(key, kept);
    }
    if (changed.size > 0) {
      const copy: JsonObject = {};
      for (const key of Object.keys(own)) setOwn(copy, key, changed.has(key) ? changed.get(key) : own[key]);
      result = copy;
    }
  }
  made.set(value, result);
  return result;
}

/** `value` with `rewrite` applied to each object in it that can be a schema; itself where nothing changes. */
export const schemasRewritten = (value: unknown, rewrite: SchemaRewrite): unknown =>
  rewritten(value, rewrite, new Map(), false);
