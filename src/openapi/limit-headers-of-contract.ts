// Which rate-limit headers a contract's answers declare, read from every answer's headers: the
// names the mock then writes on every answer of the API (limits/limit-header-dialect.ts). A name
// it does not know as a limit header is left alone; a contract that declares none at all gets the
// Pet Store's X-RateLimit-*, and one that declares only Retry-After (on its 429) gets none.
import { type LimitHeaderDialect, PETSTORE_DIALECT, type WindowFact } from '../limits/limit-header-dialect.js';
import { type Contract, isBuiltInContract } from './load-contract.js';
import type { HeaderInfo } from './operation-answers.js';

/** What a declared header's description and example say of it. */
const saidOf = (header: HeaderInfo) =>
  `${header.description} ${JSON.stringify(header.schema.example ?? header.schema.examples ?? '')}`;

/** Whether a Reset header names the Unix second the window ends (its description says so). */
const resetIsAnInstant = (header: HeaderInfo) => /epoch|unix|timestamp|utc|time at which|date/i.test(saidOf(header));

/** Whether a Reset header counts seconds from now rather than naming the Unix second the window ends. */
function resetCountsFromNow(header: HeaderInfo): boolean {
  if (resetIsAnInstant(header)) return false;
  return /until|before|left|remaining|delta|how many seconds|number of seconds|seconds from now/i.test(saidOf(header));
}

/** What a declared header says of the window, by its name; undefined when it is no limit header. */
function factOf(header: HeaderInfo): WindowFact | undefined {
  const lower = header.name.toLowerCase();
  if (!/rate-?_?limit/.test(lower)) return undefined;
  const last = lower.split(/[-_]/).at(-1) ?? '';
  switch (last) {
    case 'limit':
      return 'limit';
    case 'remaining':
      return 'remaining';
    case 'reset':
      // A date-time names the instant in words (Mastodon's).
      if (header.schema.format === 'date-time') return 'reset-at';
      // The IETF drafts' RateLimit-Reset counts seconds, unless its contract says it names an instant
      // (Lob's and DigitalOcean's "UTC epoch seconds"); X-RateLimit-Reset is the Unix second unless told otherwise.
      return (lower === 'ratelimit-reset' && !resetIsAnInstant(header)) || resetCountsFromNow(header)
        ? 'reset-after'
        : 'reset';
    case 'used':
      return 'used';
    case 'resource':
      return 'resource';
    default:
      // "X-Rate-Limit" alone: the limit.
      return /^(x-)?rate-?_?limit$/.test(lower) ? 'limit' : undefined;
  }
}

export function limitHeaderDialectOf(contract: Contract): LimitHeaderDialect {
  if (isBuiltInContract(contract.file)) return PETSTORE_DIALECT;
  const declared = new Map<string, HeaderInfo>();
  for (const operation of contract.operations)
    for (const response of operation.responses.values())
      for (const header of response.headers)
        if (!declared.has(header.name.toLowerCase())) declared.set(header.name.toLowerCase(), header);

  const structured = declared.get('ratelimit');
  if (structured) {
    const said = saidOf(structured);
    return {
      kind: /limit=|remaining=/.test(said) && !/\br=/.test(said) ? 'ietf-07' : 'ietf-structured',
      policy: declared.has('ratelimit-policy'),
    };
  }
  const fields = [...declared.values()]
    .map((header) => ({ name: header.name, fact: factOf(header) }))
    .filter((field): field is { name: string; fact: WindowFact } => field.fact !== undefined);
  if (fields.length > 0) return { kind: 'fields', headers: fields };
  return declared.has('retry-after') ? { kind: 'none' } : PETSTORE_DIALECT;
}
