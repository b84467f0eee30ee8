import { copyFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { useTempFolder } from '../../test/support/temp-folder.js';
import { PETSTORE_SPEC_FILE } from '../package-root.js';
import { ContractError, loadContract } from './load-contract.js';

describe('loading the contract', () => {
  const tempFolder = useTempFolder('contract');
  let yamlFile: string;
  let jsonFile: string;
  beforeEach(async () => {
    yamlFile = join(tempFolder(), 'petstore.yaml');
    jsonFile = join(tempFolder(), 'petstore.json');
    await copyFile(PETSTORE_SPEC_FILE, yamlFile);
  });

  it('reads the compiled JSON when it is as new as the YAML, with the same operations', async () => {
    const fromYaml = loadContract(yamlFile);
    const document = parse(fromYaml.text) as { info: { title: string } };
    document.info.title = 'compiled';
    await writeFile(jsonFile, JSON.stringify(document));
    const fromJson = loadContract(yamlFile, jsonFile);
    expect((fromJson.document.info as { title: string }).title).toBe('compiled');
    expect(fromJson.operations.map((operation) => operation.operationId)).toEqual(
      fromYaml.operations.map((operation) => operation.operationId),
    );
    expect(fromJson.text).toBe(fromYaml.text);
  });

  it('ignores a compiled JSON older than the YAML (an edited spec is never served stale), or a damaged one', async () => {
    await writeFile(jsonFile, JSON.stringify({ openapi: '3.1.0', info: { title: 'stale' }, paths: {} }));
    const past = new Date(Date.now() - 60_000);
    await utimes(jsonFile, past, past);
    expect(loadContract(yamlFile, jsonFile).operations.length).toBeGreaterThan(15);
    await writeFile(jsonFile, '{ damaged');
    expect(loadContract(yamlFile, jsonFile).operations.length).toBeGreaterThan(15);
  });

  it('stops with a clear message when the spec is missing or not OpenAPI', async () => {
    expect(() => loadContract(join(tempFolder(), 'nope.yaml'))).toThrow(ContractError);
    await writeFile(yamlFile, 'hello: world\n');
    expect(() => loadContract(yamlFile)).toThrow(/not an OpenAPI 3 document.*reinstall/);
  });
});
