// The fields a create fills for the kind of record its body is (record-kinds.ts: a card or a bank
// account, a US address or an international one): what that kind requires and nobody sent, by
// that kind's schema; and none that only other kinds hold. Made by the fields the union of the
// kinds reads alone, a card would hold no brand its kind requires, or a bank account's field.
import { asObject, type JsonObject } from '../../openapi/json-pointer.js';
import { kindOf, recordKinds } from '../../openapi/record-kinds.js';
import type { Resource } from '../../openapi/resource-model.js';
import { ownValue } from '../../store/own-keys.js';

export type KindFields = {
  /** Fields made by the union's reading that the kind does not hold. */
  foreign: string[];
  /** Fields to make by the kind's schema: those it requires that nobody set, and those it reads otherwise. */
  toMake: [name: string, schema: JsonObject][];
};

/** What a create of `resource` fills by the kind of its body; undefined for a record of one shape. */
export function kindFieldsOf(
  document: JsonObject,
  resource: Resource,
): ((body: JsonObject, made: JsonObject) => KindFields) | undefined {
  const kinds = recordKinds(document, resource.recordSchema);
  if (kinds.length === 0) return undefined;
  const { keyField } = resource.collection;
  const union = resource.shape.properties;
  return (body, made) => {
    const kind = kindOf(kinds, body);
    if (kind === undefined) return { foreign: [], toMake: [] };
    const foreign = Object.keys(made).filter((name) => union.has(name) && !kind.shape.properties.has(name));
    const toMake: [string, JsonObject][] = [];
    for (const [name, schema] of kind.shape.properties) {
      if (name === keyField || name === resource.parent?.field || ownValue(body, name) !== undefined) continue;
      const madeAlready = ownValue(made, name) !== undefined;
      const readOtherwise = madeAlready && JSON.stringify(schema) !== JSON.stringify(asObject(union.get(name)));
      if ((kind.shape.required.has(name) && !madeAlready) || readOtherwise) toMake.push([name, schema]);
    }
    return { foreign, toMake };
  };
}
