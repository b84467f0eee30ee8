// A create (POST to a collection's path): the body's fields and those the server sets, keyed by
// the mock (a number, a UUID, a slug, a key drawn from its pattern) or by the key sent, 409 for
// a key taken where the create declares it (else it replaces), 201 and Location where declared.
import type { RecordKey } from '../../store/data-set.js';
import { ownValue, setOwn } from '../../store/own-keys.js';
import type { PlannedAnswer } from '../handler-types.js';
import type { ConventionPlan } from './convention-plan.js';
import { locationOf } from './record-answers.js';
import { conflict } from './record-changes.js';
import { describeIo } from './record-io.js';
import { createServerFields, describeMadeFields, newKeyKind } from './server-fields.js';

export function planCreate(plan: ConventionPlan): PlannedAnswer {
  const { deps, operation, shape, resource, answer, scope, under, one, io, links, send } = plan;
  const { collection } = resource;
  const basePath = deps.contract.basePath;
  const { keyField } = collection;
  const makesKeys = resource.keyType === 'string' && collection.counter === undefined;
  // A create that declares no 409 adds or updates (the Swagger Petstore's POST /pet).
  const upserts = !operation.responses.has('409');
  return {
    mayAnswer: [...(scope ? [404] : []), ...(!upserts && io.sends(keyField) ? [409] : [])],
    how:
      `creates ${one}${under}${collection.counter ? `, numbered by nextId.${collection.counter}` : ''}` +
      (shape.keySentAs ? `, keyed by the body's ${shape.keySentAs}` : '') +
      (makesKeys ? `, keyed by a new ${newKeyKind(resource)} where the body sends no ${keyField}` : '') +
      describeMadeFields(deps, resource, operation) +
      describeIo(shape),
    make: (world) => {
      const serverFields = createServerFields(world, resource, operation);
      return async (req, res) => {
        const fields = await serverFields.created(req, io.input(req));
        const parentKey = scope?.keyOf(req);
        if (scope && parentKey !== undefined) setOwn(fields, scope.field, parentKey);
        // A key the body sent (a draft may let clients choose it) is kept, if no record has it.
        // ...or sent by the item path's parameter's name (a vector store file's file_id).
        if (shape.keySentAs !== undefined && ownValue(fields, keyField) === undefined) {
          const named = ownValue(fields, shape.keySentAs);
          // An empty text names no path: that record is keyed as if it were not sent.
          const fits =
            resource.keyType === 'string' ? typeof named === 'string' && named !== '' : typeof named === 'number';
          if (fits) setOwn(fields, keyField, named);
        }
        // A text key sent that the answers' pattern refuses is answered as they take it, or made anew.
        const sent = ownValue(fields, keyField);
        if (typeof sent === 'string' && resource.keyType === 'string') {
          const answered = serverFields.sentKeyAnswered(sent);
          if (answered === undefined && makesKeys) delete fields[keyField];
          else if (answered !== undefined && answered !== sent) setOwn(fields, keyField, answered);
        }
        const sentKey = ownValue(fields, keyField) as RecordKey | undefined;
        const created = await world.data.transaction(async (tx) => {
          if (scope && parentKey !== undefined) await scope.require(tx, req);
          await links?.(tx, fields);
          if (sentKey === undefined && makesKeys) {
            const key = await serverFields.newKey(
              fields,
              async (taken) => (await tx.get(collection, taken)) !== undefined,
            );
            return tx.insert(collection, { [keyField]: key, ...fields });
          }
          if (sentKey !== undefined && (await tx.get(collection, sentKey))) {
            if (!upserts) throw conflict(deps, operation, resource, sentKey);
            await tx.replace(collection, fields);
            return fields;
          }
          return tx.insert(collection, fields);
        });
        // Where the answer declares it (a draft's create may answer 200 with no Location), or where
        // a 201 has no body to tell what was made (RFC 9110, 15.3.2).
        const location =
          answer.declares('Location') || (answer.status === 201 && answer.media.length === 0)
            ? locationOf(basePath, resource, req, created, operation.path)
            : undefined;
        if (location) res.location(location);
        await send(req, res, created, world);
      };
    },
  };
}
