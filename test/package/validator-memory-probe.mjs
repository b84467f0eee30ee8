// Run with `node --expose-gc` inside a project that installed the packed petstore-mock (the
// installed-package test copies it there): a mock started through the package's programmatic API
// gets requests that each carry a Content-Type parameter never sent before, as a hostile client
// may send them. Prints one JSON line: the heap after collection before and after those requests,
// how many route matchers the validator compiled meanwhile, and the statuses answered.
import { createRequire } from 'node:module';

const REQUESTS = Number(process.argv[2] ?? 400);
const WARM_UP = 40;

// The path-to-regexp the installed validator's route lookup calls, counted before the mock loads.
const fromPackage = createRequire(new URL('../node_modules/petstore-mock/', import.meta.url));
const fromValidator = createRequire(fromPackage.resolve('express-openapi-validator'));
const pathToRegexp = createRequire(fromValidator.resolve('./middlewares/openapi.metadata.js'))('path-to-regexp');
const compile = pathToRegexp.pathToRegexp;
let compiled = 0;
pathToRegexp.pathToRegexp = (...args) => {
  compiled += 1;
  return compile.apply(pathToRegexp, args);
};

const { createMockServer } = await import('petstore-mock');
const server = await createMockServer({ data: ':memory:', port: 0 });
const statuses = {};

/** One request whose Content-Type carries parameter `x` with a value of its own. */
async function send(index) {
  const create = index % 2 === 0;
  const res = await fetch(`${server.url}/pets${create ? '' : '?limit=1'}`, {
    method: create ? 'POST' : 'GET',
    headers: { 'X-API-Key': 'demo-enterprise', 'Content-Type': `application/json; charset=utf-8; x=${index}` },
    body: create ? JSON.stringify({ name: `Probe ${index}`, categoryId: 1 }) : undefined,
  });
  await res.arrayBuffer();
  statuses[res.status] = (statuses[res.status] ?? 0) + 1;
}

function heapMb() {
  globalThis.gc();
  globalThis.gc();
  return Math.round(process.memoryUsage().heapUsed / 1e5) / 10;
}

try {
  for (let index = 0; index < WARM_UP; index += 1) await send(-1 - index);
  const heapStartMb = heapMb();
  const compiledBefore = compiled;
  for (let index = 0; index < REQUESTS; index += 1) await send(index);
  const heapEndMb = heapMb();
  console.log(
    JSON.stringify({
      requests: REQUESTS,
      heapStartMb,
      heapEndMb,
      matchersCompiled: compiled - compiledBefore,
      matchersAtWarmUp: compiledBefore,
      statuses,
    }),
  );
} finally {
  await server.close();
}
