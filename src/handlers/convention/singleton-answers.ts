// A singleton's operations (resource-singletons.ts): a GET answers its stored record, a PUT
// replaces the fields its body names (those the server sets kept), a PATCH merges (RFC 7396),
// each in the answer's envelope, so that a change is read back. Under a parent, one record per
// parent record, and the parent's 404 when it is not there. A record the data lacks (a parent's
// made since the start, one taken out of the data file) reads as the singleton's drawn record
// until a write stores its own.
import type { Request, Response } from 'express';
import { drawRecord, recordProperties } from '../../fixtures/drawn-record.js';
import { loadSchemaFaker } from '../../fixtures/load-schema-faker.js';
import type { OperationInfo } from '../../openapi/load-contract.js';
import type { ConventionShape, Resource } from '../../openapi/resource-model.js';
import type { RecordKey, StoredRecord } from '../../store/data-set.js';
import type { ContractContext, HandlerDependencies, PlannedAnswer } from '../handler-types.js';
import { sendAnswer } from './answer-media.js';
import { parentLevels, requireLevels } from './parent-scope.js';
import { keyFromPath, projectAnswered } from './record-answers.js';
import { mergePatch, nullReading } from './record-changes.js';
import { createRecordIo, describeIo } from './record-io.js';
import { createRecordLinks } from './record-links.js';
import { createServerFields } from './server-fields.js';
import { successAnswer } from './success-answer.js';

/** The key of the one record a request names: the singleton's own, else its parent's from the path. */
function singletonKey(deps: ContractContext, resource: Resource): (req: Request) => RecordKey {
  const own = resource.singleton?.key;
  const link = resource.parent;
  if (own !== undefined || link === undefined) return () => own ?? resource.name;
  const parent = link.resource === undefined ? undefined : deps.resources.resources.get(link.resource);
  return (req) => (parent ? keyFromPath(parent, req.params[link.param]) : String(req.params[link.param] ?? ''));
}

/** The singleton's drawn record, once per data set's seed (a draw that failed is tried again next time). */
function drawnOncePerSeed(deps: ContractContext, resource: Resource): (seed: number) => Promise<StoredRecord> {
  const drawing = new Map<number, Promise<StoredRecord>>();
  const draw = async (seed: number): Promise<StoredRecord> => {
    const fake = await loadSchemaFaker(deps.contract.document, seed, `singleton ${resource.name}`);
    return Object.freeze(
      drawRecord(deps.contract.document, resource, recordProperties(deps.contract, deps.resources, resource), fake),
    );
  };
  return (seed) => {
    let record = drawing.get(seed);
    if (record === undefined) {
      record = draw(seed);
      drawing.set(seed, record);
      record.catch(() => drawing.delete(seed));
    }
    return record;
  };
}

/** The record as its answer holds it: without a key its schema does not declare (a top-level one's, a parent's). */
function withoutUndeclaredKey(resource: Resource): (record: StoredRecord) => StoredRecord {
  const { keyField } = resource.collection;
  if (resource.shape.properties.has(keyField)) return (record) => record;
  return (record) => Object.fromEntries(Object.entries(record).filter(([field]) => field !== keyField));
}

/** What the singleton is called in the start's listing: "the user", "the settings of the user its userId names". */
function describeSingleton(deps: ContractContext, resource: Resource): string {
  const link = resource.parent;
  if (link === undefined) return `the ${resource.name}`;
  const parent = link.resource === undefined ? undefined : deps.resources.resources.get(link.resource);
  return `the ${resource.name} of the ${parent?.noun ?? 'record'} its ${link.param} names (one each)`;
}

export function answerSingleton(
  deps: ContractContext,
  operation: OperationInfo,
  shape: ConventionShape,
): PlannedAnswer {
  const { resource } = shape;
  const { collection } = resource;
  const answer = successAnswer(operation);
  const project = projectAnswered(deps.contract.document, answer.schema, resource);
  const answered = withoutUndeclaredKey(resource);
  const io = createRecordIo(deps.contract, operation, shape);
  const links = createRecordLinks(deps.contract.document, deps.resources, resource);
  const levels = parentLevels(deps, operation, resource);
  const keyOf = singletonKey(deps, resource);
  const drawn = drawnOncePerSeed(deps, resource);
  const send = async (req: Request, res: Response, record: StoredRecord, world: HandlerDependencies) =>
    sendAnswer(req, res, answer, await io.answer(project(answered(record)), world.seed), {
      document: deps.contract.document,
      nowMs: world.clock.nowMs(),
    });
  const subject = describeSingleton(deps, resource);
  const mayAnswer = levels.length > 0 ? { mayAnswer: [404] } : {};

  if (shape.kind === 'read')
    return {
      ...mayAnswer,
      how: `reads ${subject}, one stored record${describeIo(shape)}`,
      make: (world) => async (req, res) => {
        const stored = await world.data.read(async (view) => {
          await requireLevels(levels, view, req);
          return view.get(collection, keyOf(req));
        });
        await send(req, res, stored ?? (await drawn(world.seed)), world);
      },
    };
  const merging = shape.kind === 'merge';
  const onNull = nullReading(deps.contract.document, resource);
  return {
    ...mayAnswer,
    how:
      (merging
        ? `merges the body into ${subject} (RFC 7396)`
        : `replaces the fields of ${subject} its body names, the server's kept`) + describeIo(shape),
    make: (world) => {
      const serverFields = createServerFields(world, resource, operation);
      return async (req, res) => {
        const key = keyOf(req);
        const sent = io.input(req);
        const stamps = serverFields.onUpdate();
        const updated = await world.data.transaction(async (tx) => {
          await requireLevels(levels, tx, req);
          const stored = await tx.get(collection, key);
          // The drawn record is the same at each draw: a transaction run again gets the same.
          const existing = stored ?? (await drawn(world.seed));
          const record = merging
            ? mergePatch(existing, sent, io.body(req), onNull)
            : { ...io.unnamed(existing), ...serverFields.kept(existing), ...sent };
          // A field the server owns, or sent in a type its answers refuse (Harbor's configuration:
          // a text sent, an object of it answered), keeps what was held.
          const changed = {
            ...serverFields.ownedOnChange(existing, sent, record),
            ...stamps,
            [collection.keyField]: key,
          };
          await links?.(tx, changed);
          if (stored) await tx.replace(collection, changed);
          else await tx.insert(collection, changed);
          return changed;
        });
        await send(req, res, updated, world);
      };
    },
  };
}
