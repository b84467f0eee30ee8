// The words of the resource model (resource-model.ts): a resource, the shape of an operation over
// it, and the model of a whole contract. Apart from the code that reads them, so that the modules
// reading a contract's resources share them without importing one another in a circle.

import type { Collection } from '../store/data-set.js';
import type { JsonObject } from './json-pointer.js';
import type { SchemaShape } from './schema-shape.js';

export type ParentLink = {
  /** The parent's resource, when the contract describes it (its records are then checked to exist). */
  resource: string | undefined;
  /** The path parameter that names the parent. */
  param: string;
  /**
   * The field of each record that holds the parent's key: the parameter's name, unless that is
   * the record's own key (Ory's sessions under /admin/identities/{id}/sessions, each with an id
   * of its own): then the parent's noun and Id (identityId).
   */
  field: string;
  /**
   * Set where the parent is a record of the resource itself (Asana's subtasks: tasks listed at
   * /tasks/{task_gid}/subtasks): `resource` names the resource itself. Its records stand at the
   * top level too, made by a create whose path names no parent; a reader walking up the parents
   * stops here.
   */
  ofItsOwnKind?: true;
};

/**
 * A resource of one record where a collection has many: Conduit's current user at /user, a path
 * ending in no key, read by GET and changed by PUT or PATCH. Under a parent's record
 * (/users/{userId}/settings) there is one per parent, keyed by the parent's key.
 */
export type Singleton = {
  /** The path that reads and changes it. */
  path: string;
  /** The key of its one record at the top level; none under a parent, whose key names it. */
  key?: string;
};

export type Resource = {
  name: string;
  collection: Collection;
  /** What one record is called in messages: "pet", from {petId}. */
  noun: string;
  /** The schema of a record as the contract answers it, and what it says of the properties. */
  recordSchema: unknown;
  shape: SchemaShape;
  /** Whether the key is a number (numbered by the mock) or a string. */
  keyType: 'integer' | 'number' | 'string';
  /** The schema of the item path parameter that names a record ({deviceId}), where one does. */
  keyParameterSchema?: JsonObject;
  /** Where its records are listed or made: its own path first (/pets), then lists elsewhere (/pets/findByStatus). */
  collectionPaths: string[];
  itemPaths: string[];
  /** The item path a created record's Location names: one read by a GET that is not deprecated. */
  locationPath: string | undefined;
  /** Every item path read by a GET, not deprecated first: a create under a parent is read under it. */
  readPaths: string[];
  parent?: ParentLink;
  /** Set for a singleton: its record is read and changed at one path, never listed, made or deleted. */
  singleton?: Singleton;
};

export type ShapeKind = 'list' | 'create' | 'read' | 'replace' | 'merge' | 'delete';

/** How the convention answers an operation: its kind, over which resource. */
export type ConventionShape = {
  kind: ShapeKind;
  resource: Resource;
  /** The path parameter that holds the record's key (item operations named by their path). */
  keyParam?: string;
  /**
   * The record's field, not its key, that keyParam names, where an alike item path names the key
   * (Xero's /Contacts/{ContactNumber} beside /Contacts/{ContactID}): the record is found by it.
   */
  lookupField?: string;
  /** Whether the record's key is in the body instead (PUT /pet with the pet's id). */
  keyInBody?: boolean;
  /**
   * The body field a create names the record's key by, where the record holds it otherwise: the
   * item path's parameter (a vector store file made with its `file_id`, answered with it as `id`).
   */
  keySentAs?: string;
  /** The query parameters a write sets as the record's fields (POST /pet/{petId}?name=Rex). */
  queryFields?: readonly string[];
  /** The one property that wraps the record ({"article": {...}}) in the body and in the answer, where one does. */
  envelope?: { request?: string; answer?: string };
  /** Set where the answer of one record is declared as a list of them (the OAI 2.0 petstore reads a pet as Pets). */
  answeredInList?: true;
};

export type ResourceModel = {
  resources: ReadonlyMap<string, Resource>;
  /** By operationId, for the operations a convention answers. */
  shapes: ReadonlyMap<string, ConventionShape>;
  /** The collection a resource's records live in. */
  collection(name: string): Collection | undefined;
};
