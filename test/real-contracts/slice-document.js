#!/usr/bin/env node
// Cuts a slice out of a large published OpenAPI document: the operations named in slices.json,
// with every component and file they reference, everything else left as published. A real API's
// whole document (thousands of operations, megabytes) would make the run slow and say nothing
// more than a representative slice does.
//
//   node test/real-contracts/slice-document.js NAME SOURCE_FILE
//
// NAME is an entry of slices.json (its `operations` are "METHOD /path" lines); SOURCE_FILE is the
// document's root file in a checkout of its repository at the commit slices.json names. The slice
// is written to documents/NAME/ under the root file's own name, in its own format (JSON or YAML);
// files it references by relative path are copied there whole, at the same relative places.
// Dropped: the other operations, `webhooks`, and the components and tags nothing kept uses.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const HERE = dirname(fileURLToPath(import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

const readDocument = (file) => {
  const text = readFileSync(file, 'utf8');
  return file.endsWith('.json') ? JSON.parse(text) : YAML.parse(text, { maxAliasCount: -1 });
};

/** Every reference under a value: `$ref`s, and a discriminator's mapping, which names schemas too. */
function* referencesIn(value) {
  if (Array.isArray(value)) for (const item of value) yield* referencesIn(item);
  else if (value && typeof value === 'object') {
    if (typeof value.$ref === 'string') yield value.$ref;
    if (value.discriminator?.mapping) yield* Object.values(value.discriminator.mapping);
    for (const child of Object.values(value)) yield* referencesIn(child);
  }
}

const pointerPart = (part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');

/** The kept operations of the root document, with their path items' own fields. */
function keptPaths(document, operations) {
  const paths = {};
  for (const line of operations) {
    const [method, path] = line.split(' ');
    const verb = method.toLowerCase();
    const item = document.paths?.[path];
    if (!item?.[verb]) throw new Error(`${line}: no such operation in the source document`);
    paths[path] ??= Object.fromEntries(Object.entries(item).filter(([key]) => !METHODS.includes(key)));
    paths[path][verb] = item[verb];
  }
  // In the source's order, so that a diff against it reads easily.
  return Object.fromEntries(Object.keys(document.paths).flatMap((path) => (paths[path] ? [[path, paths[path]]] : [])));
}

export function sliceDocument(rootFile, operations) {
  const root = readDocument(rootFile);
  const slice = { ...root, paths: keptPaths(root, operations) };
  delete slice.webhooks;
  const usedComponents = new Map(); // "schemas/Name" -> true
  const files = new Map(); // absolute path -> parsed content
  // The kept operations and whatever else the document holds at its top (x-webhooks, say).
  const pending = Object.entries(slice)
    .filter(([key]) => !['components', 'tags'].includes(key))
    .map(([, value]) => ({ value, file: rootFile }));
  const follow = (ref, file) => {
    const [target, pointer = ''] = ref.split('#');
    const targetFile = target ? resolve(dirname(file), target) : file;
    if (targetFile !== rootFile) {
      if (!files.has(targetFile)) {
        const content = /\.(ya?ml|json)$/.test(targetFile) ? readDocument(targetFile) : undefined;
        files.set(targetFile, content);
        if (content !== undefined) pending.push({ value: content, file: targetFile });
      }
      return;
    }
    const [, top, section, name] = pointer.split('/').map(pointerPart);
    if (top !== 'components' || section === undefined || name === undefined) return;
    const key = `${section}/${name}`;
    if (usedComponents.has(key)) return;
    usedComponents.set(key, true);
    pending.push({ value: root.components?.[section]?.[name], file: rootFile });
  };
  const securityNames = new Set();
  for (const requirement of root.security ?? []) for (const name of Object.keys(requirement)) securityNames.add(name);
  const usedTags = new Set();
  for (const item of Object.values(slice.paths))
    for (const verb of METHODS) {
      for (const requirement of item[verb]?.security ?? [])
        for (const name of Object.keys(requirement)) securityNames.add(name);
      for (const tag of item[verb]?.tags ?? []) usedTags.add(tag);
    }
  for (const name of securityNames) follow(`#/components/securitySchemes/${name}`, rootFile);
  while (pending.length > 0) {
    const { value, file } = pending.pop();
    for (const ref of referencesIn(value)) follow(ref, file);
  }
  if (root.components) {
    slice.components = {};
    for (const [section, entries] of Object.entries(root.components)) {
      const kept = Object.entries(entries).filter(([name]) => usedComponents.has(`${section}/${name}`));
      if (kept.length > 0) slice.components[section] = Object.fromEntries(kept);
    }
  }
  if (root.tags) slice.tags = root.tags.filter((tag) => usedTags.has(tag.name));
  return { slice, files: [...files.keys()] };
}

function main() {
  const [name, source] = process.argv.slice(2);
  const entry = name && JSON.parse(readFileSync(join(HERE, 'slices.json'), 'utf8'))[name];
  if (!entry || !source) {
    console.error('Usage: node test/real-contracts/slice-document.js NAME SOURCE_FILE (NAME: an entry of slices.json)');
    process.exit(2);
  }
  const rootFile = resolve(source);
  const { slice, files } = sliceDocument(rootFile, entry.operations);
  const out = join(HERE, 'documents', name);
  mkdirSync(out, { recursive: true });
  const target = join(out, basename(rootFile));
  const text = rootFile.endsWith('.json')
    ? `${JSON.stringify(slice, null, 2)}\n`
    : YAML.stringify(slice, { lineWidth: 0, aliasDuplicateObjects: false });
  writeFileSync(target, text);
  for (const file of files) {
    const copy = join(out, relative(dirname(rootFile), file));
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(file, copy);
  }
  console.log(
    `${relative(process.cwd(), target)}: ${entry.operations.length} operations, ${files.length} files beside it`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
