// A document served by the mock for one test file (written to a file of its own, started before
// its tests, stopped after them with no contract bug logged), and every JSON answer judged by a
// validator other than the mock's (outside-judge.ts).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from '@jest/globals';
import type { Response } from 'supertest';
import { jsonStreamOf } from '../../src/openapi/media-types.js';
import { startTestMock, type TestMock } from './mock.js';
import { createOutsideJudge, type OutsideJudge } from './outside-judge.js';

export type JudgedDocument = {
  /** The mock serving the document (after beforeAll). */
  mock(): TestMock;
  /** `res`, once it is no 5xx and, if JSON, what the document declares for `method` and `path`. */
  judged(method: string, path: string, res: Response): Response;
};

export function serveJudged(document: object): JudgedDocument {
  let mock: TestMock | undefined;
  let judge: OutsideJudge | undefined;
  beforeAll(async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'judged-document-')), 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    mock = await startTestMock({ data: ':memory:', contract: file, lintContract: false });
    judge = createOutsideJudge(mock.server.contractDraft?.document ?? {});
  });
  afterAll(async () => {
    const bugs = mock?.contractBugs();
    await mock?.server.close();
    expect(bugs).toEqual([]);
  });
  return {
    mock: () => {
      if (!mock) throw new Error('The document is served from beforeAll on.');
      return mock;
    },
    judged(method, path, res) {
      expect(res.status).toBeLessThan(500);
      const type = res.headers['content-type'] ?? '';
      if (type.startsWith('application/json') && jsonStreamOf(type) === undefined)
        expect(judge?.faults({ method, path, status: res.status, headers: res.headers, body: res.body })).toEqual([]);
      // A stream of JSON values (read as text by textOf): each value judged by the stream's schema.
      if (jsonStreamOf(type) !== undefined)
        for (const line of String(res.body).split('\n')) {
          if (line === '') continue;
          const body = JSON.parse(line.startsWith('\u001e') ? line.slice(1) : line);
          expect(judge?.faults({ method, path, status: res.status, headers: res.headers, body })).toEqual([]);
        }
      return res;
    },
  };
}

/** supertest's parser for an answer read as text whatever its type (a stream of JSON values): the text is `res.body`. */
export function textOf(res: NodeJS.EventEmitter, done: (error: Error | null, body: string) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
}
