// The API keys the suite sends, each with the way a failure report shows it: a key given to the
// suite appears as the shell variable it came from, never as its value; a key the suite made up
// (to be refused) is no secret and appears as it is.
import { contractTarget } from './target.js';

export type SentKey = { value: string; shownAs: string };

export const API_KEY_VARIABLE = 'PETSTORE_API_KEY';
export const RATE_LIMIT_KEY_VARIABLE = 'PETSTORE_RATE_LIMIT_KEY';

export function targetKey(): SentKey {
  return { value: contractTarget().apiKey, shownAs: `$${API_KEY_VARIABLE}` };
}

export function rateLimitKey(): SentKey | undefined {
  const value = contractTarget().rateLimitKey;
  return value === undefined ? undefined : { value, shownAs: `$${RATE_LIMIT_KEY_VARIABLE}` };
}

export function madeUpKey(value: string): SentKey {
  return { value, shownAs: value };
}
