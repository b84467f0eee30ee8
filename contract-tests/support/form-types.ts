// The form media types the suite writes a body in (form-bodies.ts), kept apart from the writing:
// the contract's reader names them too, and imports nothing of the suite's.
import { isJsonType } from './json-types.js';

export const FORM = 'application/x-www-form-urlencoded';
export const MULTIPART = 'multipart/form-data';

/** The form media type the suite writes for an operation's body: urlencoded first, then multipart. */
export function formTypeOf(mediaTypes: readonly string[]): string | undefined {
  const essences = mediaTypes.map((type) => type.split(';', 1)[0]?.trim().toLowerCase() ?? '');
  return [FORM, MULTIPART].find((type) => essences.includes(type));
}

/** Whether an operation's body is a form only: no JSON type among those it takes. */
export function takesFormOnly(mediaTypes: readonly string[]): boolean {
  return formTypeOf(mediaTypes) !== undefined && !mediaTypes.some(isJsonType);
}
