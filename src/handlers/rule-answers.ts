// The three shapes of an operation with rules: a create, an update and a delete of one record,
// each in one transaction with the rules' own checks and effects, answered as the conventions
// answer (201 with Location, 200 with the record, 204). The rules files give only what differs.
import type { Request } from 'express';
import type { Collection, RecordKey, StoredRecord } from '../store/data-set.js';
import type { DataTransaction } from '../store/data-store.js';
import { type HandlerDependencies, idParam, type OperationHandler } from './handler-types.js';
import type { RuleContext } from './rule-context.js';

/** A create: `make` checks the rules and stores the record (and what goes with it) from the body's fields. */
export function createWithRules(
  deps: HandlerDependencies,
  context: RuleContext,
  make: (tx: DataTransaction, fields: StoredRecord, req: Request) => Promise<StoredRecord>,
): OperationHandler {
  return async (req, res) => {
    const fields = { ...(await context.serverFields.onCreate(req)), ...context.inputFields(req) };
    const created = await deps.data.transaction((tx) => make(tx, fields, req));
    res.status(201).location(context.location(req, created)).json(created);
  };
}

/**
 * An update of the record the path parameter `keyParam` names (404 when it is not there): `change`
 * checks the rules and gives the record to store from the stored one and the body's fields.
 */
export function updateWithRules(
  deps: HandlerDependencies,
  context: RuleContext,
  collection: Collection,
  keyParam: string,
  change: (tx: DataTransaction, existing: StoredRecord, fields: StoredRecord) => Promise<StoredRecord>,
): OperationHandler {
  return async (req, res) => {
    const key = idParam(req, keyParam);
    const fields = context.inputFields(req);
    const stamps = context.serverFields.onUpdate();
    const updated = await deps.data.transaction(async (tx) => {
      const existing = await tx.get(collection, key);
      if (!existing) throw context.notFound(key);
      const replaced: StoredRecord = { ...(await change(tx, existing, fields)), ...stamps };
      await tx.replace(collection, replaced);
      return replaced;
    });
    res.json(updated);
  };
}

/** A delete of the record `keyParam` names (404 when it is not there), once `check` let it go and did what goes with it. */
export function deleteWithRules(
  deps: HandlerDependencies,
  context: RuleContext,
  collection: Collection,
  keyParam: string,
  check: (tx: DataTransaction, existing: StoredRecord, key: RecordKey) => Promise<void>,
): OperationHandler {
  return async (req, res) => {
    const key = idParam(req, keyParam);
    await deps.data.transaction(async (tx) => {
      const existing = await tx.get(collection, key);
      if (!existing) throw context.notFound(key);
      await check(tx, existing, key);
      await tx.remove(collection, key);
    });
    res.status(204).end();
  };
}
