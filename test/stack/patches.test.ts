// patch-package applies patches/ at this repository's install only: a project that installs
// petstore-mock from the registry never gets them. A patch of a dependency the package ships
// would make the repository test code its users do not run (patches/README.md): such a
// dependency is fixed at run time instead (src/openapi/validator-fixes.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
type Manifest = { name: string; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };

const readManifest = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

/** The manifest of `name` as a package in `from` resolves it, or undefined when not installed. */
function manifestOf(name: string, from: string): { file: string; manifest: Manifest } | undefined {
  const require = createRequire(join(from, 'package.json'));
  for (const folder of require.resolve.paths(name) ?? []) {
    const file = join(folder, name, 'package.json');
    try {
      return { file, manifest: readManifest(file) };
    } catch {
      // Not in this folder: the next one up.
    }
  }
  return undefined;
}

/** Every package a project that installs petstore-mock gets: its dependencies, and theirs. */
function shippedPackages(): Set<string> {
  const shipped = new Set<string>();
  const queue: Array<{ name: string; from: string }> = [];
  const enqueue = (manifest: Manifest, from: string) => {
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }))
      queue.push({ name, from });
  };
  enqueue(readManifest(join(ROOT, 'package.json')), ROOT);
  for (let next = queue.shift(); next; next = queue.shift()) {
    const found = manifestOf(next.name, next.from);
    if (!found || shipped.has(`${next.name}@${found.file}`)) continue;
    shipped.add(`${next.name}@${found.file}`);
    enqueue(found.manifest, dirname(found.file));
  }
  return new Set([...shipped].map((entry) => entry.slice(0, entry.lastIndexOf('@'))));
}

/** The package a patch file is for: `name+1.2.3.patch`, `@scope+name+1.2.3.patch`. */
const patchedPackage = (file: string) => file.replace(/\+[^+]*\.patch$/, '').replace('+', '/');

describe('patches/', () => {
  it('patches no package that the installed petstore-mock ships', () => {
    const patched = readdirSync(join(ROOT, 'patches'))
      .filter((file) => file.endsWith('.patch'))
      .map(patchedPackage);
    const shipped = shippedPackages();
    expect(shipped.has('express-openapi-validator')).toBe(true);
    expect(shipped.has('path-to-regexp')).toBe(true);
    expect(patched.filter((name) => shipped.has(name))).toEqual([]);
  });
});
