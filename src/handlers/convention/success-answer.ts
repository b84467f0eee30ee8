// The success answer a convention gives for an operation: which 2xx status the contract
// declares for it (201 for a create, 204 for a delete when declared), and the schema of its body.
import { asObject, type JsonObject, resolveLocalRef, valueAt } from '../../openapi/json-pointer.js';
import { type Contract, type OperationInfo, operationPointer } from '../../openapi/load-contract.js';

export type SuccessAnswer = {
  status: number;
  schema: unknown;
  /** Whether the answer declares a header (its name compared without case). */
  declares(header: string): boolean;
};

const PREFERRED: Record<string, readonly string[]> = {
  post: ['201', '200', '202'],
  delete: ['204', '200', '202'],
};

export function successAnswer(contract: Contract, operation: OperationInfo): SuccessAnswer {
  const responses = asObject(valueAt(contract.document, operationPointer(operation)).responses);
  const declared = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
  const order = PREFERRED[operation.method] ?? ['200'];
  const status = order.find((candidate) => declared.includes(candidate)) ?? declared.sort()[0] ?? '200';
  const response: JsonObject = resolveLocalRef(contract.document, responses[status]);
  const schema = asObject(asObject(response.content)['application/json']).schema;
  const headers = new Set(Object.keys(asObject(response.headers)).map((name) => name.toLowerCase()));
  return { status: Number(status), schema, declares: (header) => headers.has(header.toLowerCase()) };
}
