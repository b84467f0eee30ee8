import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { useTempFolder } from '../../test/support/temp-folder.js';
import { generateDataSet } from '../fixtures/generate-data-set.js';
import { draftContract, readContractFile } from '../openapi/contract-source/read-contract-file.js';
import { createDataSetChecker, type RecordFault } from '../openapi/data-set-check.js';
import { type Contract, loadContract } from '../openapi/load-contract.js';
import { COMPILED_CONTROL_SPEC_FILE, CONTROL_SPEC_FILE } from '../package-root.js';
import { type DataSet, recordsOf, type StoredRecord } from '../store/data-set.js';
import { drawnRecordsThatFit } from './drawn-records-fit.js';
import { prepareServedContract, type ServedContract } from './served-contract.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const task = {
  type: 'object',
  required: ['gid', 'name'],
  properties: { gid: { type: 'string', pattern: '^[0-9]{6,12}$' }, name: { type: 'string' } },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'Tasks', version: '1' },
  paths: {
    '/tasks': {
      get: { operationId: 'listTasks', responses: { 200: json({ type: 'array', items: task }) } },
      post: {
        operationId: 'createTask',
        requestBody: { content: { 'application/json': { schema: task } } },
        responses: { 201: json(task) },
      },
    },
    '/tasks/{task_gid}': {
      parameters: [{ name: 'task_gid', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'getTask', responses: { 200: json(task) } },
    },
  },
};

type FaultsOf = (contract: Contract, data: DataSet) => RecordFault[];

describe("a draft's drawn records checked at the start", () => {
  const tempFolder = useTempFolder('drawn-records-fit');
  const serve = async (): Promise<{ served: ServedContract; faultsOf: FaultsOf }> => {
    const file = join(tempFolder(), 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const draft = await readContractFile(file);
    const served = await prepareServedContract({ contract: draftContract(draft), draft }, generateDataSet({ seed: 7 }));
    const check = createDataSetChecker(served.contract, loadContract(CONTROL_SPEC_FILE, COMPILED_CONTROL_SPEC_FILE));
    return { served, faultsOf: (_contract, data) => check.recordFaults(data) };
  };
  const withTasks = (served: ServedContract, change: (record: StoredRecord, index: number) => StoredRecord) => ({
    ...served,
    fixtures: { ...served.fixtures, tasks: recordsOf(served.fixtures, 'tasks').map(change) } as DataSet,
  });

  it('leaves out a record that breaks its schema where the others hold: it is never served', async () => {
    const { served, faultsOf } = await serve();
    const tasks = recordsOf(served.fixtures, 'tasks');
    expect(tasks.length).toBeGreaterThan(2);
    // A key told apart by a suffix breaks its pattern, whatever the key's name (here gid).
    const broken = withTasks(served, (record, index) => (index === 1 ? { ...record, gid: `${record.gid}-2` } : record));
    const kept = recordsOf(drawnRecordsThatFit(broken, faultsOf).fixtures, 'tasks');
    expect(kept.map((record) => record.gid)).toEqual(
      tasks.filter((_record, index) => index !== 1).map((record) => record.gid),
    );
  });

  it('refuses the draft where every record breaks it at one field, naming the field', async () => {
    const { served, faultsOf } = await serve();
    const broken = withTasks(served, (record) => ({ ...record, name: 5 }));
    expect(() => drawnRecordsThatFit(broken, faultsOf)).toThrow(
      /cannot be served[\s\S]*tasks, gid "\d+", field "name"/,
    );
  });

  it('serves the records as drawn where every one holds', async () => {
    const { served, faultsOf } = await serve();
    expect(drawnRecordsThatFit(served, faultsOf)).toBe(served);
  });
});
