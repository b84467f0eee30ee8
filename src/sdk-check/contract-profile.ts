// What the SDK check reads from the contract its cases' mock serves, once per run: the scheme the
// client is told to send its key in (the one most operations take), the limit headers its answers
// carry (the mock's own reading, limit-headers-of-contract.ts), whether its Retry-After may be an
// HTTP-date, its reads and creates (the operations the faults cover), a read to warm the mock up
// with, and the words its verdicts use. The Pet Store's profile reads as the catalogue is written.
import { PETSTORE_KEY } from '../auth/authenticate-key.js';
import { type LimitHeaderDialect, PETSTORE_DIALECT } from '../limits/limit-header-dialect.js';
import { limitHeaderDialectOf } from '../openapi/limit-headers-of-contract.js';
import {
  type Contract,
  describeContractSource,
  isBuiltInContract,
  type OperationInfo,
} from '../openapi/load-contract.js';
import type { HeaderInfo } from '../openapi/operation-answers.js';
import type { CredentialScheme } from '../openapi/operation-security.js';
import { type CaseWords, limitWordsOf } from './case-words.js';

/** Whether the contract's Retry-After may be an HTTP-date, and if not, what it declares. */
export type RetryAfterForms = { httpDate: true } | { httpDate: false; declared: string };

export type ContractProfile = {
  title: string;
  version: string;
  /** "built-in", or the file's name. */
  source: string;
  /** Where the client sends its key: the scheme most operations take (the Pet Store's X-API-Key where none is declared). */
  credential: CredentialScheme;
  dialect: LimitHeaderDialect;
  /** Whether the contract declares its limit headers (else the mock writes the Pet Store's X-RateLimit-*). */
  declaresLimitHeaders: boolean;
  retryAfter: RetryAfterForms;
  /** The operationIds of its reads (GET) and its creates (POST): what the faults cover. */
  reads: string[];
  creates: string[];
  /** A read that needs no parameter, to warm the mock up with: its path under the base path. */
  warmUpPath: string | undefined;
  /** The refusals (429, 403, 503) some operation declares; the mock gives the others all the same, marked X-Mock-Contract-Gap. */
  declaredRefusals: number[];
  words: CaseWords;
};

/** An HTTP-date, to try a declared pattern on. */
const SAMPLE_DATE = 'Wed, 21 Oct 2015 07:28:00 GMT';

/** What a Retry-After declaration restricts it to, where it allows no HTTP-date; undefined where it does. */
function secondsOnly(header: HeaderInfo): string | undefined {
  const { schema } = header;
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((type) => type !== undefined);
  if (types.length > 0 && !types.includes('string')) return `Retry-After as ${types.join(' or ')} seconds`;
  if (typeof schema.pattern === 'string') {
    try {
      if (!new RegExp(schema.pattern, 'u').test(SAMPLE_DATE))
        return `Retry-After with a pattern no HTTP-date matches (${schema.pattern})`;
    } catch {
      return undefined;
    }
  }
  const said = `${header.description} ${JSON.stringify(schema.example ?? schema.examples ?? '')}`;
  if (/date/i.test(said) || !/second/i.test(said)) return undefined;
  return `Retry-After in seconds ("${header.description.trim().slice(0, 80)}")`;
}

/** Every Retry-After the contract declares: an HTTP-date is allowed where any allows it, or none is declared (RFC 9110). */
function retryAfterFormsOf(contract: Contract): RetryAfterForms {
  const declared = contract.operations.flatMap((operation) =>
    [...operation.responses.values()].flatMap((response) =>
      response.headers.filter((header) => header.name.toLowerCase() === 'retry-after'),
    ),
  );
  const restrictions = declared.map(secondsOnly);
  if (declared.length === 0 || restrictions.some((restriction) => restriction === undefined)) return { httpDate: true };
  return { httpDate: false, declared: restrictions[0] as string };
}

/** The scheme the most operations accept (the first of the contract's order on a tie); X-API-Key where none is declared. */
function mainScheme(operations: readonly OperationInfo[]): CredentialScheme {
  const counts = new Map<string, { scheme: CredentialScheme; operations: number }>();
  for (const operation of operations)
    for (const scheme of operation.security.schemes) {
      const counted = counts.get(scheme.scheme) ?? { scheme, operations: 0 };
      counted.operations += 1;
      counts.set(scheme.scheme, counted);
    }
  let main: { scheme: CredentialScheme; operations: number } | undefined;
  for (const counted of counts.values()) if (!main || counted.operations > main.operations) main = counted;
  return main?.scheme ?? PETSTORE_KEY;
}

/** A read with no required parameter (a list, as a client's first call often is). */
function warmUpRead(operations: readonly OperationInfo[]): string | undefined {
  return operations.find(
    (operation) =>
      operation.method === 'get' &&
      !operation.path.includes('{') &&
      !operation.parameters.some((parameter) => parameter.required),
  )?.path;
}

/** Whether an operation declares an answer for `status`: exactly, by its class (4XX), or as its default. */
const declares = (operation: OperationInfo, status: number) =>
  operation.responses.has(String(status)) ||
  operation.responses.has(`${String(status)[0]}XX`) ||
  operation.responses.has('default');

export function profileOf(contract: Contract): ContractProfile {
  const { title, version, source } = describeContractSource(contract);
  const dialect = limitHeaderDialectOf(contract);
  const ids = (method: OperationInfo['method']) =>
    contract.operations.filter((operation) => operation.method === method).map(({ operationId }) => operationId);
  const creates = ids('post');
  return {
    title,
    version,
    source,
    credential: mainScheme(contract.operations),
    dialect,
    // The reading gives the Pet Store's own dialect, as such, to a contract that declares none.
    declaresLimitHeaders: isBuiltInContract(contract.file) || dialect !== PETSTORE_DIALECT,
    retryAfter: retryAfterFormsOf(contract),
    reads: ids('get'),
    creates,
    warmUpPath: warmUpRead(contract.operations),
    declaredRefusals: [429, 403, 503].filter((status) =>
      contract.operations.some((operation) => declares(operation, status)),
    ),
    words: {
      ...limitWordsOf(dialect),
      // The mock's own code names a ban where the contract's errors carry it (the Pet Store's and its drafts').
      banned: contract.errorCodes.has('API_KEY_BANNED') ? '403 API_KEY_BANNED' : '403 (a banned key)',
      created: creates.includes('createPet') ? 'pet' : 'record',
    },
  };
}
