// The success answer a convention gives for an operation: which 2xx status the contract
// declares for it (201 for a create, 204 for a delete when declared), its media types, the
// schema of its JSON body, and the headers it declares.
import type { OperationInfo } from '../../openapi/load-contract.js';
import { jsonStreamOf, mediaFamily } from '../../openapi/media-types.js';
import type { MediaInfo, ResponseInfo } from '../../openapi/operation-answers.js';

export type SuccessAnswer = {
  status: number;
  /** The schema of its JSON body (the one the records, envelopes and examples are read from). */
  schema: unknown;
  /** Its media types, in the contract's order: what an answer may be sent as (answer-media.ts). */
  media: readonly MediaInfo[];
  /** Whether the answer declares a header (its name compared without case). */
  declares(header: string): boolean;
};

const PREFERRED: Record<string, readonly string[]> = {
  post: ['201', '200', '202'],
  delete: ['204', '200', '202'],
};

/** The JSON media type of an answer, else a stream of JSON values, else the first whose schema is an object or array (XML's). */
export function jsonMedia(response: ResponseInfo | undefined): MediaInfo | undefined {
  const media = response?.media ?? [];
  return (
    media.find((entry) => entry.type === 'application/json') ??
    media.find((entry) => mediaFamily(entry.type) === 'json') ??
    media.find((entry) => entry.schema !== undefined && jsonStreamOf(entry.type) !== undefined) ??
    media.find((entry) => entry.schema !== undefined && mediaFamily(entry.type) === 'xml')
  );
}

/**
 * The answer of an operation that declares no success at all (`GET /status/404`, a redirect):
 * its lowest 3xx, else its lowest 4xx or 5xx; a 1xx is no final answer. Undefined where a
 * `2XX` or `default` stands for its success.
 */
function onlyAnswer(operation: OperationInfo): string | undefined {
  if (operation.responses.has('2XX') || operation.responses.has('default')) return undefined;
  const final = [...operation.responses.keys()].filter((status) => /^[3-5]\d\d$/.test(status)).sort();
  return final.find((status) => status.startsWith('3')) ?? final[0];
}

export function successAnswer(operation: OperationInfo): SuccessAnswer {
  const declared = [...operation.responses.keys()].filter((status) => /^2\d\d$/.test(status));
  const order = PREFERRED[operation.method] ?? ['200'];
  const status =
    order.find((candidate) => declared.includes(candidate)) ??
    declared.sort()[0] ??
    (declared.length === 0 ? onlyAnswer(operation) : undefined) ??
    '200';
  // A document that declares no 2xx (only `default: successful operation`) answers that one.
  const response =
    operation.responses.get(status) ??
    operation.responses.get('2XX') ??
    (declared.length === 0 ? operation.responses.get('default') : undefined);
  const headers = new Set(response?.headers.map((header) => header.name.toLowerCase()) ?? []);
  return {
    status: Number(status),
    schema: jsonMedia(response)?.schema,
    media: response?.media ?? [],
    declares: (header) => headers.has(header.toLowerCase()),
  };
}
