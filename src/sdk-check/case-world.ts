// The worlds of an sdk-check run: one mock for the whole run, warmed up before any client starts
// (a fresh mock's first answers compile its checks, which took seconds with many cases at once and
// showed as the client's own waits), each case in a scope of its own, served on a port of its own
// (never one that fetch refuses), so that its client sees a whole Pet Store API at its base URL.
// A case's edge is set at its client's first request (the key's windows, a ban, a storm, a fault),
// so that each runs from that instant on the scope's clock. The contract served (--contract, or the
// Pet Store's) is read once into the run's profile: its credential, limit headers and operations.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Simulation } from '../control/simulation.js';
import { createGracefulStop } from '../http/graceful-stop.js';
import type { KeyWindows } from '../limits/rate-limit-policy.js';
import type { ContractDraft } from '../openapi/contract-source/read-contract-file.js';
import { SCOPE_HEADER } from '../scopes/scope-name.js';
import { createMockServer, listenReachably } from '../server/server.js';
import type { CaseGate } from './case-gate.js';
import type { SdkCase } from './catalogue.js';
import { withKey } from './client-credential.js';
import { type ContractProfile, profileOf } from './contract-profile.js';
import { noteAccepted } from './loop-ticks.js';

/** The key of the warm-up's requests: deleted with its counters and record before any client starts. */
const WARM_UP_KEY = 'sdk-check-warm-up';

export type CaseWorld = {
  /** The case's {base_url}: its own port, the API's base path. */
  url: string;
  /** The case's scope: its data, keys, limits, clock and simulation. */
  control: Simulation;
  close(): Promise<void>;
};

export type CaseHost = {
  /** What the run reads from the contract served. */
  profile: ContractProfile;
  /** A world for one case; the gate sees each of its connections, and each request before the mock does. */
  openCase(gate: Pick<CaseGate, 'beforeRequest' | 'onConnection'>): Promise<CaseWorld>;
  close(): Promise<void>;
};

/** One request over node:http (which reaches any port), its answer read whole; a failure is ignored. */
function touch(to: { url: string; headers: Record<string, string> }): Promise<void> {
  return new Promise((resolve) => {
    const outgoing = request(to.url, { headers: to.headers, agent: false }, (answer) => {
      answer.resume();
      answer.on('end', resolve);
      answer.on('error', () => resolve());
    });
    outgoing.on('error', () => resolve());
    outgoing.end();
  });
}

/** An answered read and a refused one, as a client's first will be, on a key of its own, as the contract takes it. */
async function warmUp(control: Simulation, url: string, profile: ContractProfile): Promise<void> {
  if (profile.warmUpPath === undefined) return;
  const read = withKey(profile.credential, WARM_UP_KEY, `${url}${profile.warmUpPath}`);
  await control.putKey(WARM_UP_KEY, 'free', { perMinute: 1, perDay: 1_000 });
  await touch(read);
  await touch(read);
  await control.deleteKey(WARM_UP_KEY);
}

export async function createCaseHost(cases: number, contract?: ContractDraft): Promise<CaseHost> {
  const mock = await createMockServer({
    // A given contract was read and linted once, by the command: the cases' mock serves it as it is.
    ...(contract ? { contract, lintContract: false } : {}),
    data: ':memory:',
    port: 0,
    host: '127.0.0.1',
    log: false,
    maxScopes: cases + 1,
    scopeIdleSeconds: 86_400,
  });
  const profile = profileOf(mock.contract);
  await warmUp(mock.control, mock.url, profile);
  let opened = 0;
  return {
    profile,
    async openCase(gate) {
      opened += 1;
      const scope = mock.scope(`sdk-check-case-${opened}`);
      const stopper = createGracefulStop((req, res) => {
        // Every request on this port is in the case's scope, whatever the client sends.
        req.headers[SCOPE_HEADER.toLowerCase()] = scope.name;
        void gate
          .beforeRequest(req, res)
          .catch(() => undefined)
          .then(() => mock.handle(req, res));
      });
      const server = createServer({ requireHostHeader: false, ...mock.serverClasses }, stopper.listener);
      server.on('connection', stopper.onConnection);
      server.on('connection', noteAccepted);
      server.on('connection', gate.onConnection);
      await listenReachably(server, 0, '127.0.0.1');
      const { port } = server.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${port}${mock.contract.basePath}`,
        control: scope.control,
        close: () => stopper.stop(server),
      };
    },
    close: () => mock.close(),
  };
}

/**
 * `windows` with the minute's end moved to the first whole second at least its seconds after
 * `nowMs`: a window set by hand ends on the whole second at or before, as much as a second sooner.
 */
export function endingAfter(windows: KeyWindows, nowMs: number): KeyWindows {
  const { minute } = windows;
  if (minute?.resetsInSeconds === undefined) return windows;
  const toNextSecond = ((1000 - (nowMs % 1000)) % 1000) / 1000;
  return { ...windows, minute: { ...minute, resetsInSeconds: minute.resetsInSeconds + toNextSecond } };
}

/** The case's edge, set at the client's first request. */
export function armingOf(
  testCase: SdkCase,
  world: CaseWorld,
  key: string,
  profile: ContractProfile,
): () => Promise<void> {
  const { setUp } = testCase;
  const { control } = world;
  return async () => {
    if (setUp.windows) {
      const nowMs = control.clock().now.getTime();
      await control.setKeyCounters(key, setUp.wholeWait ? endingAfter(setUp.windows, nowMs) : setUp.windows);
    }
    if (setUp.banSeconds) await control.ban(key, setUp.banSeconds);
    if (setUp.storm) await control.startStorm({ ...setUp.storm, keys: [key] });
    if (setUp.fault) {
      const { on, ...fault } = setUp.fault;
      // The contract's reads (GET) or its creates (POST).
      const operations = on === 'reads' ? profile.reads : profile.creates;
      await control.startFault({ ...fault, keys: [key], operations });
    }
  };
}
