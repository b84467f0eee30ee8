// The API's two modes behind one shape, as Prism keeps its mock and its proxy as two forwarders
// behind one HTTP layer: the app runs every request through the contract's pipeline, its world,
// its clock and latency, and leaves to the mode what differs: the key and limits, the answer (a
// handler's, or the upstream's), and how answers are checked on their way out.
import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from 'express';
import type { AnswerDescription } from './handlers/index.js';
import type { LogLine } from './http/request-log.js';
import type { LimitHeaderWriter } from './limits/limit-header-dialect.js';
import type { Contract } from './openapi/load-contract.js';
import type { OperationSecurity } from './openapi/operation-security.js';
import type { ViolationLog } from './store/violation-log.js';
import type { World } from './world.js';

/** What the app gives a mode to build its steps with. */
export type ApiModeContext = {
  /** The app whose answers a mode checks on their way out (its response prototype). */
  app: Express;
  contract: Contract;
  violationsOf: (req: Request) => ViolationLog;
  log: LogLine;
  /** Whether the mock's own answers are checked (off for load tests). */
  validateResponses: boolean;
  operationIdOf: (req: Request) => string | undefined;
  /** The data set's faker seed, for answers a handler draws from a schema. */
  seed: number;
  /** The rate-limit headers in the contract's words. */
  limitHeaders: LimitHeaderWriter;
  /** The credentials a request's operation takes (the contract's own for a request that names none). */
  securityOf: (req: Request) => OperationSecurity;
};

export type { AnswerDescription } from './handlers/index.js';

/** The steps of one world: before the body is read (key and limits), and the one that answers. */
export type WorldSteps = { beforeBody: readonly RequestHandler[]; answer: RequestHandler };

export type ApiMode = {
  /** What the mode makes at start (values drawn from the contract), before the app serves. */
  ready?: Promise<void>;
  /** Whether answers of matched operations (API and control) are checked against the contract. */
  validateResponses: boolean;
  /** Where the pipeline's finding on an answer goes. */
  onResponseViolation: (res: Response, message: string) => void;
  /** The API's request check, as this mode runs it. */
  checkRequest(check: RequestHandler): RequestHandler;
  /** Reads the body of operations that take one. */
  readBody: RequestHandler;
  /**
   * Whether a request goes on when its world's shared state cannot be brought up to date (Redis
   * out of reach), on the copies as last read, instead of being answered 503 STATE_UNAVAILABLE.
   */
  goesOnWithoutState?: boolean;
  stepsOf(world: World): WorldSteps;
  /** How each operation of the contract is answered, in the contract's order. */
  operations: readonly AnswerDescription[];
  /** Run before the Error object is written. */
  errorHandlers: readonly ErrorRequestHandler[];
  /** Whether its own answers that the contract does not declare go into the violation log (`location: contract`). */
  recordsContractGaps: boolean;
};

export type ApiModeFactory = (context: ApiModeContext) => ApiMode;
