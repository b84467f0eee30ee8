// The requests that try an operation's credentials, in the schemes it declares: none at all, an
// unknown one in each scheme, and look-alikes of the credential given (in the scheme the suite
// sends it in) must each get 401; an operation open to all (`security: []`) answers without any.
import type { CredentialScheme } from '../../src/openapi/operation-security.js';
import { modelOf } from './contract-model.js';
import type { SpecOperation } from './contract-spec.js';
import { credentialIn, schemesToSend } from './credentials.js';
import { lookalikeKeys, madeUpKey, type SentKey, targetKey } from './keys.js';

export type CredentialCase = {
  /** The rule, after the operation's name. */
  rule: string;
  /** The key sent (null: none), and the schemes it goes in (default: the operation's). */
  key: SentKey | null;
  schemes?: readonly CredentialScheme[];
  /** What must come back: a 401, or (an open operation) the answer of a valid request. */
  expect: 'unauthorized' | 'answered';
  /** Said beside the expected status. */
  description?: string;
};

/** What a scheme carries, in words: "API key", "bearer token", "basic user name" (the key, as the mock reads it). */
function noun(scheme: CredentialScheme): string {
  switch (scheme.kind) {
    case 'apiKey':
      return 'API key';
    case 'bearer':
      return 'bearer token';
    case 'basic':
      return 'basic user name';
    case 'http':
      return `${scheme.authScheme} token`;
  }
}

/** Where a scheme carries it, for an operation that takes several. */
function place(scheme: CredentialScheme): string {
  if (scheme.kind !== 'apiKey') return ` (${scheme.scheme})`;
  return scheme.in === 'header'
    ? ` in the ${scheme.name} header`
    : ` in the ${scheme.in === 'query' ? 'query parameter' : 'cookie'} ${scheme.name}`;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** The credential cases of an operation; none where it declares an optional credential (answered with or without). */
export function credentialCases(operation: SpecOperation): CredentialCase[] {
  const security = modelOf(operation)?.security;
  if (!security) return [];
  if (security.open) {
    // Open to all: a read is answered without a credential (a write would leave a record behind).
    return security.schemes.length === 0 && operation.method === 'get'
      ? [
          {
            rule: 'a request without credentials is answered: the operation is open to all (security: [])',
            key: null,
            expect: 'answered',
          },
        ]
      : [];
  }
  const { schemes } = security;
  const nouns = [...new Set(schemes.map(noun))];
  const missing = nouns.length === 1 ? `${article(nouns[0] as string)} ${nouns[0]}` : 'credentials';
  const cases: CredentialCase[] = [
    { rule: `a request without ${missing} gets 401`, key: null, expect: 'unauthorized' },
  ];
  for (const scheme of schemes) {
    const where = schemes.length > 1 ? place(scheme) : '';
    cases.push({
      rule: `a request with an unknown ${noun(scheme)}${where} gets 401`,
      key: madeUpKey(`unknown-${Date.now()}`),
      schemes: [scheme],
      expect: 'unauthorized',
    });
  }
  const sent = schemesToSend(operation);
  const first = sent[0];
  if (first === undefined) return cases;
  // Look-alikes of what is sent there: the --auth or --header given for it, else --api-key.
  const given = credentialIn(targetKey(), first);
  const base = given.whole ? { value: targetKey().value, shownAs: targetKey().shownAs } : given;
  for (const { form, key } of lookalikeKeys(base)) {
    cases.push({
      rule: `the ${noun(first)} with ${form} gets 401: ${first.kind === 'apiKey' ? 'keys' : 'credentials'} are matched exactly`,
      key,
      schemes: sent,
      expect: 'unauthorized',
      description: `a look-alike of the ${first.kind === 'apiKey' ? 'key' : noun(first)} (${form}) refused`,
    });
  }
  return cases;
}
