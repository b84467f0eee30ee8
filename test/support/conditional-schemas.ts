// Schemas whose values must meet conditions: if/then/else, dependentSchemas, dependentRequired.
// A generator that reads only properties, required and bounds draws values they refuse.

/** `v` required where `unit` is "cm" (and where `{}` leaves unit out), at most 10 otherwise; each needs the other. */
export const SIZE_SCHEMA = {
  type: 'object',
  properties: { unit: { type: 'string' }, v: { type: 'number' } },
  if: { properties: { unit: { const: 'cm' } } },
  // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, never awaited
  then: { required: ['v'] },
  else: { properties: { v: { maximum: 10 } } },
  dependentSchemas: { unit: { required: ['v'] } },
  dependentRequired: { v: ['unit'] },
};

/** Of kind a, n is required and at least 5; of kind b, at most 0. */
export const KIND_SCHEMA = {
  type: 'object',
  required: ['kind'],
  properties: { kind: { type: 'string', enum: ['b', 'a'] }, n: { type: 'integer' } },
  if: { required: ['kind'], properties: { kind: { const: 'a' } } },
  // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, never awaited
  then: { required: ['n'], properties: { n: { minimum: 5 } } },
  else: { properties: { n: { maximum: 0 } } },
};
