// sdk-check on a contract whose key goes in a cookie, or in a header of its own name: the client
// is told that place (PETSTORE_API_KEY_IN, PETSTORE_API_KEY_NAME), and the requests that carry the
// case's key there are the ones the case arms and judges. The careful example client, which sends
// the key where it is told, meets the limit and passes; the query, bearer and basic places are
// run by the CLI's tests (test/cli/sdk-check-contracts*.test.ts). A client that prints its basic
// credentials finds them written base64($PETSTORE_API_KEY:) in the reports.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readContractFile } from '../../src/openapi/contract-source/read-contract-file.js';
import { CASE_KEY } from '../../src/sdk-check/run-case.js';
import { runSdkCheck } from '../../src/sdk-check/run-sdk-check.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const CAREFUL = here('../../examples/sdk-clients/well-behaved.mjs');
const FORECAST = here('../support/sdk-check-contracts/forecast-alerts.yaml');
const QUERY_SCHEME = /apiKeyQuery:\n {6}type: apiKey\n {6}in: query\n {6}name: api_key\n/;

describe('sdk-check: the key in a cookie, or in a header of its own name', () => {
  let folder = '';
  let document = '';
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-sdk-check-key-places-'));
    document = await readFile(FORECAST, 'utf8');
    expect(document).toMatch(QUERY_SCHEME);
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it.each([
    ['cookie', 'alerts_session'],
    ['header', 'X-Forecast-Token'],
  ])(
    'tells the client the key goes in the %s %s, and judges the requests that carry it there',
    async (place, name) => {
      const file = join(folder, `${place}.yaml`);
      await writeFile(
        file,
        document.replace(QUERY_SCHEME, `apiKeyQuery:\n      type: apiKey\n      in: ${place}\n      name: ${name}\n`),
      );
      const lines: string[] = [];
      const { results, profile } = await runSdkCheck({
        client: { command: process.execPath, args: [CAREFUL, '--read', '/alerts?per_page=1'] },
        cases: ['limit-seconds'],
        timeoutSeconds: 20,
        parallel: 1,
        contract: await readContractFile(file),
        onProgress: (line) => lines.push(line),
      });
      expect(profile.credential).toMatchObject({ kind: 'apiKey', in: place, name });
      expect(lines.join('\n')).toContain(`PETSTORE_API_KEY_IN=${place}, PETSTORE_API_KEY_NAME=${name}`);
      const [result] = results;
      // Undetermined only where a busy machine hid when the client sent its retry: it met the 429 all the same.
      if (result?.verdict.status !== 'passed' && result?.verdict.status !== 'undetermined')
        throw new Error(`Not passed:\n${lines.join('\n')}\n${result?.output}`);
      // A pass is given only where the case's key met its 429: the requests carrying it there were the client's.
      expect(result.verdict.notes.join('\n')).not.toContain('not exercised');
      expect(result.requests).toBeGreaterThanOrEqual(5);
    },
    60_000,
  );

  it('leaves the key out of the output of a client that prints its basic credentials', async () => {
    const file = join(folder, 'basic.yaml');
    await writeFile(file, document.replace(QUERY_SCHEME, 'apiKeyQuery:\n      type: http\n      scheme: basic\n'));
    // A client that logs the Authorization header it sends, as a debugging one does.
    const client = [
      "const authorization = 'Basic ' + Buffer.from(process.env.PETSTORE_API_KEY + ':').toString('base64');",
      "console.log('sending Authorization: ' + authorization);",
      "const answer = await fetch(process.env.PETSTORE_BASE_URL + '/alerts?per_page=1', { headers: { authorization } });",
      "console.log('answered ' + answer.status);",
    ].join('\n');
    const { results } = await runSdkCheck({
      client: { command: process.execPath, args: ['--input-type=module', '-e', client] },
      cases: ['limit-seconds'],
      timeoutSeconds: 20,
      parallel: 1,
      contract: await readContractFile(file),
    });
    const output = results[0]?.output ?? '';
    expect(output).toContain('sending Authorization: Basic base64($PETSTORE_API_KEY:)');
    // Its key accepted (not a 401), and the case's limit met: the request was the case key's.
    expect(output).toContain('answered 429');
    expect(output).not.toContain(Buffer.from(`${CASE_KEY}:`).toString('base64'));
  }, 60_000);
});
