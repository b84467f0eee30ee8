// The $refs express-openapi-validator can follow to a parameter or an answer: it looks them up in
// components.parameters and components.responses by the text after the last slash, unescaped by
// no rule. One into the paths, where a bundle writes out a part of another file at its first use
// and points every later use there (DigitalOcean's whole document), failed its load ("Cannot read
// properties of undefined (reading '0')", cdimascio/express-openapi-validator#527) or its check
// of an answer ("reading 'content'"): the validator's copy gives such a part as the object it names.

const FOLLOWED = {
  parameters: /^#\/components\/parameters\/[A-Za-z0-9._-]+$/,
  responses: /^#\/components\/responses\/[A-Za-z0-9._-]+$/,
} as const;

/** Whether `value` is a $ref the validator follows to a component of `kind` (or no $ref at all). */
export function followedByValidator(value: unknown, kind: keyof typeof FOLLOWED): boolean {
  const ref = typeof value === 'object' && value !== null ? (value as { $ref?: unknown }).$ref : undefined;
  return typeof ref !== 'string' || FOLLOWED[kind].test(ref);
}
