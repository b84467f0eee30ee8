// Where a worker thread loads its module from. Compiled (dist/, as users run the mock), that is
// the .js file beside the caller. Run from the TypeScript sources (jest), there is no .js file,
// and Node 20 cannot start a worker from a .ts one (it strips no types): the module's types are
// stripped here, with the swc that jest itself runs on, and the worker starts from a data: URL.
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
 * caller, whose `import.meta.url` is `callerUrl`. The module may import node: builtins only.
 */
export function workerModuleUrl(name: string, callerUrl: string): URL {
  if (!callerUrl.endsWith('.ts')) return new URL(`./${name}.js`, callerUrl);
  const sourceFile = fileURLToPath(new URL(`./${name}.ts`, callerUrl));
  let url = strippedModules.get(sourceFile);
  if (!url) {
    const { code } = loadSwc().transformSync(readFileSync(sourceFile, 'utf8'), {
      filename: sourceFile,
      swcrc: false,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'es6' },
    });
    url = new URL(`data:text/javascript,${encodeURIComponent(code)}`);
    strippedModules.set(sourceFile, url);
  }
  return url;
}
