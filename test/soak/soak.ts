// A bounded soak: many keys, a mix of reads and writes from many concurrent clients, storms
// and bans switched on and off, the mock's clock moved a minute per phase. At each phase's end
// every key's counters must equal what its client saw; at the end no write may be lost, no
// answer may be a 5xx, and memory must be back near where it started. Loopback only.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSeededRandom } from '../../src/http/latency.js';
import { createMockServer } from '../../src/server/server.js';

export type SoakOptions = {
  /** The longest it runs; with `phases`, only a bound, since the work is then fixed. */
  seconds: number;
  /** A fixed amount of work whatever the machine's speed: this many phases of `requestsPerPhase`. */
  phases?: number;
  requestsPerPhase?: number;
  keys?: number;
  clients?: number;
  seed?: number;
  log?: (line: string) => void;
};

export type SoakReport = {
  seconds: number;
  phases: number;
  requests: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  countMismatches: string[];
  acknowledgedCreates: number;
  lostWrites: number;
  heapStartMb: number;
  heapEndMb: number;
};

const PHASE_MS = 1_000;
const MAX_REQUESTS = 400_000;
const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  return Math.round((process.memoryUsage().heapUsed / 1024 / 1024) * 10) / 10;
};

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined);
  const random = createSeededRandom(options.seed ?? 7);
  const folder = await mkdtemp(join(tmpdir(), 'petstore-soak-'));
  const dataFile = join(folder, 'db.json');
  const mock = await createMockServer({ data: dataFile, clockStart: '2026-11-21T00:00:00Z', clockFrozen: true });
  const keyCount = options.keys ?? 40;
  const keys = Array.from({ length: keyCount }, (_, index) => `soak-${index}`);
  for (const [index, key] of keys.entries()) {
    // Small limits, so that many keys meet them within a phase.
    await mock.control.putKey(key, 'free', { perMinute: 20 + (index % 5) * 40, perDay: 100_000 });
  }
  const report: SoakReport = {
    seconds: options.seconds,
    phases: 0,
    requests: 0,
    byStatus: {},
    serverErrors: 0,
    countMismatches: [],
    acknowledgedCreates: 0,
    lostWrites: 0,
    heapStartMb: heapMb(),
    heapEndMb: 0,
  };
  const created = new Map<number, string>();
  const endAt = Date.now() + options.seconds * 1000;

  try {
    const fixedWork = options.phases !== undefined;
    const phaseRequests = options.requestsPerPhase ?? MAX_REQUESTS;
    while (Date.now() < endAt && report.requests < MAX_REQUESTS && report.phases < (options.phases ?? Infinity)) {
      report.phases += 1;
      // Between phases, with nothing in flight: switch storms and bans, then move to a new minute.
      await mock.control.stopStorms();
      if (report.phases % 2 === 0)
        await mock.control.startStorm({ fraction: 0.3, keys: keys.filter((_, index) => index % 3 === 0) });
      const banned = keys[Math.floor(random() * keys.length)] as string;
      if (report.phases % 3 === 0) await mock.control.ban(banned, 30);
      const counted = new Map<string, number>();
      // A phase of fixed work ends when its requests are sent; otherwise after PHASE_MS.
      const phaseEnd = fixedWork ? endAt : Math.min(Date.now() + PHASE_MS, endAt);
      let sent = 0;
      const client = async () => {
        while (Date.now() < phaseEnd && report.requests < MAX_REQUESTS && sent < phaseRequests) {
          sent += 1;
          const key = keys[Math.floor(random() * keys.length)] as string;
          const choice = random();
          const headers = { 'X-API-Key': key, 'Content-Type': 'application/json' };
          const name = `soak-${report.requests}`;
          const res =
            choice < 0.5
              ? await fetch(`${mock.url}/pets?limit=20&offset=${Math.floor(random() * 40)}`, { headers })
              : choice < 0.7
                ? await fetch(`${mock.url}/pets/by-id/${1 + Math.floor(random() * 60)}`, { headers })
                : choice < 0.9
                  ? await fetch(`${mock.url}/pets`, {
                      method: 'POST',
                      headers,
                      body: JSON.stringify({ name, categoryId: 1 }),
                    })
                  : await fetch(`${mock.url}/store/inventory/${1 + Math.floor(random() * 60)}`, {
                      method: 'PUT',
                      headers,
                      body: JSON.stringify({ quantity: 5 }),
                    });
          const body = await res.text();
          report.requests += 1;
          report.byStatus[res.status] = (report.byStatus[res.status] ?? 0) + 1;
          if (res.status >= 500) report.serverErrors += 1;
          // Every answer but a refusal (429, 403) used one request of the key's quota.
          if (res.status !== 429 && res.status !== 403) counted.set(key, (counted.get(key) ?? 0) + 1);
          if (res.status === 201) created.set((JSON.parse(body) as { id: number }).id, name);
        }
      };
      await Promise.all(Array.from({ length: options.clients ?? 32 }, client));
      for (const key of keys) {
        const state = await mock.control.key(key);
        const seen = counted.get(key) ?? 0;
        if (state.minute.used !== seen || state.minute.used > state.limits.perMinute) {
          report.countMismatches.push(
            `phase ${report.phases}, ${key}: the server counted ${state.minute.used}, the client saw ${seen} (limit ${state.limits.perMinute})`,
          );
        }
      }
      mock.clock.advance(60);
      log(`phase ${report.phases}: ${report.requests} requests so far`);
    }
  } finally {
    await mock.close();
  }

  // Every acknowledged create is in the file, read back from disk after the server closed.
  const onDisk = JSON.parse(await readFile(dataFile, 'utf8')) as { pets: Array<{ id: number; name: string }> };
  const stored = new Map(onDisk.pets.map((pet) => [pet.id, pet.name]));
  report.acknowledgedCreates = created.size;
  report.lostWrites = [...created].filter(([id, name]) => stored.get(id) !== name).length;
  await rm(folder, { recursive: true, force: true });
  report.heapEndMb = heapMb();
  return report;
}
