// The credentials an operation takes, read from the contract's security schemes and the
// operation's (else the document's) `security`: an API key in a header, query or cookie; HTTP
// bearer (OAuth2 and OpenID Connect tokens are bearer tokens too); HTTP basic; another HTTP
// scheme (`Authorization: Token …`). The mock accepts any key it knows in any scheme the operation
// declares; an empty requirement (`security: []`, or `{}` among alternatives) makes it open.
import { asObject, type JsonObject, resolveLocalRef } from './json-pointer.js';

export type CredentialScheme =
  | { scheme: string; kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string }
  | { scheme: string; kind: 'bearer' }
  | { scheme: string; kind: 'basic' }
  /** Another HTTP authentication scheme: `Authorization: <authScheme> <key>`. */
  | { scheme: string; kind: 'http'; authScheme: string };

export type OperationSecurity = {
  /** Whether a request without any credential is answered (an empty requirement is declared, or none at all). */
  open: boolean;
  /** Every scheme any of its requirements names, in the contract's order: a known key in any one is accepted. */
  schemes: CredentialScheme[];
};

const OPEN: OperationSecurity = { open: true, schemes: [] };

/** A security scheme of the contract as the mock reads a credential from it; undefined for one it cannot (mutualTLS). */
function readScheme(name: string, raw: JsonObject): CredentialScheme | undefined {
  switch (raw.type) {
    case 'apiKey': {
      const place = raw.in === 'query' || raw.in === 'cookie' ? raw.in : 'header';
      return { scheme: name, kind: 'apiKey', in: place, name: typeof raw.name === 'string' ? raw.name : 'X-API-Key' };
    }
    case 'http': {
      const scheme = String(raw.scheme ?? '').toLowerCase();
      if (scheme === 'bearer') return { scheme: name, kind: 'bearer' };
      if (scheme === 'basic') return { scheme: name, kind: 'basic' };
      return { scheme: name, kind: 'http', authScheme: String(raw.scheme ?? 'Bearer') };
    }
    case 'oauth2':
    case 'openIdConnect':
      return { scheme: name, kind: 'bearer' };
    default:
      return undefined;
  }
}

/** The contract's security schemes, by name. */
export function readSecuritySchemes(document: JsonObject): Map<string, CredentialScheme> {
  const schemes = new Map<string, CredentialScheme>();
  for (const [name, raw] of Object.entries(asObject(asObject(document.components).securitySchemes))) {
    const scheme = readScheme(name, resolveLocalRef(document, raw));
    if (scheme) schemes.set(name, scheme);
  }
  return schemes;
}

/**
 * The credentials of an operation: its own `security`, else the document's. A requirement naming
 * only schemes the mock cannot check (mutualTLS, a name with no scheme) counts as open: the mock
 * cannot ask for what it cannot read.
 */
export function describeSecurity(
  schemes: ReadonlyMap<string, CredentialScheme>,
  operationSecurity: unknown,
  documentSecurity: unknown,
): OperationSecurity {
  const requirements = Array.isArray(operationSecurity)
    ? operationSecurity
    : Array.isArray(documentSecurity)
      ? documentSecurity
      : [];
  if (requirements.length === 0) return OPEN;
  let open = false;
  const named: CredentialScheme[] = [];
  for (const requirement of requirements) {
    const inRequirement = Object.keys(asObject(requirement))
      .map((name) => schemes.get(name))
      .filter((scheme) => scheme !== undefined);
    if (inRequirement.length === 0) open = true;
    for (const scheme of inRequirement) if (!named.includes(scheme)) named.push(scheme);
  }
  return { open, schemes: named };
}

/** A scheme in words, for a 401's message and the banner: "the X-API-Key header", "Authorization: Bearer <key>". */
export function describeScheme(scheme: CredentialScheme): string {
  switch (scheme.kind) {
    case 'apiKey':
      return scheme.in === 'header'
        ? `the ${scheme.name} header`
        : scheme.in === 'query'
          ? `the query parameter ${scheme.name}`
          : `the cookie ${scheme.name}`;
    case 'bearer':
      return 'Authorization: Bearer <key>';
    case 'basic':
      return 'HTTP basic authentication, the key as the user name';
    case 'http':
      return `Authorization: ${scheme.authScheme} <key>`;
  }
}
