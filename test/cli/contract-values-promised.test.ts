// contract --checks values against the mock serving a small generated document: a body schema
// with additionalProperties: false makes no promise to ignore a field it lacks (it refuses it,
// Radarr's and OpenAI's bodies), and an operation that writes no record (OpenAI's createImage:
// a prompt sent, images answered) makes none that its answer shows the defaults it was sent.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { createMockServer } from '../../src/server/server.js';
import { runCli } from '../support/cli.js';
import { passedCases } from '../support/junit-cases.js';
import { useTempFolder } from '../support/temp-folder.js';

const widget = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string' }, size: { type: 'integer', default: 3 } },
};
const storedWidget = {
  type: 'object',
  required: ['id', 'name', 'size'],
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, size: { type: 'integer' } },
};
const json = (schema: unknown) => ({ 'application/json': { schema } });

const document = {
  openapi: '3.0.3',
  info: { title: 'Values promised', version: '1' },
  paths: {
    '/widgets': {
      post: {
        operationId: 'createWidget',
        requestBody: { required: true, content: json(widget) },
        responses: { 201: { description: 'Made.', content: json(storedWidget) } },
      },
    },
    '/widgets/{widgetId}': {
      parameters: [{ name: 'widgetId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { operationId: 'getWidget', responses: { 200: { description: 'One.', content: json(storedWidget) } } },
    },
    '/renders': {
      post: {
        operationId: 'render',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['prompt'],
            properties: { prompt: { type: 'string' }, quality: { type: 'string', default: 'auto' } },
          }),
        },
        responses: {
          200: {
            description: 'Rendered.',
            content: json({
              type: 'object',
              properties: { url: { type: 'string' }, quality: { type: 'string', enum: ['low', 'high'] } },
            }),
          },
        },
      },
    },
  },
};

describe('contract --checks values on what a document promises of values', () => {
  const folder = useTempFolder('values-promised');

  it('expects 400 for a field a closed schema lacks, and no default shown by an answer that is no record', async () => {
    const file = join(folder(), 'values.json');
    await writeFile(file, JSON.stringify(document));
    const served = await createMockServer({ data: ':memory:', contract: file, lintContract: false });
    try {
      const junit = join(folder(), 'values.xml');
      const run = await runCli([
        ...['contract', '--contract', file, '--base-url', served.url, '--api-key', 'demo-enterprise'],
        ...['--checks', 'values', '--examples', '2', '--junit', junit],
      ]);
      const passed = passedCases(await readFile(junit, 'utf8'));
      expect(passed).toEqual(
        expect.arrayContaining([
          'createWidget: a field the schema does not have gets 400 (its schema allows no other field)',
          'createWidget: size left out takes its default 3',
          'render: a field the schema does not have is ignored, never stored',
        ]),
      );
      expect(passed.join('\n')).not.toMatch(
        /createWidget: a field the schema does not have is ignored|render: quality/,
      );
      expect(run.stdout).toMatch(/ 0 failed, 0 skipped/);
      expect(run.code).toBe(0);
    } finally {
      await served.close();
    }
  }, 120_000);
});
