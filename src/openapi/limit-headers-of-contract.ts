// Which rate-limit headers a contract's answers declare, read from every answer's headers: the
// names the mock then writes on every answer of the API (limits/limit-header-dialect.ts). A name
// it does not know as a limit header is left alone; a contract that declares none at all gets the
// Pet Store's X-RateLimit-*, and one that declares only Retry-After (on its 429) gets none.
import { type LimitHeaderDialect, PETSTORE_DIALECT, type WindowFact } from '../limits/limit-header-dialect.js';
import { type Contract, isBuiltInContract } from './load-contract.js';
import type { HeaderInfo } from './operation-answers.js';

/** Whether a Reset header counts seconds from now rather than naming the Unix second the window ends. */
function resetCountsFromNow(header: HeaderInfo): boolean {
  const said = `${header.description} ${JSON.stringify(header.schema.example ?? header.schema.examples ?? '')}`;
  if (/epoch|unix|timestamp|utc|time at which|date/i.test(said)) return false;
  return /until|before|left|remaining|delta|how many seconds|number of seconds|seconds from now/i.test(said);
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
      // The IETF drafts' RateLimit-Reset counts seconds; X-RateLimit-Reset is the Unix second unless told otherwise.
      return lower === 'ratelimit-reset' || resetCountsFromNow(header) ? 'reset-after' : 'reset';
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
    const said = `${structured.description} ${JSON.stringify(structured.schema.example ?? structured.schema.examples ?? '')}`;
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
