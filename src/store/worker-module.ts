// Where a worker thread loads its module from. Compiled (dist/, as users run the mock), that is
// the .js file beside the caller. Run from the TypeScript sources (jest), there is no .js file,
// and Node 20 cannot start a worker from a .ts one (it strips no types): the module's types are
// stripped here, with the swc that jest itself runs on, and the worker starts from a data: URL
// (and so does each module it imports).
// Never from dist/: a test would then run whatever was built last, not the source it tests.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

type Swc = {
  transformSync(
    source: string,
    options: {
      filename: string;
      swcrc: boolean;
      jsc: { parser: { syntax: 'typescript' }; target: 'es2022' };
      module: { type: 'es6' };
    },
  ): { code: string };
};

const strippedModules = new Map<string, URL>();

function loadSwc(): Swc {
  try {
    return createRequire(import.meta.url)('@swc/core') as Swc;
  } catch (error) {
    throw new Error(
      `Running petstore-mock from its TypeScript sources needs @swc/core (a devDependency) to start its worker threads (${(error as Error).message}). Install the devDependencies, or run the compiled dist/.`,
    );
  }
}

/**
 * The URL to start `new Worker(url)` with, for the module `name` (without extension) beside the
 * caller, whose `import.meta.url` is `callerUrl`. The module may import node: builtins, and
 * modules beside it that do the same.
 */
export function workerModuleUrl(name: string, callerUrl: string): URL {
  if (!callerUrl.endsWith('.ts')) return new URL(`./${name}.js`, callerUrl);
  return strippedModule(new URL(`./${name}.ts`, callerUrl));
}

/** Relative imports as TypeScript writes them: `from './x.js'`, a file that exists only once compiled. */
const RELATIVE_IMPORT = /(\bfrom\s*|\bimport\s*)(['"])(\.{1,2}\/[^'"]+)\.js\2/g;

function strippedModule(sourceUrl: URL): URL {
  const sourceFile = fileURLToPath(sourceUrl);
  let url = strippedModules.get(sourceFile);
  if (!url) {
    const { code } = loadSwc().transformSync(readFileSync(sourceFile, 'utf8'), {
      filename: sourceFile,
      swcrc: false,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'es6' },
    });
    // A data: URL resolves no relative import: each module imported is stripped too, and named by its own URL.
    const linked = code.replace(
      RELATIVE_IMPORT,
      // Quoted anew: a data: URL may hold the quote the import was written with.
      (_match, lead: string, _quote: string, path: string) =>
        `${lead}${JSON.stringify(strippedModule(new URL(`${path}.ts`, sourceUrl)).href)}`,
    );
    url = new URL(`data:text/javascript,${encodeURIComponent(linked)}`);
    strippedModules.set(sourceFile, url);
  }
  return url;
}
