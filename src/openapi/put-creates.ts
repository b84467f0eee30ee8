// A PUT to a record's path that no record holds, where the API names its records itself and makes
// them no other way, and the operation says it makes them (Typesense's aliases, synonym sets and
// curation sets: PUT /aliases/{aliasName}, upsertAlias, is their only create), or where it
// declares a 201: the record is made, keyed by the path, as RFC 9110 section 9.3.4 says a PUT may
// ("create or replace the state of the target"). So is a POST to the record's path that the mock
// reads as a merge, where it says so too (Nomad's PostNamespace, PostACLPolicy: upserts).
// Discourse's updateUser, at PUT /u/{username}.json, still answers 404 for a user not there; a
// record numbered by the mock, or named by its body, is never made so.
import type { OperationInfo } from './load-contract.js';
import type { ConventionShape, ResourceModel } from './resource-types.js';

/** An operationId that says the PUT makes what it names: upsertAlias, createOrUpdateSecret, PutObject. */
const SAYS_IT_MAKES = /upsert|create|^put/i;
/** ...and the POST: PostNamespace, upsertPolicy. */
const SAYS_POST_MAKES = /upsert|create|^post/i;

/** Whether a PUT (or POST) of `shape` makes the record its path names where none has that key: the mock's reading and the suite's. */
export function putCreates(resources: ResourceModel, operation: OperationInfo, shape: ConventionShape): boolean {
  const { resource } = shape;
  const byPost = shape.kind === 'merge' && operation.method === 'post';
  if (
    (shape.kind !== 'replace' && !byPost) ||
    shape.keyInBody ||
    shape.lookupField !== undefined ||
    shape.keyParam === undefined
  )
    return false;
  if (resource.keyType !== 'string' || resource.collection.counter !== undefined) return false;
  const madeOtherwise = [...resources.shapes.values()].some(
    (other) => other.kind === 'create' && other.resource === resource,
  );
  const says =
    !madeOtherwise && operation.named && (byPost ? SAYS_POST_MAKES : SAYS_IT_MAKES).test(operation.operationId);
  // A POST's 201 may be of anything it makes: only its name says it makes what its path names.
  return byPost ? says : operation.responses.has('201') || says;
}
