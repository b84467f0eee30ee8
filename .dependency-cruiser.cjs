// The import rules of the layout (docs/architecture.md, "Layout"), checked by `npm test`:
//   npx depcruise src contract-tests --config .dependency-cruiser.cjs
// src/ is built in layers, each importing only from the layers below it (and within itself):
// no arrow back up, no cycle. The rules describe the target; a rule is never loosened to let a
// violation pass: the code moves instead.
/** @type {import('dependency-cruiser').IConfiguration} */

/** Top to bottom. */
const LAYERS = [
  { name: 'cli', comment: 'argv, exit codes, signals, workers', path: ['^src/cli/'] },
  {
    name: 'sdk-check',
    comment: 'the SDK check: a mock server per case, the client run against it, the verdict',
    path: ['^src/sdk-check/'],
  },
  {
    name: 'server',
    comment:
      'the programmatic API, the validated config, and the state it opens: worlds assembled in memory, in the data file or in Redis',
    path: ['^src/index\\.ts$', '^src/server/', '^src/redis/'],
  },
  { name: 'app', comment: 'the Express app: shared middleware, one pipeline, a mode', path: ['^src/app\\.ts$'] },
  {
    name: 'modes',
    comment:
      "the API's two modes behind api-mode.ts (mock/, proxy/) and what the app shares beside them: the control API, the docs, the World a request runs in",
    path: ['^src/(mock|proxy|control|docs)/', '^src/(api-mode|world)\\.ts$'],
  },
  {
    name: 'policy',
    comment:
      'policy and the contract: limits, keys, scopes, the handlers the mock dispatches to, the fixtures, and express-openapi-validator behind openapi/',
    path: ['^src/(limits|auth|scopes|handlers|fixtures|openapi)/'],
  },
  {
    name: 'http',
    comment: 'plain HTTP helpers, the error catalogue, the clock',
    path: ['^src/http/', '^src/(errors|clock)\\.ts$'],
  },
  {
    name: 'store',
    comment: 'the DataStore and the other state interfaces (lowdb here), the generated types, the package root',
    path: ['^src/(store|generated)/', '^src/package-root\\.ts$'],
  },
];

const layerRules = LAYERS.slice(1).map((layer, index) => ({
  name: `${layer.name}-imports-no-layer-above`,
  comment: `${layer.name} (${layer.comment}) imports none of: ${LAYERS.slice(0, index + 1)
    .map((above) => above.name)
    .join(', ')}.`,
  severity: 'error',
  from: { path: layer.path },
  to: { path: LAYERS.slice(0, index + 1).flatMap((above) => above.path) },
}));

const everyLayer = LAYERS.flatMap((layer) => layer.path);

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'every-module-has-a-layer',
      comment: 'A new folder or top file of src/ is placed in LAYERS, so that its arrows are checked.',
      severity: 'error',
      from: { path: '^src/', pathNot: everyLayer },
      to: {},
    },
    {
      name: 'app-composes-a-mode',
      comment: "app.ts composes the mode it is given (api-mode.ts) and names neither mode's internals.",
      severity: 'error',
      from: { path: '^src/app\\.ts$' },
      to: { path: '^src/(mock|proxy)/' },
    },
    {
      name: 'modes-apart',
      comment: 'The mock and the proxy know nothing of each other; the proxy dispatches to no handler.',
      severity: 'error',
      from: { path: '^src/(mock|proxy)/' },
      to: { path: '^src/(mock|proxy)/', pathNot: '^src/$1/' },
    },
    {
      name: 'proxy-forwards-only',
      comment: 'src/proxy/ forwards to an upstream and checks its answers: it calls no handler and holds no data.',
      severity: 'error',
      from: { path: '^src/proxy/' },
      to: { path: '^src/handlers/' },
    },
    {
      name: 'redis-holds-state-only',
      comment:
        'src/redis/ keeps the state in Redis behind the store, limits and violation-log interfaces: it knows no handlers, modes, control, HTTP, contract, scopes or CLI.',
      severity: 'error',
      from: { path: '^src/redis/' },
      to: {
        path: [
          '^src/(auth|handlers|mock|proxy|control|http|openapi|scopes|cli)/',
          '^src/(app|world|api-mode)\\.ts$',
          '^src/server/',
        ],
      },
    },
    {
      name: 'limits-policy-is-pure',
      comment:
        'The rate-limit policy is plain functions with the clock passed in: no Express, no lowdb (types included).',
      severity: 'error',
      from: { path: '^src/limits/(rate-limit-policy|decide-request|storms|compliance|timeline|plans)\\.ts$' },
      to: { path: '^node_modules/(@types/)?(express|express-serve-static-core|lowdb)/' },
    },
    {
      name: 'scopes-know-no-world',
      comment:
        "src/scopes/ keeps the scopes and picks a request's world, whatever a world holds: it knows no handlers, store or world.",
      severity: 'error',
      from: { path: '^src/scopes/' },
      to: { path: ['^src/(handlers|store)/', '^src/world\\.ts$'] },
    },
    {
      name: 'src-stands-alone',
      comment: 'src/ imports nothing from tests, bench or the contract suite.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|contract-tests)/' },
    },
    {
      name: 'contract-suite-judges-from-outside',
      comment: 'The contract suite checks any implementation: it imports neither handlers nor store.',
      severity: 'error',
      from: { path: '^contract-tests/' },
      to: { path: '^src/(handlers|store)/' },
    },
    {
      name: 'commander-only-in-cli',
      comment: "Argument parsing belongs to the CLI (src/cli/, bin/) and the contract suite's own command.",
      severity: 'error',
      from: { pathNot: '^((src/cli|bin)/|contract-tests/contract-command\\.ts$)' },
      to: { path: '^node_modules/commander/' },
    },
    {
      name: 'contract-command-loads-its-client-when-run',
      comment:
        'Every start of the CLI registers the contract command: its HTTP client (supertest and all it loads) is imported when the command runs.',
      severity: 'error',
      from: { path: '^contract-tests/contract-command\\.ts$' },
      to: { path: '^contract-tests/support/(reachable|http-client)\\.ts$', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'lowdb-only-in-store',
      comment: 'Storage is behind src/store/; nothing else touches lowdb.',
      severity: 'error',
      from: { pathNot: '^src/store/' },
      to: { path: '^node_modules/lowdb/' },
    },
    {
      name: 'imports-resolve',
      comment: 'An import the cruiser cannot resolve is one no rule can check.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one: break it by moving the shared part down a layer.',
      severity: 'error',
      from: { path: '^(src|contract-tests)/' },
      to: { circular: true },
    },
  ],
  options: {
    // What ships (tsconfig.build.json leaves tests out): tests may reach across layers to set up.
    exclude: { path: ['\\.test\\.ts$', '(^|/)test-support/', '^dist/'] },
    // Any node_modules, also one reached through a symlink (a worktree sharing a checkout's install).
    doNotFollow: { path: '(^|/)node_modules/' },
    // `import type` is a dependency too: a layer that names another's types depends on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // lowdb and faker ship ESM only: resolve by their "import" exports, as Node does.
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['main', 'types', 'typings'],
    },
  },
};
