// Starts on a data file of 1,000,000 pets (the fixtures' shape, each with its stock: big-data-file.ts):
// spawn to the first answer (the last pet, read by id), median of a few, on a file as a person or
// another tool wrote it (its records checked against the contract) and on the file as the mock
// itself last wrote it (the journal's header says so: not checked again). And the resident memory
// of the mock 2 s after its first answer, on 1,000,000 pets and on 100: memory per 100,000 pets.
import { readFileSync } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { BENCH_KEY } from './loads.js';
import { rssMb, startMock } from './processes.js';
import { median } from './rounds.js';

export type MillionStarts = {
  /** Spawn to first answer, median, in ms: a file written by hand, and the mock's own. */
  handWrittenMs: number;
  ownFileMs: number;
  /** CPU time of the mock's process (every thread) from spawn to first answer, median, in ms: what the start costs on any load. */
  handWrittenCpuMs: number;
  ownFileCpuMs: number;
  /** Resident memory 2 s after the first answer, in MB: 1,000,000 pets, and 100. */
  rssMillionMb: number;
  rssHundredMb: number;
  /** (rssMillionMb - rssHundredMb) / 10. */
  mbPerHundredThousandPets: number;
};

const STARTS = 3;

/** CPU time of a process, every thread, in ms (Linux /proc: user + system, in ticks of 10 ms). */
function processCpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
}

/** Spawn to the first answer of the pet `lastId`, in ms, its CPU time, and the resident memory 2 s later. */
async function timedStart(file: string, lastId: number): Promise<{ ms: number; cpuMs: number; rssMb: number }> {
  const started = await startMock(['--data', file]);
  const answer = await fetch(`${started.origin}/v1/pets/by-id/${lastId}`, { headers: { 'X-API-Key': BENCH_KEY } });
  const ms = performance.now() - started.startedMs;
  const cpuMs = processCpuMs(started.child.pid);
  if (answer.status !== 200) console.log(`  warning: the first answer on ${file} was ${answer.status}`);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const rss = rssMb(started.child.pid);
  await started.stop();
  return { ms, cpuMs, rssMb: rss };
}

export async function measureMillionStarts(folder: string, million: string, hundred: string): Promise<MillionStarts> {
  const file = join(folder, 'million-start.json');
  const handWritten: number[] = [];
  const own: number[] = [];
  const handWrittenCpu: number[] = [];
  const ownCpu: number[] = [];
  const rss: number[] = [];
  for (let run = 0; run < STARTS; run += 1) {
    // A file no mock wrote: no journal beside it.
    await rm(`${file}.journal`, { force: true });
    await copyFile(million, file);
    const byHand = await timedStart(file, 1_000_000);
    handWritten.push(byHand.ms);
    handWrittenCpu.push(byHand.cpuMs);
    // The same file, now the one this mock read and stopped on: its journal's header says so.
    const again = await timedStart(file, 1_000_000);
    own.push(again.ms);
    ownCpu.push(again.cpuMs);
    rss.push(byHand.rssMb, again.rssMb);
  }
  const hundredFile = join(folder, 'hundred-start.json');
  await copyFile(hundred, hundredFile);
  const small = await timedStart(hundredFile, 100);
  const rssMillionMb = median(rss);
  return {
    handWrittenMs: Math.round(median(handWritten)),
    ownFileMs: Math.round(median(own)),
    handWrittenCpuMs: median(handWrittenCpu),
    ownFileCpuMs: median(ownCpu),
    rssMillionMb,
    rssHundredMb: small.rssMb,
    mbPerHundredThousandPets: Math.round((rssMillionMb - small.rssMb) * 10) / 100,
  };
}
