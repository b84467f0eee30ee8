// The check of a data file's records against the contract's own schemas (data-set-check.ts).
import { beforeAll, describe, expect, it } from '@jest/globals';
import { initialDataSet } from '../fixtures/initial-data.js';
import { CONTROL_SPEC_FILE, PETSTORE_SPEC_FILE } from '../package-root.js';
import type { DataSet } from '../store/data-set.js';
import { createDataSetChecker, type DataSetChecker } from './data-set-check.js';
import { loadContract, parseContract } from './load-contract.js';

let check: DataSetChecker;
let fixtures: DataSet;
beforeAll(async () => {
  check = createDataSetChecker(loadContract(PETSTORE_SPEC_FILE), loadContract(CONTROL_SPEC_FILE));
  fixtures = await initialDataSet({ seed: 20260701, demoKeys: true });
});

/** The fixtures with one record of `list` changed by hand. */
function edited<K extends 'pets' | 'categories' | 'orders' | 'inventory' | 'apiKeys'>(
  list: K,
  index: number,
  change: (record: Record<string, unknown>) => void,
): DataSet {
  const records = fixtures[list].map((record) => ({ ...record })) as Array<Record<string, unknown>>;
  change(records[index] as Record<string, unknown>);
  return { ...fixtures, [list]: records };
}

describe('a data set checked against the contract', () => {
  it('finds nothing wrong with the fixtures, with or without demo keys', async () => {
    expect(check(fixtures)).toEqual([]);
    expect(check(await initialDataSet({ seed: 7, demoKeys: false }))).toEqual([]);
  });

  it('names collection, record id, field and what the contract wants', () => {
    const pet = fixtures.pets[0] as { id: number };
    expect(check(edited('pets', 0, (record) => (record.categoryId = 0)))).toEqual([
      `pets, id ${pet.id}, field "categoryId": must be >= 1 (the contract's Pet)`,
    ]);
    const order = fixtures.orders[0] as { id: number };
    expect(check(edited('orders', 0, (record) => delete record.complete)).join('\n')).toContain(
      `orders, id ${order.id}, field "complete": is required, and missing (the contract's Order)`,
    );
    expect(check(edited('orders', 0, (record) => (record.shipDate = 'next week')))).toEqual([
      `orders, id ${order.id}, field "shipDate": must match format "date-time" (the contract's Order)`,
    ]);
    const item = fixtures.inventory[0] as { petId: number };
    expect(check(edited('inventory', 0, (record) => (record.status = 'lost')))).toEqual([
      `inventory, petId ${item.petId}, field "status": must be equal to one of the allowed values: available, pending, sold (the contract's InventoryItem)`,
    ]);
  });

  it("checks a key's plan against the control contract, and names the key", () => {
    expect(check(edited('apiKeys', 0, (record) => (record.limits = { perMinute: -1, perDay: 10 })))).toEqual([
      `apiKeys, key "demo-free", field "limits.perMinute": must be >= 1 (the contract's KeyPlan)`,
    ]);
    expect(check(edited('apiKeys', 1, (record) => (record.key = '')))).toEqual([
      `apiKeys, record 2 (no key), field "key": must be a non-empty string (the key sent in X-API-Key)`,
    ]);
  });

  it('names a record without an id by its place, a repeated id, and a nextId that would repeat one', () => {
    expect(check(edited('categories', 2, (record) => delete record.id))).toEqual([
      `categories, record 3 (no id), field "id": is required, and missing (the contract's Category)`,
    ]);
    const first = fixtures.pets[0] as { id: number };
    expect(check(edited('pets', 1, (record) => (record.id = first.id)))).toEqual([
      `pets, id ${first.id}: another record has the same id`,
    ]);
    const highest = fixtures.orders.reduce((most, order) => Math.max(most, order.id), 0);
    expect(check({ ...fixtures, nextId: { ...fixtures.nextId, order: highest } })).toEqual([
      `nextId.order is ${highest}, but orders already has id ${highest}: it must be above every stored id (e.g. ${highest + 1})`,
    ]);
  });
});

describe("a singleton's records checked against a closed schema", () => {
  const settings = { $ref: '#/components/schemas/Settings' };
  const answers = { 200: { description: 'ok', content: { 'application/json': { schema: settings } } } };
  const changes = { requestBody: { content: { 'application/json': { schema: settings } } }, responses: answers };
  const document = {
    openapi: '3.0.3',
    info: { title: 'Settings', version: '1' },
    paths: {
      '/settings': {
        get: { operationId: 'getSettings', responses: answers },
        put: { operationId: 'putSettings', ...changes },
      },
      '/teams/{teamId}/settings': {
        parameters: [{ name: 'teamId', in: 'path', required: true, schema: { type: 'string' } }],
        get: { operationId: 'getTeamSettings', responses: answers },
        patch: { operationId: 'patchTeamSettings', ...changes },
      },
    },
    components: {
      schemas: {
        Settings: {
          type: 'object',
          additionalProperties: false,
          properties: { theme: { type: 'string', enum: ['light', 'dark'] } },
        },
      },
    },
  };
  const data = (records: { settings: object[]; teamSettings: object[] }) =>
    ({ version: 1, seed: 1, nextId: {}, apiKeys: [], ...records }) as unknown as DataSet;

  it('takes the key beside the schema, and names a bad field and a parent with two records', () => {
    const checkSettings = createDataSetChecker(
      parseContract(JSON.stringify(document), 'settings.json'),
      loadContract(CONTROL_SPEC_FILE),
    );
    const settingsOf = (theme: string) => [{ singleton: 'settings', theme }];
    expect(
      checkSettings(data({ settings: settingsOf('dark'), teamSettings: [{ teamId: 'a', theme: 'light' }] })),
    ).toEqual([]);
    expect(
      checkSettings(data({ settings: settingsOf('blue'), teamSettings: [{ teamId: 'a' }, { teamId: 'a' }] })),
    ).toEqual([
      `settings, singleton "settings", field "theme": must be equal to one of the allowed values: light, dark (the contract's Settings)`,
      'teamSettings, teamId "a": another record has the same teamId',
    ]);
  });
});
