// Loads the contract as plain data, for tests that inspect or mutate it.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export const PETSTORE_SPEC_PATH = new URL('../../spec/petstore.yaml', import.meta.url);

// biome-ignore lint/suspicious/noExplicitAny: arbitrary YAML that tests walk and mutate freely
export type SpecDocument = Record<string, any>;

export function loadPetstoreSpec(): SpecDocument {
  return parse(readFileSync(PETSTORE_SPEC_PATH, 'utf8')) as SpecDocument;
}
