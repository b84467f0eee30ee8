// Whether a JSON value is of the type a schema names, as JSON Schema reads `type`: an integer is
// a whole number, an array no object.

/** Whether `value` is of JSON Schema type `type` (any, where it names none). */
export function isOfJsonType(value: unknown, type: string | undefined): boolean {
  if (type === undefined) return true;
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  return typeof value === type;
}
