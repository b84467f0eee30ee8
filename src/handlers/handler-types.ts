// What every operation's handler gets, and the typed views of a request that the validator has
// already checked (bodies and parameters match the contract by the time a handler runs).
import type { Request, Response } from 'express';
import type { Clock } from '../clock.js';
import type { operations } from '../generated/petstore.js';
import type { Contract } from '../openapi/load-contract.js';
import type { ResourceModel } from '../openapi/resource-model.js';
import type { DataStore } from '../store/data-store.js';

/** The operations of the built-in contract, whose rules are written here. */
export type OperationId = keyof operations;

/** What the contract being served says: the same for every world. */
export type ContractContext = {
  /** The contract being served (the built-in one, or a draft given with --contract). */
  contract: Contract;
  /** Its resources: the collections, and the convention each operation follows. */
  resources: ResourceModel;
};

/** What a world's handlers work with, besides the contract. */
export type HandlerDependencies = ContractContext & {
  data: DataStore;
  clock: Clock;
  /** The data set's faker seed: what an answer generated from a schema is drawn from. */
  seed: number;
};

/** How an operation is answered, in words, and its handler for each world. */
export type PlannedAnswer = {
  how: string;
  make(deps: HandlerDependencies): OperationHandler;
  /** Error statuses the answer itself may give (a 404 for a record not there, a 409): checked against what the contract declares. */
  mayAnswer?: readonly number[];
};

export type OperationHandler = (req: Request, res: Response) => void | Promise<void>;

export type OperationHandlers<Id extends string> = Record<Id, OperationHandler>;

type JsonBodyOf<Id extends OperationId> = operations[Id] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The JSON body of a request to operation `Id`, as the contract types it. */
export function bodyOf<Id extends OperationId>(req: Request, _operationId: Id): JsonBodyOf<Id> {
  return req.body as JsonBodyOf<Id>;
}

/**
 * A numeric path parameter; the validator has checked and bounded it already. A draft may name it
 * otherwise (`{id}`, `{__proto__}`): the path's last parameter then names the record.
 */
export function idParam(req: Request, name: string): number {
  const params = req.params as Record<string, string>;
  return Number(Object.hasOwn(params, name) ? params[name] : Object.values(params).at(-1));
}
