// The API keys the suite sends, each with the way a failure report shows it: a key given to the
// suite appears as the shell variable it came from, never as its value; a key the suite made up
// (to be refused) is no secret and appears as it is. Each is sent in the schemes the operation
// declares (credentials.ts); the main key, in a scheme given its own credential (--auth,
// --header), sends that one there.
import { type Credential, givenCredentials, type KeyCredentials } from './credentials.js';
import {
  API_KEY_VARIABLE,
  DAY_LIMIT_KEY_VARIABLE,
  planKeyVariables,
  RATE_LIMIT_KEY_VARIABLE,
} from './key-variables.js';
import { contractTarget } from './target.js';

export type SentKey = KeyCredentials & {
  /** The mock's scope the key lives in, when it is not the run's (a key made in the run's own scope). */
  scope?: string;
};

export { API_KEY_VARIABLE, DAY_LIMIT_KEY_VARIABLE, planKeyVariables, RATE_LIMIT_KEY_VARIABLE };

let mainKey: SentKey | undefined;
export function targetKey(): SentKey {
  if (!mainKey) {
    const { schemes } = givenCredentials(contractTarget());
    mainKey = {
      value: contractTarget().apiKey,
      shownAs: `$${API_KEY_VARIABLE}`,
      ...(Object.keys(schemes).length > 0 ? { schemes } : {}),
    };
  }
  return mainKey;
}

/** A key given to the suite, shown as its variable; one the run made (and deletes) is no secret and shown as it is. */
function givenKey(value: string, variable: string): SentKey {
  return contractTarget().madeKeys?.includes(value) ? madeKey(value) : { value, shownAs: `$${variable}` };
}

/** A key the run made on a petstore-mock: shown as it is, sent in the scope it was made in. */
export function madeKey(value: string): SentKey {
  const scope = contractTarget().ownScopes?.[value];
  return scope ? { value, shownAs: value, scope } : madeUpKey(value);
}

/** What tells one key's counters from another's: its value, in its scope. */
export function keyId(key: SentKey): string {
  return `${key.scope ?? contractTarget().scope ?? ''}\u0000${key.value}`;
}

export function rateLimitKey(): SentKey | undefined {
  const value = contractTarget().rateLimitKey;
  return value === undefined ? undefined : givenKey(value, RATE_LIMIT_KEY_VARIABLE);
}

export function dayLimitKey(): SentKey | undefined {
  const value = contractTarget().dayLimitKey;
  return value === undefined ? undefined : givenKey(value, DAY_LIMIT_KEY_VARIABLE);
}

/** The keys of known plans, each shown as a variable named after its plan (and its rank in it). */
export function planKeys(): Array<{ plan: string; key: SentKey }> {
  const keys = contractTarget().planKeys ?? [];
  const variables = planKeyVariables(keys.map(({ plan }) => plan));
  return keys.map(({ plan, key }, index) => ({ plan, key: givenKey(key, variables[index] as string) }));
}

export function madeUpKey(value: string): SentKey {
  return { value, shownAs: value };
}

/**
 * A credential given to the suite (the main key's, by default) changed only in how it is written,
 * each with a shell expression that makes it from its variable (never the key itself). Spaces
 * around a header value are no part of it (RFC 9110 section 5.5), so the surrounding space is a
 * no-break space, which JavaScript's trim removes.
 */
export function lookalikeKeys(given: Credential = targetKey()): Array<{ form: string; key: SentKey }> {
  const { value } = given;
  const name = given.shownAs.startsWith('$') ? given.shownAs.slice(1) : API_KEY_VARIABLE;
  const variable = `$${name}`;
  const forms: Array<{ form: string; key: SentKey }> = [];
  const swapped = [...value].map((char) => (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()));
  if (swapped.join('') !== value) {
    forms.push({
      form: 'its letters in the other case',
      key: { value: swapped.join(''), shownAs: `$(printf %s "${variable}" | tr a-zA-Z A-Za-z)` },
    });
  }
  forms.push({
    form: 'a no-break space around it',
    key: { value: `\u00a0${value}\u00a0`, shownAs: `$(printf '\\240%s\\240' "${variable}")` },
  });
  const first = value.codePointAt(0) ?? 0;
  forms.push({
    form: 'its first character percent-encoded',
    key: {
      value: `%${first.toString(16).toUpperCase().padStart(2, '0')}${value.slice(1)}`,
      shownAs: `$(printf '%%%02X' "'\${${name}:0:1}")\${${name}:1}`,
    },
  });
  return forms;
}
