// Parameters and answers named by their place, as a bundle of many files writes them
// (DigitalOcean's whole document): a part of another file is written out at its first use, and
// every later use is a $ref to that place in the paths. The validator follows such a $ref only
// into components.parameters or components.responses: the whole document was refused at start
// ("Cannot read properties of undefined (reading '0')"), and once served every answer was a 500
// ("reading 'content'"). Each is served, and checked, as the part it names. (A schema
// that refers to itself, as many real ones do, has the validator read the document bundled,
// its $refs as they are; it inlines those of a document without one.)
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const at = (pointer: string) => ({ $ref: `#/paths/${pointer}` });
const WIDGET = { $ref: '#/components/schemas/Widget' };
const TAG = {
  type: 'object',
  properties: { label: { type: 'string' }, assigned_at: { type: 'string', format: 'date-time' } },
};

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Widgets', version: '1' },
  paths: {
    '/widgets': {
      get: {
        operationId: 'listWidgets',
        parameters: [
          // Styles said, as DigitalOcean says them: nothing of the validator's copy changes them.
          { name: 'per_page', in: 'query', style: 'form', explode: true, schema: { type: 'integer', maximum: 200 } },
          { name: 'tag_name', in: 'query', style: 'form', explode: true, schema: { type: 'string' } },
        ],
        responses: { 200: json({ type: 'array', items: WIDGET }) },
      },
      post: {
        operationId: 'createWidget',
        requestBody: { required: true, content: { 'application/json': { schema: WIDGET } } },
        responses: { 201: json(WIDGET) },
      },
    },
    '/widgets/{widget_id}': {
      get: {
        operationId: 'getWidget',
        parameters: [{ name: 'widget_id', in: 'path', required: true, style: 'simple', schema: { type: 'integer' } }],
        responses: { 200: json(WIDGET), 404: json({ type: 'object', properties: { message: { type: 'string' } } }) },
      },
      delete: {
        operationId: 'deleteWidget',
        parameters: [at('~1widgets~1%7Bwidget_id%7D/get/parameters/0')],
        responses: { 204: { description: 'Deleted.' }, 404: { description: 'No such widget.' } },
      },
    },
    // Tags given by name and answered as records, the records' schema named by its place.
    '/widgets/{widget_id}/tags': {
      parameters: [at('~1widgets~1%7Bwidget_id%7D/get/parameters/0')],
      get: {
        operationId: 'listWidgetTags',
        responses: {
          200: json({
            allOf: [
              { type: 'object', properties: { tags: { type: 'array', items: TAG } } },
              { type: 'object', properties: { total: { type: 'integer' } } },
            ],
          }),
        },
      },
      post: {
        operationId: 'assignWidgetTags',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } },
            },
          },
        },
        responses: {
          200: json({
            type: 'object',
            properties: {
              tags: {
                type: 'array',
                items: at(
                  '~1widgets~1%7Bwidget_id%7D~1tags/get/responses/200/content/application~1json/schema/allOf/0/properties/tags/items',
                ),
              },
            },
          }),
        },
      },
    },
    '/gadgets': {
      get: {
        operationId: 'listGadgets',
        parameters: [at('~1widgets/get/parameters/0'), at('~1widgets/get/parameters/1')],
        responses: { 200: at('~1widgets/get/responses/200') },
      },
    },
  },
  components: {
    schemas: {
      Widget: {
        type: 'object',
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string' },
          tag: { type: 'string' },
          parts: { type: 'array', items: WIDGET, maxItems: 2 },
        },
        required: ['name'],
      },
    },
  },
};

describe("parameters named by their place in the paths (a bundle's later uses)", () => {
  const served = serveJudged(DOCUMENT);
  const http = () => served.mock().http;

  it("reads and checks a path parameter named by its place: the record's, or a 400", async () => {
    const made = await http().post('/widgets').send({ name: 'Sprocket', tag: 'metal' });
    expect(made.status).toBe(201);
    expect(served.judged('GET', `/widgets/${made.body.id}`, await http().get(`/widgets/${made.body.id}`)).body).toEqual(
      made.body,
    );
    expect((await http().delete(`/widgets/${made.body.id}`)).status).toBe(204);
    expect((await http().get(`/widgets/${made.body.id}`)).status).toBe(404);
    const refused = await http().delete('/widgets/sprocket');
    expect(refused.status).toBe(400);
    expect(refused.headers['x-mock-contract-gap']).toBe('deleteWidget declares no 400 answer');
  });

  it('checks query parameters and an answer named by their place, as the parts they name', async () => {
    expect(served.judged('GET', '/gadgets', await http().get('/gadgets?per_page=5&tag_name=metal')).status).toBe(200);
    const refused = await http().get('/gadgets?per_page=500');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('per_page');
  });

  it('answers a POST whose records are named by their place as the list they are, not as a record it makes', async () => {
    const made = await http().post('/widgets').send({ name: 'Sprocket' });
    const path = `/widgets/${made.body.id}/tags`;
    const assigned = served.judged(
      'POST',
      path,
      await http()
        .post(path)
        .send({ tags: ['metal', 'small'] }),
    );
    expect(assigned.status).toBe(200);
    const { operations } = (await http().get('/__mock/operations')).body as {
      operations: Array<{ operationId: string; answeredBy: string }>;
    };
    expect(operations.find((operation) => operation.operationId === 'assignWidgetTags')?.answeredBy).toBe('examples');
  });
});
