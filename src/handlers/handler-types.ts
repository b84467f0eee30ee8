// What every resource handler gets, and the typed views of a request that the validator has
// already checked (bodies and parameters match the contract by the time a handler runs).
import type { Request, Response } from 'express';
import type { Clock } from '../clock.js';
import type { operations } from '../generated/petstore.js';
import type { DataStore } from '../store/data-store.js';

export type OperationId = keyof operations;

export type HandlerDependencies = {
  data: DataStore;
  clock: Clock;
  /** The API's base path (the spec's first server), for Location and Link headers. */
  basePath: string;
};

export type OperationHandler = (req: Request, res: Response) => void | Promise<void>;

export type OperationHandlers<Id extends OperationId> = Record<Id, OperationHandler>;

type JsonBodyOf<Id extends OperationId> = operations[Id] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The JSON body of a request to operation `Id`, as the contract types it. */
export function bodyOf<Id extends OperationId>(req: Request, _operationId: Id): JsonBodyOf<Id> {
  return req.body as JsonBodyOf<Id>;
}

/** A numeric path parameter; the validator has coerced and bounded it already. */
export function idParam(req: Request, name: string): number {
  return Number(req.params[name]);
}

export type QueryOf<Id extends OperationId> = operations[Id]['parameters'] extends { query?: infer Query }
  ? NonNullable<Query>
  : never;

/** The query of a request to operation `Id`, as the contract types it (after the validator's coercion). */
export function queryOf<Id extends OperationId>(req: Request, _operationId: Id): QueryOf<Id> {
  return req.query as QueryOf<Id>;
}
