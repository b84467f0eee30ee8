// What Prism's validation proxy lets pass: an answer in a media type its status does not
// declare (Prism then checks no body at all, so a JSON error where the document declares
// application/problem+json goes unseen), a body where the status declares none, and an empty
// body where it declares one. Checked here beside Prism's violations, named as this harness's.
import type { Schema } from './draw-value.js';
import type { Answer } from './send.js';

/** The response object the document declares for a status: its own, its class (4XX), or default. */
export function declaredResponse(operation: Schema, status: number): Schema | undefined {
  const responses: Record<string, Schema> = operation.responses ?? {};
  return (
    responses[String(status)] ??
    responses[`${String(status)[0]}XX`] ??
    responses[`${String(status)[0]}xx`] ??
    responses.default
  );
}

const matches = (declared: string, actual: string) => {
  const [type, subtype] = declared.toLowerCase().split(';')[0]?.trim().split('/') ?? [];
  const [actualType, actualSubtype] = actual.split('/');
  return (type === '*' || type === actualType) && (subtype === '*' || subtype === actualSubtype);
};

export function mediaProblems(operation: Schema | undefined, answer: Answer): string[] {
  if (!operation || answer.status === 0) return [];
  const response = declaredResponse(operation, answer.status);
  if (!response) return [];
  const declared = Object.keys(response.content ?? {});
  const actual = answer.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const empty = answer.text.length === 0;
  if (declared.length === 0)
    return empty
      ? []
      : [`harness: a body (${actual || 'no Content-Type'}) where the document declares none for ${answer.status}`];
  if (empty) return [`harness: an empty body where the document declares ${declared.join(', ')} for ${answer.status}`];
  if (!declared.some((type) => matches(type, actual)))
    return [
      `harness: answered as ${actual || 'no Content-Type'} where the document declares ${declared.join(', ')} for ${answer.status}`,
    ];
  return [];
}
