// The start-up banner: where the API is, where its data lives, and the keys to call it with.
import { blockedPortNote } from '../http/fetch-blocked-ports.js';
import { limitsOf } from '../limits/plans.js';
import type { MockServer } from '../server.js';
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

/** Which contract is served: the built-in one, or the file given (and how many files it names). */
function describeContractServed(server: MockServer): string {
  const draft = server.contractDraft;
  if (!draft) return 'built in';
  const others = draft.sources.length - 1;
  return `from --contract ${draft.shown}${others > 0 ? ` and the ${others === 1 ? 'file' : `${others} files`} it references` : ''}`;
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
    `  petstore-mock: the Pet Store API ${String((server.contract.document.info as { version?: string }).version)} is served at`,
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
    keys.length > 0
      ? '  API keys (send one in the X-API-Key header):'
      : '  No API keys yet (started with --no-demo-keys).',
    ...keys,
    ...(moreKeys > 0 ? [`    ... and ${moreKeys} more`] : []),
    '',
    `  Try:  curl -H 'X-API-Key: ${firstKey}' ${server.url}/pets`,
    '',
  ].join('\n');
}
