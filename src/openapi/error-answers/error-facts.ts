// What an error answer says, whatever the shape the contract gives it: the status, the mock's
// code and message, the fields at fault, when to retry. The contract's schema decides which of
// these facts go where (error-template.ts); the mock's own Error object holds code, message and
// status.
import { STATUS_CODES } from 'node:http';

export type ErrorIssue = { path: string; message: string };

export type ErrorFacts = {
  status: number;
  code: string;
  message: string;
  /** The HTTP reason phrase ("Not Found"): RFC 9457's title for a problem type of about:blank. */
  title: string;
  /** The fields at fault of a request the contract refuses ("body/name", "query/limit"). */
  issues: readonly ErrorIssue[];
  /** The request's path and query (RFC 9457's instance), and its absolute URL. */
  instance: string;
  url: string;
  nowMs: number;
  retryAfterSeconds?: number;
  /** The mock's reference page, for fields that point to documentation. */
  docsUrl: string;
  /**
   * Whether the shape is borrowed from another status (the request names no operation, or one
   * that does not declare this status): the facts then win over the enums and bounds that the
   * schema gives for its own status.
   */
  borrowed: boolean;
};

export const reasonPhrase = (status: number) =>
  STATUS_CODES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
