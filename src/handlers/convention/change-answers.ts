// A record's path: read, replaced (PUT) or merged (PATCH, RFC 7396), deleted, each the 404 of
// the contract's words where the record (or its parent) is not there; a PUT (or POST) that makes
// what its path names (put-creates.ts) makes it; a record no operation makes is read and
// changed as drawn (unheld-records.ts).
import { recordEnvelope } from '../../openapi/operation-schemas.js';
import { putCreates } from '../../openapi/put-creates.js';
import type { RecordKey } from '../../store/data-set.js';
import { ownValue, setOwn } from '../../store/own-keys.js';
import type { PlannedAnswer } from '../handler-types.js';
import { sendAnswer } from './answer-media.js';
import type { ConventionPlan } from './convention-plan.js';
import { createDeletionAnswer } from './deletion-answer.js';
import { mergePatch, nullReading } from './record-changes.js';
import { describeIo } from './record-io.js';
import { createServerFields } from './server-fields.js';
import { isDrawnUnheld } from './unheld-records.js';

export function planRead(plan: ConventionPlan): PlannedAnswer {
  const { shape, scope, under, one, unheld, send, findNamed } = plan;
  return {
    mayAnswer: unheld && !scope ? [] : [404],
    how:
      `reads ${one}${under} by ${shape.keyParam}${describeIo(shape)}` +
      (unheld ? `; one not stored reads as drawn for its ${shape.keyParam} (nothing makes or lists them)` : ''),
    make: (world) => async (req, res) => {
      await send(req, res, await world.data.read((view) => findNamed(view, req, world.seed)), world);
    },
  };
}

export function planChange(plan: ConventionPlan): PlannedAnswer {
  const { deps, operation, shape, resource, scope, under, one, io, links, unheld, send, findNamed } = plan;
  const { collection } = resource;
  const merging = shape.kind === 'merge';
  const onNull = nullReading(deps.contract.document, resource);
  const creates = putCreates(deps.resources, operation, shape);
  const by = shape.keyInBody ? ` named by the body's ${collection.keyField}` : '';
  return {
    // A body that names no record (PUT /pet without the pet's id): 400.
    mayAnswer: [...(shape.keyInBody ? [400] : []), ...(unheld && !scope ? [] : [404])],
    how:
      (merging
        ? `merges the ${shape.queryFields && !operation.request ? 'query' : 'body'} into ${one}${by}${under} (RFC 7396)`
        : `replaces ${one}${by}${under} with the body`) +
      (creates ? `, or makes it where none has that ${shape.keyParam}` : '') +
      (unheld ? `; one not stored is changed as drawn for its ${shape.keyParam}, then stored` : '') +
      describeIo(shape),
    make: (world) => {
      const serverFields = createServerFields(world, resource, operation);
      return async (req, res) => {
        const sent = io.input(req);
        const stamps = serverFields.onUpdate();
        const updated = await world.data.transaction(async (tx) => {
          if (creates) {
            if (scope) await scope.require(tx, req);
            if ((await tx.get(collection, io.keyOf(req))) === undefined) {
              const fields = await serverFields.created(req, sent);
              setOwn(fields, collection.keyField, io.keyOf(req));
              if (scope) setOwn(fields, scope.field, scope.keyOf(req));
              await links?.(tx, fields);
              return tx.insert(collection, fields);
            }
          }
          const existing = await findNamed(tx, req, world.seed);
          const record = merging
            ? mergePatch(existing, sent, io.body(req), onNull)
            : { ...io.unnamed(existing), ...serverFields.kept(existing), ...sent };
          const replaced = {
            ...serverFields.ownedOnChange(existing, sent, record),
            ...stamps,
            [collection.keyField]: ownValue(existing, collection.keyField),
          };
          if (scope) setOwn(replaced, scope.field, ownValue(existing, scope.field));
          await links?.(tx, replaced);
          if (isDrawnUnheld(existing)) return tx.insert(collection, replaced);
          await tx.replace(collection, replaced);
          return replaced;
        });
        await send(req, res, updated, world);
      };
    },
  };
}

export function planDelete(plan: ConventionPlan): PlannedAnswer {
  const { deps, shape, resource, answer, under, one, project, send, findNamed } = plan;
  const { collection } = resource;
  // An answer of its own (a deletion object) where the delete declares one unlike the record;
  // inside the envelope where it has one (Lago's {"subscription": ...}), sent wrapped as a read's.
  const { document } = deps.contract;
  const inEnvelope = shape.envelope?.answer !== undefined;
  const own = inEnvelope
    ? recordEnvelope(document, answer.schema, resource.shape, resource.recordSchema)?.schema
    : answer.schema;
  const deletion = answer.status === 204 ? undefined : createDeletionAnswer(document, own, resource.recordSchema);
  return {
    mayAnswer: [404],
    how: `deletes ${one}${under} by ${shape.keyParam}${describeIo(shape)}`,
    make: (world) => async (req, res) => {
      const removed = await world.data.transaction(async (tx) => {
        const existing = await findNamed(tx, req, world.seed);
        await tx.remove(collection, ownValue(existing, collection.keyField) as RecordKey);
        return existing;
      });
      if (!deletion) return await send(req, res, answer.status === 204 ? undefined : removed, world);
      if (inEnvelope) return await send(req, res, await deletion(project(removed), world.seed), world);
      const context = { document, nowMs: world.clock.nowMs() };
      sendAnswer(req, res, answer, await deletion(project(removed), world.seed), context);
    },
  };
}
