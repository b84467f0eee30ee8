// Sends a planned request to a server (through Prism's validation proxy) with a bound on its
// time, encoding the body as its media type says, and reads the answer with the violations the
// proxy found in the `sl-violations` header: those of the answer judge the server, those of the
// request judge this harness's requests.
import { FILE_CONTENT } from './draw-value.js';
import type { PlannedRequest } from './operations.js';

// A bound on a hang, not a measure: a first request to a route can take seconds on a busy machine.
const REQUEST_SECONDS = 60;
const KEPT_BODY = 2_000;

export type Violation = { location: string[]; severity: string; code?: string | number; message: string };

export type Answer = {
  label: string;
  method: string;
  path: string;
  /** 0 when none came within the bound or the connection failed. */
  status: number;
  contentType: string;
  location?: string;
  /** The body, parsed when it is JSON. */
  body: unknown;
  /** The start of the body as text, for the report. */
  text: string;
  answerViolations: Violation[];
  requestViolations: Violation[];
  error?: string;
};

/** Form fields as OpenAPI's form style writes them: nested values as `a[b]=1`, arrays as the key repeated. */
function formFields(value: unknown, prefix = ''): Array<[string, string]> {
  if (Array.isArray(value))
    return (value.length === 1 ? [value[0], value[0]] : value).flatMap((item) => formFields(item, prefix));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => formFields(item, prefix ? `${prefix}[${key}]` : key));
  return [[prefix, String(value)]];
}

function encode(contentType: string, value: unknown): BodyInit {
  if (/json/.test(contentType)) return JSON.stringify(value);
  if (/x-www-form-urlencoded/.test(contentType)) return new URLSearchParams(formFields(value)).toString();
  if (/^multipart\//.test(contentType)) {
    const form = new FormData();
    for (const [name, item] of Object.entries((value ?? {}) as Record<string, unknown>)) {
      // A file field (binary in the schema) travels as a small file; anything else as text.
      if (item === FILE_CONTENT) form.append(name, new Blob([FILE_CONTENT]), 'sample.txt');
      else form.append(name, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
    return form;
  }
  return typeof value === 'string' ? value : JSON.stringify(value ?? '');
}

function violationsOf(header: string | null): Violation[] {
  if (!header) return [];
  try {
    const parsed = JSON.parse(header) as Violation[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [
      {
        location: ['response'],
        severity: 'Error',
        message: `unreadable sl-violations header: ${header.slice(0, 200)}`,
      },
    ];
  }
}

/** The answer of a request not sent, counted as a 5xx: a server that stopped answering is not waited for again and again. */
export function notSent(request: PlannedRequest, reason: string): Answer {
  const base = { label: request.label, method: request.method, path: request.path };
  return {
    ...base,
    status: 0,
    contentType: '',
    body: undefined,
    text: '',
    answerViolations: [],
    requestViolations: [],
    error: reason,
  };
}

/**
 * Sends once more when the proxy itself could not reach the server (its FetchError answer): the
 * proxy reuses idle connections, and one the server is closing at that moment resets, which says
 * nothing about the server's answers.
 */
export async function send(baseUrl: string, request: PlannedRequest): Promise<Answer> {
  const answer = await sendOnce(baseUrl, request);
  const proxyFailed = answer.status >= 500 && (answer.body as { type?: unknown } | undefined)?.type === 'FetchError';
  return proxyFailed ? sendOnce(baseUrl, request) : answer;
}

async function sendOnce(baseUrl: string, request: PlannedRequest): Promise<Answer> {
  const search = new URLSearchParams(request.query).toString();
  const url = `${baseUrl}${request.path}${search ? `?${search}` : ''}`;
  const headers: Record<string, string> = { ...request.headers };
  const init: RequestInit = { method: request.method, headers, signal: AbortSignal.timeout(REQUEST_SECONDS * 1000) };
  if (request.body) {
    init.body = encode(request.body.contentType, request.body.value);
    // FormData sets its own boundary.
    if (!/^multipart\//.test(request.body.contentType)) headers['content-type'] = request.body.contentType;
  }
  const base = { label: request.label, method: request.method, path: request.path };
  try {
    const response = await fetch(url, init);
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    let body: unknown = text;
    if (/json/.test(contentType)) {
      try {
        body = JSON.parse(text);
      } catch {
        // Kept as text: the judge says whether that breaks the document.
      }
    }
    const violations = violationsOf(response.headers.get('sl-violations'));
    return {
      ...base,
      status: response.status,
      contentType,
      ...(response.headers.get('location') ? { location: response.headers.get('location') ?? '' } : {}),
      body,
      text: text.slice(0, KEPT_BODY),
      answerViolations: violations.filter((violation) => violation.location?.[0] !== 'request'),
      requestViolations: violations.filter((violation) => violation.location?.[0] === 'request'),
    };
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${REQUEST_SECONDS} s` : String(error);
    return notSent(request, reason);
  }
}
