// The folder of petstore-mock's package.json, found from this module's own place, so that the
// spec and assets load the same way from src/ (tests) and from dist/ (the built command).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('petstore-mock: cannot find its own package.json; reinstall the package.');
    folder = parent;
  }
  return folder;
}

export const PACKAGE_ROOT = findPackageRoot();
export const PETSTORE_SPEC_FILE = join(PACKAGE_ROOT, 'spec', 'petstore.yaml');
export const CONTROL_SPEC_FILE = join(PACKAGE_ROOT, 'spec', 'control.yaml');
/** The same contracts as JSON, written by the build (scripts/compile-spec.js). */
export const COMPILED_PETSTORE_SPEC_FILE = join(PACKAGE_ROOT, 'dist', 'spec', 'petstore.json');
export const COMPILED_CONTROL_SPEC_FILE = join(PACKAGE_ROOT, 'dist', 'spec', 'control.json');
/** The OpenAPI 3.0 and 3.1 schemas' validators, compiled by the build (scripts/compile-oas-validators.js). */
export const COMPILED_OAS_VALIDATOR_FILES = {
  '3.0': join(PACKAGE_ROOT, 'dist', 'spec', 'oas-3.0-validator.cjs'),
  '3.1': join(PACKAGE_ROOT, 'dist', 'spec', 'oas-3.1-validator.cjs'),
} as const;
/** The project's Spectral ruleset, whose warnings a contract given at run time is shown. */
export const SPECTRAL_RULESET_FILE = join(PACKAGE_ROOT, '.spectral.yaml');
/** The default data set (default seed, demo keys) as JSON, written by the build (scripts/compile-default-data.js). */
export const COMPILED_DEFAULT_DATA_FILE = join(PACKAGE_ROOT, 'dist', 'src', 'fixtures', 'default-data-set.json');
/** The compiled generator of fixture data: the compiled data set is used only when at least as new. */
export const COMPILED_DATA_GENERATOR_FILE = join(PACKAGE_ROOT, 'dist', 'src', 'fixtures', 'generate-data-set.js');

/**
 * The text of a file the build wrote from `sourceFile`, if it is there and at least as new as
 * its source; undefined otherwise (not built, or built before the source last changed).
 */
export function readBuildOutput(compiledFile: string, sourceFile: string): string | undefined {
  try {
    if (statSync(compiledFile).mtimeMs < statSync(sourceFile).mtimeMs) return undefined;
    return readFileSync(compiledFile, 'utf8');
  } catch {
    return undefined;
  }
}
