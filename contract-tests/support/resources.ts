// The resources of the contract checked, read as the mock reads them (src/openapi/resource-model.ts):
// which operation lists, creates, reads, replaces, merges or deletes a resource's records, which
// path parameter names a record and which its parent. The suite makes, finds and removes records
// of any resource through these, so that a resource a draft adds is checked without code.
import { describeContract } from '../../src/openapi/load-contract.js';
import {
  type ConventionShape,
  describeResources,
  type Resource,
  type ShapeKind,
} from '../../src/openapi/resource-model.js';
import { BUILT_IN_OPERATION_IDS, listOperations, SPEC, type SpecOperation } from './contract-spec.js';

const model = describeResources(describeContract(SPEC, '', 'the contract checked'));

export type { Resource };

/** How an operation reads by convention: list, create, read, replace, merge or delete, of which resource. */
export function shapeOf(operationId: string): ConventionShape | undefined {
  return model.shapes.get(operationId);
}

/** The contract's operation of `kind` over `resource`, if it has one. */
export function operationOf(resource: Resource, kind: ShapeKind): SpecOperation | undefined {
  for (const [operationId, shape] of model.shapes) {
    if (shape.resource !== resource || shape.kind !== kind) continue;
    const operation = listOperations().find((candidate) => candidate.operationId === operationId);
    if (operation && !operation.deprecated) return operation;
  }
  return undefined;
}

export function resourceNamed(name: string): Resource | undefined {
  return model.resources.get(name);
}

/** The path parameter that names one of the resource's records ({ownerId}). */
export function keyParameterOf(resource: Resource): string | undefined {
  for (const shape of model.shapes.values()) if (shape.resource === resource && shape.keyParam) return shape.keyParam;
  return undefined;
}

/** Operations the suite has no checks of its own for: those a draft adds to the contract. */
export function isNewOperation(operationId: string): boolean {
  return !BUILT_IN_OPERATION_IDS.has(operationId);
}

/**
 * Resources a draft adds (none of their operations is one the suite was written for), parents
 * before their sub-collections, each with the parameter that names its records.
 */
export function newResources(): Array<{ resource: Resource; keyParameter: string }> {
  const found: Array<{ resource: Resource; keyParameter: string }> = [];
  for (const resource of model.resources.values()) {
    const operations = [...model.shapes].filter(([, shape]) => shape.resource === resource).map(([id]) => id);
    const keyParameter = keyParameterOf(resource);
    if (keyParameter === undefined || resource.keyType === 'string' || !operations.every(isNewOperation)) continue;
    found.push({ resource, keyParameter });
  }
  const depth = (resource: Resource): number => {
    const parent = resource.parent?.resource ? model.resources.get(resource.parent.resource) : undefined;
    return parent ? 1 + depth(parent) : 0;
  };
  return found.sort((one, other) => depth(one.resource) - depth(other.resource));
}

/** `path` with its parameters filled from `ids` (a parameter not there is left as it is). */
export function fillPath(path: string, ids: Readonly<Record<string, string | number>>): string {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    ids[name] === undefined ? whole : encodeURIComponent(String(ids[name])),
  );
}
