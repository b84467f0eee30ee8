// The start-up banner: where the API is, where its data lives, and the keys to call it with.
import { blockedPortNote } from '../http/fetch-blocked-ports.js';
import { limitsOf } from '../limits/plans.js';
import { describeContractSource } from '../openapi/load-contract.js';
import { describeScheme } from '../openapi/operation-security.js';
import type { MockServer } from '../server/server.js';
import type { ApiKeyRecord } from '../store/data-set.js';

// Thousands separated by hand: the first toLocaleString loads ICU's number data (~20 ms of start).
const count = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const CONTROL_ACCESS_NOTE = {
  open: 'open on loopback',
  token: 'needs Authorization: Bearer <control token>',
  closed: 'CLOSED: listening beyond loopback without --control-token',
} as const;

/** Operations answered otherwise than by the Pet Store's rules, shown one a line; longer than this, cut. */
const HOW_WIDTH = 110;

/** How the operations are answered: counted by kind, each one named that is not answered by its own rules. */
function operationLines(server: MockServer): string[] {
  const { operations } = server;
  const byKind = (kind: string) => operations.filter((operation) => operation.answeredBy === kind);
  const counts = ['rules', 'convention', 'examples', 'upstream']
    .map((kind) => [kind, byKind(kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(
      ([kind, n]) =>
        `${n} by ${kind === 'rules' ? "the Pet Store's rules" : kind === 'upstream' ? 'the upstream' : kind}`,
    );
  const shown = operations.filter(
    (operation) => operation.answeredBy === 'convention' || operation.answeredBy === 'examples',
  );
  const width = shown.reduce((widest, operation) => Math.max(widest, operation.operationId.length), 0);
  return [
    `  Operations: ${operations.length} (${counts.join(', ')}); GET /__mock/operations tells each.`,
    ...shown.map((operation) => {
      const line = `    ${operation.operationId.padEnd(width)}  ${operation.answeredBy}: ${operation.how}`;
      return line.length > HOW_WIDTH ? `${line.slice(0, HOW_WIDTH - 1)}…` : line;
    }),
    '',
  ];
}

/** "the Pet Store API 1.0.0", or another contract's own title and version: "Train Travel API 1.2.1". */
function contractName(server: MockServer): string {
  const { title, version } = describeContractSource(server.contract);
  return title === 'Pet Store' ? `the Pet Store API ${version}` : `${title || 'the API'} ${version}`.trim();
}

/** The credential a first request sends, as curl writes it: in the scheme of the first operation it reads. */
function tryLine(server: MockServer, key: string): string {
  const reads = server.contract.operations.filter(
    (operation) => operation.method === 'get' && !operation.parameters.some((parameter) => parameter.required),
  );
  const first = reads.find((operation) => operation.path === '/pets') ?? reads[0];
  if (!first) return '';
  const url = `${server.url}${first.path}`;
  const scheme = first.security.schemes[0];
  if (!scheme || (first.security.open && scheme.kind !== 'apiKey')) return `  Try:  curl ${url}`;
  switch (scheme.kind) {
    case 'apiKey':
      if (scheme.in === 'query')
        return `  Try:  curl '${url}?${encodeURIComponent(scheme.name)}=${encodeURIComponent(key)}'`;
      if (scheme.in === 'cookie') return `  Try:  curl -b '${scheme.name}=${key}' ${url}`;
      return `  Try:  curl -H '${scheme.name}: ${key}' ${url}`;
    case 'bearer':
      return `  Try:  curl -H 'Authorization: Bearer ${key}' ${url}`;
    case 'basic':
      return `  Try:  curl -u '${key}:' ${url}`;
    case 'http':
      return `  Try:  curl -H 'Authorization: ${scheme.authScheme} ${key}' ${url}`;
  }
}

/** How a key is sent, for the keys' heading: "send one in the X-API-Key header". */
function keysHeading(server: MockServer): string {
  const schemes = [
    ...new Map(
      server.contract.operations
        .flatMap((operation) => operation.security.schemes)
        .map((scheme) => [scheme.scheme, scheme]),
    ).values(),
  ];
  if (schemes.length === 0)
    return '  API keys (the contract asks for none; send one in the X-API-Key header to try limits):';
  const ways = schemes.map((scheme) => `${scheme.kind === 'apiKey' ? 'in' : 'as'} ${describeScheme(scheme)}`);
  return `  API keys (send one ${ways.join(', or ')}):`;
}

/** The answers the contract does not declare, by status, each once: given all the same, marked. */
function gapLines(server: MockServer): string[] {
  const byGap = new Map<string, string[]>();
  for (const operation of server.operations) {
    for (const gap of operation.gaps ?? []) byGap.set(gap, [...(byGap.get(gap) ?? []), operation.operationId]);
  }
  if (byGap.size === 0) return [];
  const all = server.operations.length;
  return [
    '  Answers the contract does not declare, given all the same with X-Mock-Contract-Gap (declare them to make them its own):',
    ...[...byGap]
      .sort(([one], [other]) => one.localeCompare(other))
      .map(([gap, ids]) => {
        const which =
          ids.length === all
            ? 'every operation'
            : ids.length > 6
              ? `${ids.slice(0, 6).join(', ')} and ${ids.length - 6} more`
              : ids.join(', ');
        const line = `    ${gap}: ${which}`;
        return line.length > HOW_WIDTH ? `${line.slice(0, HOW_WIDTH - 1)}…` : line;
      }),
    '',
  ];
}

/** Which contract is served: the built-in one, or the file given (and how many files it names). */
function describeContractServed(server: MockServer): string {
  const draft = server.contractDraft;
  if (!draft) return 'built in';
  const others = draft.sources.length - 1;
  const read = draft.convertedFrom ? `, ${draft.convertedFrom} read as OpenAPI 3.0` : '';
  return `from --contract ${draft.shown}${others > 0 ? ` and the ${others === 1 ? 'file' : `${others} files`} it references` : ''}${read}`;
}

/** `workers`: how many processes serve the port (serve --workers), when more than this one. */
export function renderBanner(
  server: MockServer,
  dataOrigin: string,
  apiKeys: readonly ApiKeyRecord[],
  workers?: number,
): string {
  const keys = apiKeys.slice(0, 8).map((record) => {
    const limits = limitsOf(record);
    return `    ${record.key.padEnd(18)} ${record.plan.padEnd(10)} ${count(limits.perMinute)}/min, ${count(limits.perDay)}/day`;
  });
  const moreKeys = apiKeys.length - keys.length;
  const firstKey = apiKeys[0]?.key ?? 'YOUR-KEY';
  const blocked = blockedPortNote(server.port, 'Its');
  return [
    '',
    `  petstore-mock: ${contractName(server)} is served at`,
    '',
    `    API        ${server.url}`,
    ...(blocked
      ? [`               ${blocked}: a browser or a client built on fetch cannot call it. Pick another --port.`]
      : []),
    `    Reference  ${server.origin}/docs`,
    `    Contract   ${server.origin}/openapi.yaml (${describeContractServed(server)})`,
    `    Data       ${dataOrigin ? `${server.dataLocation} (${dataOrigin})` : server.dataLocation}`,
    `    Dashboard  ${server.origin}/__mock/ui`,
    `    Control    ${server.origin}/__mock/state (${CONTROL_ACCESS_NOTE[server.controlAccess]})`,
    `    Scopes     X-Mock-Scope: NAME on any request gives it a world of its own; at most ${count(server.config.maxScopes)} (--max-scopes),`,
    `               each dropped after ${count(server.config.scopeIdleSeconds)} s unused (--scope-idle-seconds)`,
    ...(workers === undefined
      ? []
      : [
          `    Workers    ${workers} processes serve this port (--workers), sharing one state; one that dies is replaced`,
        ]),
    '',
    ...operationLines(server),
    ...gapLines(server),
    keys.length > 0 ? keysHeading(server) : '  No API keys yet (started with --no-demo-keys).',
    ...keys,
    ...(moreKeys > 0 ? [`    ... and ${moreKeys} more`] : []),
    '',
    tryLine(server, firstKey),
    '',
  ].join('\n');
}
