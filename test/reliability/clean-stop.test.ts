// A clean stop on SIGTERM: writers on kept-alive connections go on sending while the signal lands.
// Whatever the speed of the machine: every record stored was acknowledged, every acknowledged
// one is stored, no request sent after the stop began is taken, and the process exits 0.
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { startCli } from '../support/cli.js';
import { useTempFolder } from '../support/temp-folder.js';

const WRITERS = 8;
/** Each writer's bound: the stop comes long before, on any machine. */
const MAX_WRITES_PER_WRITER = 2_000;
const HEADERS = { 'X-API-Key': 'demo-enterprise', 'Content-Type': 'application/json' };

type Outcome = { name: string; status: number; connection?: string; code?: string; sentAfterStop: boolean };

function post(url: string, agent: Agent, name: string): Promise<Omit<Outcome, 'sentAfterStop'>> {
  return new Promise((resolve) => {
    const req = request(`${url}/pets`, { method: 'POST', headers: HEADERS, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let code: string | undefined;
        try {
          code = (JSON.parse(text) as { code?: string }).code;
        } catch {
          code = undefined;
        }
        resolve({ name, status: res.statusCode ?? 0, connection: res.headers.connection, code });
      });
    });
    req.on('error', () => resolve({ name, status: 0 }));
    req.end(JSON.stringify({ name, categoryId: 3 }));
  });
}

describe('a stop on SIGTERM', () => {
  const folder = useTempFolder('clean-stop');

  it('takes no new request, even on kept-alive connections, and answers every write it stored', async () => {
    // Latency keeps requests under way when the signal lands.
    const cli = await startCli(['serve', '--port', '0', '--data', 'db.json', '--quiet', '--latency', '5-40'], folder());
    const stopBegun = () => /SIGTERM: finishing/.test(cli.output());
    const outcomes: Outcome[] = [];
    let acknowledgedBeforeStop = 0;
    const writer = async (index: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let round = 0; round < MAX_WRITES_PER_WRITER; round += 1) {
          const sentAfterStop = stopBegun();
          const outcome = await post(cli.apiUrl, agent, `stop-${index}-${round}`);
          outcomes.push({ ...outcome, sentAfterStop });
          if (outcome.status === 201 && !sentAfterStop) acknowledgedBeforeStop += 1;
          // Refused or cut: the server is going; one more try shows it takes nothing new.
          if (
            outcome.status !== 201 &&
            outcomes.filter((o) => o.name.startsWith(`stop-${index}-`) && o.status !== 201).length >= 2
          )
            return;
        }
      } finally {
        agent.destroy();
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
    // The signal once writes are being acknowledged on every connection.
    const deadline = Date.now() + 30_000;
    while (acknowledgedBeforeStop < WRITERS * 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const exitCode = await cli.stop('SIGTERM');
    await Promise.all(writers);
    expect(exitCode).toBe(0);

    const acknowledged = new Set(outcomes.filter((o) => o.status === 201).map((o) => o.name));
    const onDisk = JSON.parse(await readFile(join(folder(), 'db.json'), 'utf8')) as { pets: Array<{ name: string }> };
    const stored = new Set(onDisk.pets.map((pet) => pet.name).filter((name) => name.startsWith('stop-')));
    expect([...stored].filter((name) => !acknowledged.has(name))).toEqual([]);
    expect([...acknowledged].filter((name) => !stored.has(name))).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(WRITERS * 3);
    // Every answer is a 201 or the refusal, never anything else; a refusal closes its connection.
    for (const outcome of outcomes.filter((o) => o.status !== 201 && o.status !== 0)) {
      expect({ status: outcome.status, code: outcome.code, connection: outcome.connection }).toEqual({
        status: 503,
        code: 'SHUTTING_DOWN',
        connection: 'close',
      });
    }
    // Nothing sent once the stop had begun was taken.
    expect(outcomes.filter((o) => o.sentAfterStop && o.status === 201)).toEqual([]);
  }, 60_000);
});
