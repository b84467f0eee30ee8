// createMockServer: the programmatic API. It builds everything from one Config, listens, and
// returns a handle that a test can use and close. The CLI's `serve` is a thin layer over it.
// Its worlds live over the data file (open-state.ts) or, with --redis, in Redis (redis-state.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createApp } from './app.js';
import type { Clock } from './clock.js';
import { type Config, ConfigError, type MockServerOptions, resolveConfig } from './config.js';
import { type ControlAccess, controlAccess } from './control/control-access.js';
import type { Simulation } from './control/simulation.js';
import { HttpError } from './errors.js';
import { initialDataSet } from './fixtures/initial-data.js';
import { createHostMatcher, createNamesMatcher } from './http/allowed-hosts.js';
import { createGracefulStop } from './http/graceful-stop.js';
import type { LimitState } from './limits/limit-state.js';
import { createMockMode } from './mock/mock-mode.js';
import { openFileState } from './open-state.js';
import { checkFingerprint, createDataSetChecker, type DataSetChecker } from './openapi/data-set-check.js';
import { type Contract, loadContract } from './openapi/load-contract.js';
import { describeResources } from './openapi/resource-model.js';
import { startKeyLimitFaults } from './openapi/start-key-limits.js';
import {
  COMPILED_CONTROL_SPEC_FILE,
  COMPILED_PETSTORE_SPEC_FILE,
  CONTROL_SPEC_FILE,
  PETSTORE_SPEC_FILE,
} from './package-root.js';
import { delegateTo } from './scopes/delegate.js';
import { invalidScopeMessage, isScopeName, SCOPE_HEADER } from './scopes/scope-name.js';
import { tooManyScopesMessage } from './scopes/world-of-request.js';
import type { Store } from './store/create-store.js';
import { copyDataSet, type DataSet, freezeDataSet, keyFieldsOf } from './store/data-set.js';
import type { DataStore } from './store/data-store.js';

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
  /** The lowdb Store of the data file; throws when the data is in Redis (--redis). */
  store: Store;
  /** The default scope's data, wherever it lives. */
  data: DataStore;
  /** Where the default scope's data lives: the data file, ":memory:", or Redis and its prefix. */
  dataLocation: string;
  clock: Clock;
  limitState: LimitState;
  /** Everything the control API can do, as functions: keys, bans, storms, latency, clock, records. */
  control: Simulation;
  /** Whether the control API is open (loopback), behind the token, or closed. */
  controlAccess: ControlAccess;
  /**
   * The scope `name` (1 to 64 letters, digits, ".", "_" or "-"): its header and its control and
   * clock, which act in the scope as it is at each call (made anew once dropped or expired).
   */
  scope(name: string): MockScope;
  close(): Promise<void>;
};

export class ListenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListenError';
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new ListenError(
            `Port ${port} on ${host} is already in use. Stop the other server, or pass --port with another port (0 picks a free one).`,
          ),
        );
      } else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
        reject(
          new ListenError(
            `Cannot listen on ${host}: this machine has no such address. Pass --host 127.0.0.1, or an address of this machine.`,
          ),
        );
      } else {
        reject(new ListenError(`Cannot listen on ${host}:${port}: ${error.message}.`));
      }
    });
    server.listen(port, host, () => resolve());
  });
}

export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const config = resolveConfig(options);
  const contract = loadContract(PETSTORE_SPEC_FILE, COMPILED_PETSTORE_SPEC_FILE);
  const controlContract = loadContract(CONTROL_SPEC_FILE, COMPILED_CONTROL_SPEC_FILE);
  // The fixtures of the seed, once: every scope shares them, and a new or reset data file copies their lists.
  const fixtures = freezeDataSet(await initialDataSet({ seed: config.seed, demoKeys: config.demoKeys }));
  const createInitialData = () => copyDataSet(fixtures);
  const initialSettings = { ban: { ...config.ban }, retryAfterFormat: config.retryAfterFormat };
  // Compiled when a data file is read: a start in memory or on Redis never pays for it.
  let checker: DataSetChecker | undefined;
  const checkRecords = (data: DataSet) => {
    checker ??= createDataSetChecker(contract, controlContract);
    return checker(data);
  };
  const startKeyFaults = startKeyLimitFaults(controlContract, config.start.keys ?? []);
  if (startKeyFaults.length > 0)
    throw new ConfigError(`${startKeyFaults.join('; ')}. Give limits within those bounds.`);
  const resources = describeResources(contract);
  const keyFields = keyFieldsOf([...resources.resources.values()].map((resource) => resource.collection));
  // What the check checks against: a data file the mock last wrote under the same is not checked again.
  const checkedAgainst = () => checkFingerprint(contract, controlContract);
  const parts = { initialSettings, createInitialData, fixtures, checkRecords, checkedAgainst, keyFields };
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
  let app: Express;
  let ready: Promise<void>;
  try {
    // The proxy's code is loaded only by a proxy.
    const mode = options.proxy
      ? (await import('./proxy/proxy-mode.js')).createProxyMode(options.proxy)
      : createMockMode();
    ({ app, ready } = createApp({
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
    }));
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
            .then(() => app(req, res));
        }
      : app,
  );
  const server = createServer({ requireHostHeader: false }, stopper.listener);
  // A request that is not even valid HTTP gets the Error object too, not a bare 400.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return;
    const body = JSON.stringify(
      new HttpError('MALFORMED_HTTP', `The request is not valid HTTP/1.1 (${error.code ?? error.message}).`).toBody(),
    );
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  try {
    await ready;
    await state.started(simulation);
    await listen(server, config.port, config.host);
  } catch (error) {
    await releaseState();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const hostInUrl = config.host.includes(':') ? `[${config.host}]` : config.host;
  const origin = `http://${hostInUrl}:${port}`;

  return {
    url: `${origin}${contract.basePath}`,
    origin,
    port,
    config,
    contract,
    get store(): Store {
      if (!store) throw new Error('This mock keeps its data in Redis (--redis): read it through server.data.');
      return store;
    },
    data,
    dataLocation: state.location,
    clock,
    limitState: defaultWorld.limitState,
    control: simulation,
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
      await stopper.stop(server);
      scopes.close();
      await data.close();
      await state.close();
    },
  };
}
