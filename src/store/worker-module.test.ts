import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from '@jest/globals';
import { useTempFolder } from '../../test/support/temp-folder.js';
import { workerModuleUrl } from './worker-module.js';

describe("a worker thread's module", () => {
  const folder = useTempFolder('worker-module');

  it('is the compiled .js file beside a compiled caller', () => {
    expect(workerModuleUrl('file-writer-worker', 'file:///app/dist/src/store/file-writer-thread.js').href).toBe(
      'file:///app/dist/src/store/file-writer-worker.js',
    );
  });

  it('runs from the TypeScript source beside a caller run from source, its types stripped', async () => {
    const source = join(folder(), 'echo-worker.ts');
    await writeFile(
      source,
      [
        "import { parentPort } from 'node:worker_threads';",
        'type Message = { text: string };',
        'parentPort?.once("message", ({ text }: Message) => parentPort?.postMessage(text.toUpperCase()));',
      ].join('\n'),
    );
    const url = workerModuleUrl('echo-worker', pathToFileURL(join(folder(), 'caller.ts')).href);
    expect(url.protocol).toBe('data:');
    const worker = new Worker(url);
    try {
      const answer = new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      worker.postMessage({ text: 'typed' });
      expect(await answer).toBe('TYPED');
    } finally {
      await worker.terminate();
    }
  });
});
