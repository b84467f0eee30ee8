// The import rules of the layout (README.md, "Layout"), checked by `npm test`:
//   npx depcruise src contract-tests --config .dependency-cruiser.cjs
// Imports point one way: cli -> app -> (openapi, auth, limits, control, handlers, http) -> (store, clock,
// errors). The rules describe the target; a rule is never loosened to let a violation pass.
/** @type {import('dependency-cruiser').IConfiguration} */

const APP_TOP = '^src/(app|server|world)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'store-is-the-floor',
      comment: 'src/store/ is the bottom layer: it knows no limits, control, handlers, HTTP, contract, app or CLI.',
      severity: 'error',
      from: { path: '^src/store/' },
      to: { path: [`^src/(limits|auth|control|handlers|http|openapi|cli)/`, APP_TOP] },
    },
    {
      name: 'redis-holds-state-only',
      comment:
        "src/redis/ keeps the state in Redis behind the store, limits and violation-log interfaces: it knows no handlers, control, HTTP, contract, CLI, app or server, and of the proxy only its violations' shape.",
      severity: 'error',
      from: { path: '^src/redis/' },
      to: {
        path: ['^src/(auth|handlers|control|http|openapi|proxy|scopes|cli)/', APP_TOP],
        pathNot: '^src/proxy/violation-log\\.ts$',
      },
    },
    {
      name: 'auth-below-handlers',
      comment: 'src/auth/ finds the API key of a request: it knows no handlers, control, CLI, app or server.',
      severity: 'error',
      from: { path: '^src/auth/' },
      to: { path: ['^src/(handlers|control|cli)/', APP_TOP] },
    },
    {
      name: 'limits-below-handlers',
      comment: 'src/limits/ is policy plus its middleware: it knows no handlers, control, CLI, app or server.',
      severity: 'error',
      from: { path: '^src/limits/' },
      to: { path: ['^src/(handlers|control|cli)/', APP_TOP] },
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
        "src/scopes/ keeps the scopes and picks a request's world, whatever a world holds: it knows no handlers, control, store, CLI, app, server or world.",
      severity: 'error',
      from: { path: '^src/scopes/' },
      to: { path: ['^src/(handlers|control|store|cli)/', APP_TOP] },
    },
    {
      name: 'proxy-forwards-only',
      comment:
        'src/proxy/ forwards to an upstream and checks its answers: it knows no handlers, store, control, CLI, app or server.',
      severity: 'error',
      from: { path: '^src/proxy/' },
      to: { path: ['^src/(handlers|store|control|cli)/', APP_TOP] },
    },
    {
      name: 'handlers-below-control',
      comment: 'src/handlers/ answer the API: they know no control API, CLI, app or server.',
      severity: 'error',
      from: { path: '^src/handlers/' },
      to: { path: ['^src/(control|cli)/', APP_TOP] },
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
      name: 'no-circular-in-src',
      comment: 'A cycle makes two modules one: break it by moving the shared part down a layer.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/', circular: true },
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
