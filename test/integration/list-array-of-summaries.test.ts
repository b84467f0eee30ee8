// A list whose envelope holds arrays of text before the records' own, under a name of no usual
// kind (DigitalOcean's evaluation runs: `{available_candidate_types: [text], available_statuses:
// [text], runs: [summary]}`, the summary a short form of the run its read answers): the records go
// in the array whose items share their fields, never in the first array; served with no 5xx, every
// answer judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const run = { $ref: '#/components/schemas/Run' };
const source = { type: 'string', enum: ['SERVERLESS', 'DEDICATED'] };

const document = {
  openapi: '3.0.3',
  info: { title: 'Evaluations', version: '1' },
  paths: {
    '/evaluation_runs': {
      get: {
        operationId: 'listEvaluationRuns',
        responses: {
          200: json({
            type: 'object',
            properties: {
              available_sources: { type: 'array', items: source },
              available_statuses: { type: 'array', items: { type: 'string', enum: ['QUEUED', 'DONE'] } },
              runs: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { run_uuid: { type: 'string' }, name: { type: 'string' }, source },
                },
              },
              meta: { type: 'object', properties: { total: { type: 'integer' } } },
            },
          }),
        },
      },
      post: {
        operationId: 'createEvaluationRun',
        requestBody: {
          content: {
            'application/json': { schema: { type: 'object', properties: { name: { type: 'string' }, source } } },
          },
        },
        responses: { 200: json({ type: 'object', properties: { run_uuid: { type: 'string' } } }) },
      },
    },
    '/evaluation_runs/{run_uuid}': {
      parameters: [{ name: 'run_uuid', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'getEvaluationRun', responses: { 200: json({ type: 'object', properties: { run } }) } },
    },
  },
  components: {
    schemas: {
      Run: {
        type: 'object',
        properties: {
          run_uuid: { type: 'string' },
          name: { type: 'string' },
          source,
          progress: { type: 'integer', minimum: 0, maximum: 100 },
        },
      },
    },
  },
};

describe('a list whose arrays of text come before the records', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('answers the records in the array of their summaries, and lists a new one there', async () => {
    const operations = await http().get('/__mock/operations');
    const list = operations.body.operations.find(
      (operation: { operationId: string }) => operation.operationId === 'listEvaluationRuns',
    );
    expect(list.how).toMatch(/the records in runs/);
    const made = await http().post('/evaluation_runs').send({ name: 'Nightly', source: 'DEDICATED' });
    expect(made.status).toBe(200);
    const listed = served.judged('GET', '/evaluation_runs', await http().get('/evaluation_runs'));
    expect(listed.status).toBe(200);
    expect(listed.body.runs).toContainEqual(expect.objectContaining({ run_uuid: made.body.run_uuid, name: 'Nightly' }));
    for (const text of listed.body.available_sources ?? []) expect(['SERVERLESS', 'DEDICATED']).toContain(text);
  });
});
