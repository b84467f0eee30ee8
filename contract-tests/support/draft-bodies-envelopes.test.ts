// Bodies the suite sends on a document built as Lago's, whose records go in envelopes: the key
// a path names the record by is never drawn empty, and a field sent as an integer or a text and
// answered as a date-time is drawn and fitted as the answers hold it, inside the envelope.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { BILLING_DOCUMENT } from '../../test/support/billing-document.js';
import { CONTRACT_DOCUMENT_VARIABLE } from './target.js';

const file = join(mkdtempSync(join(tmpdir(), 'petstore-billing-')), 'contract.json');
writeFileSync(file, JSON.stringify(BILLING_DOCUMENT));
process.env[CONTRACT_DOCUMENT_VARIABLE] = file;
const { listOperations } = await import('./contract-spec.js');
const { answerFitted, answerNarrowedSchema } = await import('./draft-bodies.js');
const { validValues } = await import('../generation/valid-values.js');

const operationNamed = (operationId: string) => {
  const found = listOperations().find((operation) => operation.operationId === operationId);
  if (!found) throw new Error(`The document lost ${operationId}.`);
  return found;
};

/** Bodies drawn for `operationId` as the generated checks draw them: samples and edges. */
function drawnBodies(operationId: string): Array<Record<string, Record<string, unknown>>> {
  const { arbitrary, edges } = validValues(answerNarrowedSchema(operationNamed(operationId)), 'body', {});
  return [...fc.sample(arbitrary, { seed: 7, numRuns: 200 }), ...edges] as Array<
    Record<string, Record<string, unknown>>
  >;
}

describe('bodies of records in envelopes', () => {
  it('never draws an empty key: the path that reads the record back could not name it', () => {
    const codes = drawnBodies('createTax').map((body) => body.tax?.code);
    expect(codes.length).toBeGreaterThan(100);
    for (const code of codes) expect(code).toEqual(expect.stringMatching(/^.+$/s));
  });

  it('draws a field of several types sent and one answered in the type answered, inside the envelope', () => {
    const stamps = drawnBodies('createEvent').map((body) => body.event?.timestamp);
    for (const stamp of stamps) if (stamp !== undefined) expect(Number.isNaN(Date.parse(String(stamp)))).toBe(false);
    expect(stamps.filter((stamp) => typeof stamp === 'string').length).toBeGreaterThan(10);
    const fitted = answerFitted(operationNamed('createEvent'), {
      event: { transaction_id: 'tx-1', code: 'api_calls', timestamp: 5 },
    }) as { event: Record<string, unknown> };
    expect(fitted.event).toMatchObject({ transaction_id: 'tx-1', code: 'api_calls' });
    expect(typeof fitted.event.timestamp).toBe('string');
    expect(Number.isNaN(Date.parse(String(fitted.event.timestamp)))).toBe(false);
  });
});
