// Drafts of the contract as an API team writes them: the built-in contract split over several
// files with $refs (YAML and JSON, folders two deep, files that refer back to the first one),
// optionally edited first. Used by the reader's tests, the CLI's, the installed package's and
// the bench (compiled with it: tsconfig.build.json), each in a folder of its own.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse, stringify } from 'yaml';
import { PETSTORE_SPEC_FILE } from '../../src/package-root.js';
import type { SpecDocument } from './spec.js';

/** Where each schema of components.schemas is written, relative to the contract's folder. */
const SCHEMA_FILES: Record<string, string> = { Id: 'schemas/parts/id.yaml', Error: 'schemas/error.json' };
const schemaFile = (name: string) =>
  (Object.hasOwn(SCHEMA_FILES, name) ? SCHEMA_FILES[name] : undefined) ?? `schemas/${name.toLowerCase()}.yaml`;

/** The relative path from one file of the draft to another. */
function relativeTo(from: string, to: string): string {
  const fromParts = dirname(from)
    .split('/')
    .filter((part) => part !== '.');
  const toParts = to.split('/');
  let shared = 0;
  while (shared < fromParts.length && fromParts[shared] === toParts[shared]) shared += 1;
  const up = fromParts.slice(shared).map(() => '..');
  const path = [...up, ...toParts.slice(shared)].join('/');
  return up.length === 0 ? `./${path}` : path;
}

/**
 * Rewrites the document's own $refs as a file at `file` of the draft must write them: a schema to
 * its file (unless `kept` in the first file), anything else to the first file.
 */
function rewriteRefs(value: unknown, file: string, kept: ReadonlySet<string>): unknown {
  const rewrite = (child: unknown) => rewriteRefs(child, file, kept);
  if (Array.isArray(value)) return value.map(rewrite);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      if (key !== '$ref' || typeof child !== 'string') return [key, rewrite(child)];
      if (!child.startsWith('#')) return [key, child];
      const schema = /^#\/components\/schemas\/([^/]+)$/.exec(child)?.[1];
      if (schema && !kept.has(schema)) return [key, relativeTo(file, schemaFile(schema))];
      return [key, file === 'openapi.yaml' ? child : `${relativeTo(file, 'openapi.yaml')}${child}`];
    }),
  );
}

async function write(folder: string, file: string, value: unknown): Promise<void> {
  await mkdir(dirname(join(folder, file)), { recursive: true });
  const text = file.endsWith('.json') ? `${JSON.stringify(value, null, 2)}\n` : stringify(value, { lineWidth: 0 });
  await writeFile(join(folder, file), text);
}

/**
 * The built-in contract, edited by `edit` if given, split into `folder`: its schemas in
 * schemas/ (Id two folders deep, Error as JSON), each path item in paths/, the first file
 * openapi.yaml; $refs the edit wrote to other files stay as written. Returns the first file's path.
 */
export async function writeSplitDraft(folder: string, edit?: (document: SpecDocument) => void): Promise<string> {
  // Read through the package's root, so that the bench's compiled copy (dist/test/) finds it too.
  const document = parse(readFileSync(PETSTORE_SPEC_FILE, 'utf8')) as SpecDocument;
  edit?.(document);
  const schemas = document.components.schemas as Record<string, unknown>;
  // A schema the edit made a $ref stays in the first file, as written.
  const kept = new Set(
    Object.keys(schemas).filter((name) => typeof (schemas[name] as { $ref?: unknown }).$ref === 'string'),
  );
  for (const [name, schema] of Object.entries(schemas)) {
    if (kept.has(name)) continue;
    await write(folder, schemaFile(name), rewriteRefs(schema, schemaFile(name), kept));
    // Defined, not assigned: a schema named __proto__ is a schema like any other.
    Object.defineProperty(schemas, name, {
      value: { $ref: relativeTo('openapi.yaml', schemaFile(name)) },
      enumerable: true,
      writable: true,
    });
  }
  const paths = document.paths as Record<string, unknown>;
  for (const [path, item] of Object.entries(paths)) {
    const file = `paths/${path.replace(/[{}]/g, '').replace(/^\//, '').replace(/\//g, '-')}.yaml`;
    await write(folder, file, rewriteRefs(item, file, kept));
    paths[path] = { $ref: relativeTo('openapi.yaml', file) };
  }
  await write(folder, 'openapi.yaml', rewriteRefs(document, 'openapi.yaml', kept));
  return join(folder, 'openapi.yaml');
}

/** An optional field of a new pet that the built-in contract does not have. */
export function addNickname(document: SpecDocument): void {
  document.components.schemas.NewPet.properties.nickname = {
    type: 'string',
    maxLength: 40,
    description: 'What the family calls the pet (a field of the draft).',
  };
}
