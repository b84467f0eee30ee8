// Fields of an answer's envelope that nothing fills (a list's meta.request_id, Discourse's
// `success` beside a category), drawn from their schemas (their declared value first), once per
// data set's seed: the same world answers the same. Faker is loaded only where there are some.
import { loadSchemaFaker } from '../../fixtures/load-schema-faker.js';
import type { JsonObject } from '../../openapi/json-pointer.js';
import { declaredValue } from '../../openapi/schema-shape.js';

/** The drawn values by the field's path in the envelope ("meta.request_id"). */
export type DrawnValues = ReadonlyMap<string, unknown>;

/** A field to draw: its path in the envelope, its schema, and the name faker reads. */
export type FieldToDraw = readonly [path: string, schema: JsonObject, name: string];

const NONE_DRAWN: DrawnValues = new Map();

/** The values of `fields`, drawn once per seed (a draw that failed is tried again next time). */
export function drawnOncePerSeed(
  document: JsonObject,
  fields: readonly FieldToDraw[],
): (seed: number) => Promise<DrawnValues> {
  const drawing = new Map<number, Promise<DrawnValues>>();
  const draw = async (seed: number): Promise<DrawnValues> => {
    const fake = await loadSchemaFaker(document, seed, `envelope ${fields.map(([path]) => path).join(' ')}`);
    return new Map(
      fields.map(([path, schema, name]) => [path, (declaredValue(schema) ?? { value: fake(schema, name) }).value]),
    );
  };
  return (seed) => {
    if (fields.length === 0) return Promise.resolve(NONE_DRAWN);
    let values = drawing.get(seed);
    if (values === undefined) {
      values = draw(seed);
      drawing.set(seed, values);
      values.catch(() => drawing.delete(seed));
    }
    return values;
  };
}
