// Whole OpenAPI documents written for a test, shaped as real APIs shape theirs, each written to a
// folder of its own as a user keeps one, and the mock started on it.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SpecDocument } from './spec.js';

/** Writes `document` as JSON to a folder of its own; answers the file. */
export async function writeDocument(document: SpecDocument): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'document-'));
  const file = join(folder, 'openapi.json');
  await writeFile(file, JSON.stringify(document, null, 2));
  return file;
}

/** A JSON answer of `schema`, with `headers`. */
export const jsonAnswer = (description: string, schema: SpecDocument, headers?: SpecDocument) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
});

/** A JSON request body of `schema`. */
export const jsonBody = (schema: SpecDocument) => ({ required: true, content: { 'application/json': { schema } } });

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** An integer query parameter, optional. */
export const integerQuery = (name: string, schema: SpecDocument = {}) => ({
  name,
  in: 'query',
  schema: { type: 'integer', ...schema },
});

/** A text query parameter, optional. */
export const textQuery = (name: string, schema: SpecDocument = {}) => ({
  name,
  in: 'query',
  schema: { type: 'string', ...schema },
});

/** An error answer of a small object, as many documents declare their 404s. */
export const ERROR = {
  description: 'What went wrong.',
  content: {
    'application/json': {
      schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
    },
  },
};
