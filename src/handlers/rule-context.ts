// What an operation with rules of its own shares with the conventions: the collections it works
// on, the fields its body stores (every property its request schema declares, a draft's new
// ones too), where a created record is read, and the Error object of a record not there.
import type { Request } from 'express';
import type { OperationInfo } from '../openapi/load-contract.js';
import type { Resource } from '../openapi/resource-model.js';
import { type Collection, FORMAT_COLLECTIONS, type StoredRecord } from '../store/data-set.js';
import { locationOf, type NotFound, notFoundOf } from './convention/record-answers.js';
import { createInputFields } from './convention/record-fields.js';
import { createServerFields, type ServerFields } from './convention/server-fields.js';
import type { HandlerDependencies } from './handler-types.js';

export type RuleContext = {
  operation: OperationInfo;
  /** The fields of the request's body that the operation stores. */
  inputFields(req: Request): StoredRecord;
  /** Where a record the operation made is read (its Location). */
  location(req: Request, record: StoredRecord): string;
  notFound: NotFound;
  /** The fields the server sets (readOnly in the contract: stamps, drawn values), and keeps on a replacement. */
  serverFields: ServerFields;
};

/** The collection `name` as the contract keys it, or as the data format does when the contract lacks it. */
export function collectionNamed(deps: HandlerDependencies, name: string): Collection {
  const collection = deps.resources.collection(name) ?? FORMAT_COLLECTIONS.find((format) => format.name === name);
  if (!collection) throw new Error(`The data set has no collection named ${name}.`);
  return collection;
}

/** The context of the operation `operationId` over the resource `resourceName`. */
export function ruleContext(deps: HandlerDependencies, operationId: string, resourceName: string): RuleContext {
  const operation = deps.contract.operations.find((candidate) => candidate.operationId === operationId);
  const resource: Resource | undefined = deps.resources.resources.get(resourceName);
  if (!operation || !resource) {
    throw new Error(`${operationId} has rules over ${resourceName}, which the contract does not describe.`);
  }
  return {
    operation,
    inputFields: createInputFields(deps.contract, operation),
    location: (req, record) => locationOf(deps.contract.basePath, resource, req, record) ?? '',
    notFound: notFoundOf(deps.contract, operation, resource),
    serverFields: createServerFields(deps, resource, operation),
  };
}
