// The credentials a request carries, in the schemes its operation declares (read as the mock reads
// them: src/openapi/operation-security.ts): an API key in a header, the query or a cookie; a bearer
// token (OAuth2 and OpenID Connect tokens too); HTTP basic, the key as the user name; another HTTP
// scheme's token. What the user gives (--api-key for every scheme, --auth SCHEME=VALUE for one,
// --header 'NAME: VALUE' as curl takes it) is sent as its value and written in every report as the
// variable it came from, never as the value itself.
import { type CredentialScheme, readSecuritySchemes } from '../../src/openapi/operation-security.js';
import { SPEC, type SpecOperation } from './contract-spec.js';
import { type HttpAnswer, httpRequest } from './http-client.js';
import { answerTimeoutSeconds, type ContractTarget, SCOPE_HEADER } from './target.js';

/**
 * One secret, and how reports write it: a variable ("$PETSTORE_API_KEY"), a shell expression of
 * one, or a key the suite made up, as it is.
 */
export type Credential = {
  value: string;
  shownAs: string;
  /** An Authorization header given whole (--header 'Authorization: …'): sent as it is. */
  whole?: boolean;
};

/** A credential to send, and the one it sends in each scheme where that differs (--auth, --header). */
export type KeyCredentials = Credential & { schemes?: Readonly<Record<string, Credential>> };

/** A part of a request that carries a secret: where it goes, its value, and how reports write it. */
export type SecretPart = {
  in: 'header' | 'query' | 'cookie' | 'basic';
  /** The header, query parameter or cookie; empty for basic credentials. */
  name: string;
  value: string;
  shown: string;
  /** Whether `shown` is a shell expression (a variable): written in double quotes in a curl line. */
  shell: boolean;
};

/** The contract's security schemes, by name, as the mock reads them. */
export const SCHEMES: ReadonlyMap<string, CredentialScheme> = readSecuritySchemes(SPEC);

export const AUTH_VARIABLE_PREFIX = 'PETSTORE_AUTH_';
export const HEADER_VARIABLE_PREFIX = 'PETSTORE_HEADER_';

/** The variable a value of --auth or --header is shown as: PETSTORE_AUTH_BEARERAUTH, PETSTORE_HEADER_X_TENANT. */
export const variableOf = (prefix: string, name: string) =>
  `${prefix}${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;

/**
 * The schemes a request of `operation` sends: every scheme of its first requirement whose schemes
 * the suite can fill (the operation's own `security`, else the document's); none where the
 * operation is open to all (`security: []`, or no scheme at all). An optional credential
 * (`[{}, {apiKey: []}]`) is sent.
 */
export function schemesToSend(operation: SpecOperation | undefined): CredentialScheme[] {
  const declared = operation?.raw?.security ?? SPEC.security;
  for (const requirement of Array.isArray(declared) ? declared : []) {
    const schemes = Object.keys(requirement ?? {}).map((name) => SCHEMES.get(name));
    if (schemes.length > 0 && schemes.every((scheme) => scheme !== undefined)) return schemes as CredentialScheme[];
  }
  return [];
}

/** The schemes whose credential a header of this name carries: an API key's header, or Authorization. */
export function schemesInHeader(name: string): CredentialScheme[] {
  const lower = name.toLowerCase();
  return [...SCHEMES.values()].filter((scheme) =>
    scheme.kind === 'apiKey'
      ? scheme.in === 'header' && scheme.name.toLowerCase() === lower
      : lower === 'authorization',
  );
}

/**
 * What the user gave besides --api-key: the credential of each scheme named by --auth or carried by
 * a --header (--auth first), and the other --headers, sent on every request.
 */
export function givenCredentials(target: Pick<ContractTarget, 'auth' | 'headers'>): {
  schemes: Record<string, Credential>;
  headers: SecretPart[];
} {
  const schemes: Record<string, Credential> = {};
  const headers: SecretPart[] = [];
  for (const { name, value } of target.headers ?? []) {
    const shownAs = `$${variableOf(HEADER_VARIABLE_PREFIX, name)}`;
    const carried = schemesInHeader(name);
    if (carried.length === 0) headers.push({ in: 'header', name, value, shown: shownAs, shell: true });
    for (const scheme of carried)
      schemes[scheme.scheme] = { value, shownAs, ...(scheme.kind === 'apiKey' ? {} : { whole: true }) };
  }
  for (const { scheme, value } of target.auth ?? [])
    schemes[scheme] = { value, shownAs: `$${variableOf(AUTH_VARIABLE_PREFIX, scheme)}` };
  return { schemes, headers };
}

/** The credential `key` sends in `scheme`. */
export function credentialIn(key: KeyCredentials, scheme: CredentialScheme): Credential {
  return key.schemes?.[scheme.scheme] ?? key;
}

/** The part that carries `credential` in `scheme`. */
function partOf(scheme: CredentialScheme, credential: Credential): SecretPart {
  const { value, shownAs, whole } = credential;
  const shell = shownAs.startsWith('$');
  const header = (name: string, prefix = ''): SecretPart => ({
    in: 'header',
    name,
    value: `${prefix}${value}`,
    shown: `${prefix}${shownAs}`,
    shell,
  });
  if (whole && scheme.kind !== 'apiKey') return header('Authorization');
  switch (scheme.kind) {
    case 'apiKey':
      return scheme.in === 'header'
        ? header(scheme.name)
        : { in: scheme.in, name: scheme.name, value, shown: shownAs, shell };
    case 'bearer':
      return header('Authorization', 'Bearer ');
    case 'http':
      return header('Authorization', `${scheme.authScheme} `);
    case 'basic':
      return { in: 'basic', name: '', value, shown: shownAs, shell };
  }
}

/** The parts that carry `key` in each of `schemes`. */
export function secretParts(key: KeyCredentials, schemes: readonly CredentialScheme[]): SecretPart[] {
  return schemes.map((scheme) => partOf(scheme, credentialIn(key, scheme)));
}

/** A query pair's name, decoded where it can be. */
function pairName(pair: string): string {
  const name = pair.split('=')[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * `url` without the query pairs a query credential names: a required parameter that is also the
 * API key's parameter was sent twice, the value written for it and the key, and a server reads one.
 */
function withoutCredentialQuery(url: string, parts: readonly SecretPart[]): string {
  const names = new Set(parts.filter((part) => part.in === 'query').map((part) => part.name));
  const at = url.indexOf('?');
  if (names.size === 0 || at < 0) return url;
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => !names.has(pairName(pair)));
  return kept.length > 0 ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}

/** The URL and headers of a request with `parts` added: query values and cookies percent-encoded. */
export function withSecrets(
  url: string,
  headers: Record<string, string>,
  parts: readonly SecretPart[],
): { url: string; headers: Record<string, string> } {
  const sent = { ...headers };
  let withQuery = withoutCredentialQuery(url, parts);
  const cookies: string[] = [];
  for (const part of parts) {
    if (part.in === 'header') sent[part.name] = part.value;
    else if (part.in === 'basic') sent.Authorization = `Basic ${Buffer.from(`${part.value}:`).toString('base64')}`;
    else if (part.in === 'cookie') cookies.push(`${part.name}=${encodeURIComponent(part.value)}`);
    else
      withQuery += `${withQuery.includes('?') ? '&' : '?'}${encodeURIComponent(part.name)}=${encodeURIComponent(part.value)}`;
  }
  if (cookies.length > 0) sent.Cookie = [...(sent.Cookie ? [sent.Cookie] : []), ...cookies].join('; ');
  return { url: withQuery, headers: sent };
}

const singleQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** A shell word: in double quotes where it holds a variable, so that the shell expands it. */
const quoted = (text: string, shell: boolean) => (shell ? `"${text}"` : singleQuoted(text));

/** The URL as a report shows it: with its query credentials written as their variables. */
export function shownUrl(sent: string, parts: readonly SecretPart[]): string {
  const query = parts.filter((part) => part.in === 'query');
  if (query.length === 0) return sent;
  const url = withoutCredentialQuery(sent, parts);
  return `${url}${url.includes('?') ? '&' : '?'}${query.map((part) => `${part.name}=${part.shown}`).join('&')}`;
}

/** The curl arguments that send `parts` (the URL's own query credentials apart: see curlUrl). */
export function curlSecretArgs(parts: readonly SecretPart[]): string[] {
  const args: string[] = [];
  for (const part of parts) {
    if (part.in === 'header') args.push('-H', quoted(`${part.name}: ${part.shown}`, part.shell));
    else if (part.in === 'basic') args.push('-u', quoted(`${part.shown}:`, part.shell));
  }
  const cookies = parts.filter((part) => part.in === 'cookie');
  if (cookies.length > 0)
    args.push(
      '-b',
      quoted(
        cookies.map((part) => `${part.name}=${part.shown}`).join('; '),
        cookies.some((part) => part.shell),
      ),
    );
  return args;
}

/** The URL argument of a curl line: quoted as it is, and its query credentials as variables the shell expands. */
export function curlUrl(sent: string, parts: readonly SecretPart[]): string {
  const query = parts.filter((part) => part.in === 'query');
  if (query.length === 0) return singleQuoted(sent);
  const url = withoutCredentialQuery(sent, parts);
  const added = query.map((part) => `${part.name}=${part.shown}`).join('&');
  return `${singleQuoted(url)}${quoted(
    `${url.includes('?') ? '&' : '?'}${added}`,
    query.some((part) => part.shell),
  )}`;
}

/**
 * The URL and headers of one of the runner's own requests to `operation` (before the checks, in
 * the runner's process): `key` in the schemes it declares (the main key's own credential in a
 * scheme given one), and the --headers given; none of the key where `key` is undefined.
 */
export function runnerRequest(
  target: ContractTarget,
  operation: SpecOperation,
  path: string,
  key: string | undefined,
): { url: string; headers: Record<string, string> } {
  const given = givenCredentials(target);
  const url = `${target.baseUrl.replace(/\/+$/, '')}${path}`;
  const keyParts =
    key === undefined
      ? []
      : secretParts(
          { value: key, shownAs: key, ...(key === target.apiKey ? { schemes: given.schemes } : {}) },
          schemesToSend(operation),
        );
  return withSecrets(url, {}, [...given.headers, ...keyParts]);
}

/** A GET the runner sends before the first check (runnerRequest), in the run's scope, within its answer timeout. */
export function runnerGet(
  target: ContractTarget,
  operation: SpecOperation,
  path: string,
  key: string | undefined,
): Promise<HttpAnswer> {
  const { url, headers } = runnerRequest(target, operation, path, key);
  return httpRequest({
    method: 'GET',
    url,
    headers: { ...headers, ...(target.scope ? { [SCOPE_HEADER]: target.scope } : {}) },
    timeoutMs: answerTimeoutSeconds(target) * 1000,
    ...(target.caFile ? { caFile: target.caFile } : {}),
  });
}
