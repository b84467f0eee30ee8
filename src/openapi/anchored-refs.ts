// A schema of a contract compiled apart from it: its local $refs ("#/components/...") made to
// name the contract's id in the Ajv that holds the whole document, so that they resolve there.
export function anchoredRefs(schema: unknown, id: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => anchoredRefs(item, id));
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([keyword, value]) => [
      keyword,
      keyword === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `${id}${value}`
        : anchoredRefs(value, id),
    ]),
  );
}
