// The fields the server sets on a record (readOnly in the contract): a date-time stamped with
// the mock's clock when the record is made ("createdAt"), again at each change when its name says
// so ("updatedAt"), anything else drawn once from its schema at creation, seeded by the data
// set's seed and the request so that the same create gives the same values.
import type { Request } from 'express';
import { loadSchemaFaker } from '../../fixtures/load-schema-faker.js';
import type { JsonObject } from '../../openapi/json-pointer.js';
import type { Resource } from '../../openapi/resource-model.js';
import type { StoredRecord } from '../../store/data-set.js';
import { ownValue, setOwn } from '../../store/own-keys.js';
import type { HandlerDependencies } from '../handler-types.js';
import { isUpdateStamp, serverSetFields } from './record-fields.js';

export type ServerFields = {
  onCreate(req: Request): Promise<StoredRecord>;
  onUpdate(): StoredRecord;
  /** What a replacement keeps of the record it replaces: its key and the fields the server set. */
  kept(existing: StoredRecord): StoredRecord;
};

const isStamp = (property: JsonObject) => property.format === 'date-time' || property.format === 'date';

function stamp(property: JsonObject, nowMs: number): string {
  const iso = new Date(nowMs).toISOString();
  return property.format === 'date' ? iso.slice(0, 10) : iso;
}

export function createServerFields(deps: HandlerDependencies, resource: Resource): ServerFields {
  const { keyField } = resource.collection;
  const fields = serverSetFields(resource.shape, keyField);
  const stamped = fields.filter(([, property]) => isStamp(property));
  const drawn = fields.filter(([, property]) => !isStamp(property));
  const updated = stamped.filter(([name]) => isUpdateStamp(name));
  const keptNames = [keyField, ...fields.map(([name]) => name)];
  return {
    async onCreate(req) {
      const nowMs = deps.clock.nowMs();
      const record: Record<string, unknown> = {};
      for (const [name, property] of stamped) setOwn(record, name, stamp(property, nowMs));
      if (drawn.length > 0) {
        const fake = await loadSchemaFaker(
          deps.contract.document,
          deps.seed,
          `${resource.name} ${JSON.stringify(req.body)}`,
        );
        for (const [name, property] of drawn) setOwn(record, name, fake(property, name));
      }
      return record;
    },
    onUpdate() {
      const nowMs = deps.clock.nowMs();
      return Object.fromEntries(updated.map(([name, property]) => [name, stamp(property, nowMs)]));
    },
    kept: (existing) =>
      Object.fromEntries(
        keptNames
          .filter((name) => ownValue(existing, name) !== undefined)
          .map((name) => [name, ownValue(existing, name)]),
      ),
  };
}
