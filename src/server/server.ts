// createMockServer: the programmatic API. It builds everything from one Config, listens, and
// returns a handle that a test can use and close. The CLI's `serve` is a thin layer over it.
// Its worlds live over the data file (open-state.ts) or, with --redis, in Redis (redis-state.ts).
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnswerDescription } from '../api-mode.js';
import { createApp, type MockApp } from '../app.js';
import type { Clock } from '../clock.js';
import { type ControlAccess, controlAccess } from '../control/control-access.js';
import type { Simulation } from '../control/simulation.js';
import { addMissingCollections } from '../fixtures/contract-fixtures.js';
import { initialDataSet } from '../fixtures/initial-data.js';
import { createHostMatcher, createNamesMatcher } from '../http/allowed-hosts.js';
import { classesOfServing, type ServerClasses } from '../http/app-prototypes.js';
import { createGracefulStop } from '../http/graceful-stop.js';
import { answerMalformedRequests, listenReachably } from '../http/listen.js';
import type { LimitState } from '../limits/limit-state.js';
import { createMockMode } from '../mock/mock-mode.js';
import type { ContractWarning } from '../openapi/contract-source/lint-contract.js';
import type { ContractDraft } from '../openapi/contract-source/read-contract-file.js';
import { checkFingerprint, createDataSetChecker, type DataSetChecker } from '../openapi/data-set-check.js';
import { type Contract, loadContract } from '../openapi/load-contract.js';
import { startKeyLimitFaults } from '../openapi/start-key-limits.js';
import { COMPILED_CONTROL_SPEC_FILE, CONTROL_SPEC_FILE } from '../package-root.js';
import { delegateTo } from '../scopes/delegate.js';
import { invalidScopeMessage, isScopeName, SCOPE_HEADER } from '../scopes/scope-name.js';
import { tooManyScopesMessage } from '../scopes/world-of-request.js';
import type { Store } from '../store/create-store.js';
import { adviceOnMissingFields, describeFaults, placesOf } from '../store/data-file-reader.js';
import { copyDataSet, type DataSet } from '../store/data-set.js';
import type { DataStore } from '../store/data-store.js';
import { type Config, ConfigError, type MockServerOptions, resolveConfig } from './config.js';
import { drawnRecordsThatFit } from './drawn-records-fit.js';
import { openFileState } from './open-state.js';
import {
  describeChange,
  prepareServedContract,
  printWarningsLater,
  readServedContract,
  type ServedContract,
  watchServedContract,
} from './served-contract.js';

/** What a test needs of one scope: the header to send, and the scope's own control and clock. */
export type MockScope = {
  name: string;
  /** Send these with every request of the scope, API and control alike. */
  headers: Readonly<Record<typeof SCOPE_HEADER, string>>;
  /** As `MockServer.control`, in this scope (made by its first use, if new). */
  control: Simulation;
  /** As `MockServer.clock`, this scope's. */
  clock: Clock;
};

export type MockServer = {
  /** The API's {base_url}: http://HOST:PORT plus the spec's base path, e.g. http://127.0.0.1:4010/v1. */
  url: string;
  /** http://HOST:PORT, where /docs and /__mock live. */
  origin: string;
  port: number;
  config: Config;
  contract: Contract;
  /**
   * The contract given at run time (`contract` option, --contract) as it was read: its files, and
   * where each part of it is written. Undefined when the built-in contract is served.
   */
  contractDraft: ContractDraft | undefined;
  /**
   * The project's Spectral rules' warnings on a contract given at run time, once they have run
   * (a second or two after the start, on a thread of their own); none for the built-in contract.
   */
  contractWarnings: Promise<readonly ContractWarning[]>;
  /** The lowdb Store of the data file; throws when the data is in Redis (--redis). */
  store: Store;
  /** The default scope's data, wherever it lives. */
  data: DataStore;
  /** Where the default scope's data lives: the data file, ":memory:", or Redis and its prefix. */
  dataLocation: string;
  clock: Clock;
  limitState: LimitState;
  /** How each operation of the contract is answered (rules, convention, examples, or the upstream's). */
  operations: readonly AnswerDescription[];
  /** Everything the control API can do, as functions: keys, bans, storms, faults, latency, clock, records. */
  control: Simulation;
  /** What answers each request (the app): another server may serve this same mock too. */
  handle: RequestListener;
  /**
   * The IncomingMessage and ServerResponse options of such a server: its requests are then born
   * as the app's (http/app-prototypes.ts), and answered at the mock's own speed.
   */
  serverClasses: ServerClasses;
  /** Whether the control API is open (loopback), behind the token, or closed. */
  controlAccess: ControlAccess;
  /**
   * The scope `name` (1 to 64 letters, digits, ".", "_" or "-"): its header and its control and
   * clock, which act in the scope as it is at each call (made anew once dropped or expired).
   */
  scope(name: string): MockScope;
  close(): Promise<void>;
};

/** How long after a start with a given contract its Spectral lint begins. */
const LINT_START_DELAY_MS = 500;

export { ListenError, listenReachably } from '../http/listen.js';

export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const config = resolveConfig(options);
  const controlContract = loadContract(CONTROL_SPEC_FILE, COMPILED_CONTROL_SPEC_FILE);
  // The fixtures of the seed; each contract served completes them with what it adds (served-contract.ts).
  const seedFixtures = await initialDataSet({ seed: config.seed, demoKeys: config.demoKeys });
  let served = await prepareServedContract(await readServedContract(config), seedFixtures);
  const initialSettings = { ban: { ...config.ban }, retryAfterFormat: config.retryAfterFormat };
  // Compiled when data is first checked, once per contract: a watched edit's check is the one its
  // hand edits use once it is served. A start with the built-in contract, in memory or on Redis,
  // never pays for it; a draft's start does, for the records drawn from it (drawn-records-fit.ts).
  let checker: { contract: Contract; check: DataSetChecker } | undefined;
  const checkerOf = (contract: Contract) => {
    if (checker?.contract !== contract) checker = { contract, check: createDataSetChecker(contract, controlContract) };
    return checker.check;
  };
  const checkAgainst = (contract: Contract, data: DataSet) => checkerOf(contract)(data);
  const checkRecords = (data: DataSet) => checkAgainst(served.contract, data);
  const recordFaultsOf = (contract: Contract, data: DataSet) => checkerOf(contract).recordFaults(data);
  served = drawnRecordsThatFit(served, recordFaultsOf, config.log);
  const startKeyFaults = startKeyLimitFaults(controlContract, config.start.keys ?? []);
  if (startKeyFaults.length > 0)
    throw new ConfigError(`${startKeyFaults.join('; ')}. Give limits within those bounds.`);
  // Read at each use: a contract edited while serving (--watch) brings its own.
  const parts = {
    initialSettings,
    createInitialData: () => copyDataSet(served.fixtures),
    get fixtures() {
      return served.fixtures;
    },
    checkRecords,
    // What the check checks against: a data file the mock last wrote under the same is not checked again.
    checkedAgainst: () => checkFingerprint(served.contract, controlContract),
    keyFields: (name: string) => served.keyFields(name),
  };
  // The Redis state (and its client) is loaded by a start with --redis only.
  const state = config.redis
    ? await (await import('./redis-state.js')).openRedisState(config, parts)
    : await openFileState(config, parts);
  const { defaultWorld, scopes, store } = state;
  const { data, clock } = defaultWorld;
  const simulation = defaultWorld.simulation;
  const access = controlAccess(config.host, config.controlToken);
  // From here on a failure must let go of the data file and the scopes' timer before it is thrown.
  const releaseState = async () => {
    scopes.close();
    await data.close();
    await state.close();
  };
  /** Stores the collections `next` adds that the data lacks, and names those it does not serve. */
  const addCollections = async (next: ServedContract) => {
    const added = await addMissingCollections(data, next.fixtures, next.resources);
    if (added.length > 0)
      config.log(`The contract adds collections the data lacked: ${added.join(', ')}, added to ${state.location}.`);
    const unserved = await data.read(async (view) => {
      const names = (await view.collections()).filter((name) => !next.resources.resources.has(name));
      return Promise.all(names.map(async (name) => `${name} (${await view.count({ name, keyField: 'id' })} records)`));
    });
    if (unserved.length > 0)
      config.log(
        `The data holds collections the contract does not serve: ${unserved.join(', ')}. They are kept as they are, ` +
          'for a contract that has them; a path renamed in the contract starts a new collection.',
      );
  };
  let current: MockApp;
  let buildApp: (contract: Contract) => MockApp;
  try {
    await addCollections(served);
    // The proxy's code is loaded only by a proxy.
    const mode = options.proxy
      ? (await import('../proxy/proxy-mode.js')).createProxyMode(options.proxy)
      : createMockMode();
    buildApp = (contract) =>
      createApp({
        contract,
        controlContract,
        defaultWorld,
        scopes,
        controlAccess: access,
        isAllowedHost: createHostMatcher(config.host, config.allowedHosts),
        isGivenHostName: createNamesMatcher(config.allowedHosts),
        controlToken: config.controlToken,
        validateResponses: config.validateResponses,
        seed: config.seed,
        log: config.log,
        logRequests: config.logRequests,
        secretKeys: options.proxy !== undefined,
        mode,
      });
    current = buildApp(served.contract);
  } catch (error) {
    await releaseState();
    throw error;
  }

  // A request without Host gets the Error object from the app (createHostCheck), not Node's bare 400.
  const { beforeRequest } = options;
  const stopper = createGracefulStop(
    beforeRequest
      ? (req, res) => {
          void Promise.resolve()
            .then(() => beforeRequest(req, res))
            .catch(() => undefined)
            .then(() => current.app(req, res));
        }
      : (req, res) => current.app(req, res),
  );
  const serverClasses = classesOfServing(() => current.classes);
  const server = createServer(
    {
      requireHostHeader: false,
      ...serverClasses,
    },
    stopper.listener,
  );
  server.on('connection', stopper.onConnection);
  answerMalformedRequests(server);
  try {
    await current.ready;
    await state.started(simulation);
    await listenReachably(server, config.port, config.host);
  } catch (error) {
    await releaseState();
    throw error;
  }
  // Once serving: Spectral's 1-2 s run on a thread of its own, started a moment later so that the
  // first answers do not share the CPU with the thread's start.
  const lintOf = async (draft: ContractDraft | undefined, startAfterMs: number) =>
    draft && config.lintContract
      ? (await import('../openapi/contract-source/lint-contract.js')).lintContractInBackground(draft, { startAfterMs })
      : undefined;
  let lint = await lintOf(served.draft, LINT_START_DELAY_MS);
  // serve --watch --contract FILE: an edit served once its app is ready; the data, keys and limits stay.
  const contractWatch =
    config.watch && served.draft
      ? watchServedContract(config, served.draft, async (read) => {
          const next = drawnRecordsThatFit(await prepareServedContract(read, seedFixtures), recordFaultsOf, config.log);
          // The records already stored must hold under the edit, as at a start: else every read of them would be a 500.
          const faults = store ? checkAgainst(next.contract, store.data) : [];
          if (faults.length > 0)
            throw new Error(
              `the data served breaks it in ${placesOf(faults)}:\n${describeFaults(faults)}\n${adviceOnMissingFields(faults)}` +
                'Change those records (through the API, or the data file) so that they hold under the edit, or change the edit',
            );
          const built = buildApp(next.contract);
          await built.ready;
          await addCollections(next);
          const change = describeChange(served.contract, next.contract);
          served = next;
          current = built;
          await lint?.stop();
          lint = await lintOf(next.draft, 0);
          if (lint) printWarningsLater(lint.warnings, config.log);
          return `The contract ${read.draft.shown} was edited: now serving it (${change}).`;
        })
      : undefined;
  const { port } = server.address() as AddressInfo;
  const hostInUrl = config.host.includes(':') ? `[${config.host}]` : config.host;
  const origin = `http://${hostInUrl}:${port}`;

  return {
    get url() {
      return `${origin}${served.contract.basePath}`;
    },
    origin,
    port,
    config,
    get contract() {
      return served.contract;
    },
    get contractDraft() {
      return served.draft;
    },
    get contractWarnings() {
      return lint?.warnings ?? Promise.resolve([]);
    },
    get store(): Store {
      if (!store) throw new Error('This mock keeps its data in Redis (--redis): read it through server.data.');
      return store;
    },
    data,
    dataLocation: state.location,
    clock,
    limitState: defaultWorld.limitState,
    get operations() {
      return current.operations;
    },
    control: simulation,
    handle: (req, res) => current.app(req, res),
    serverClasses,
    controlAccess: access,
    scope(name) {
      if (!isScopeName(name)) throw new TypeError(invalidScopeMessage(name));
      const world = () => {
        const entered = scopes.enter(name);
        if (!entered) throw new Error(tooManyScopesMessage(scopes));
        return entered;
      };
      return {
        name,
        headers: Object.freeze({ [SCOPE_HEADER]: name }),
        control: delegateTo(simulation, () => world().simulation),
        clock: delegateTo(clock, () => world().clock),
      };
    },
    async close() {
      // No new request from here on; those under way finish, are answered, and their writes reach the disk.
      contractWatch?.close();
      await stopper.stop(server);
      await lint?.stop();
      scopes.close();
      await data.close();
      await state.close();
    },
  };
}
