// What generated documents of real APIs write (Go's swaggo and go-swagger, Laravel's, Django's,
// PagerDuty's): a number of format int64, an integer reference to records keyed by texts, a
// reference whose readOnly id its object requires, a readOnly property declared again in a part
// that requires it, query names with brackets, records of one schema under several parents
// (Coolify's environment variables of applications and of services) and creates of kinds of
// one record (POST /applications/public answering its uuid). Served with no 5xx, every exchange
// judged by a validator other than the mock's.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const ok = (schema: object) => ({ description: 'OK.', content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const uuidPath = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

/** The envs of one parent's records: listed, made (answering the new uuid) and deleted. */
const envsOf = (parent: string) => ({
  [`/${parent}/{uuid}/envs`]: {
    parameters: [uuidPath('uuid')],
    get: { responses: { '200': ok({ type: 'array', items: ref('Env') }) } },
    post: {
      requestBody: { required: true, ...json(ref('NewEnv')) },
      responses: { '201': ok({ type: 'object', properties: { uuid: { type: 'string' } } }) },
    },
  },
  [`/${parent}/{uuid}/envs/{env_uuid}`]: {
    parameters: [uuidPath('uuid'), uuidPath('env_uuid')],
    delete: { responses: { '200': ok({ type: 'object', properties: { message: { type: 'string' } } }) } },
  },
});

const application = (kind: string) => ({
  requestBody: { required: true, ...json(ref('NewApp')) },
  responses: { '201': ok({ type: 'object', properties: { uuid: { type: 'string' } } }) },
  summary: `Create a ${kind} application.`,
});

const document = {
  openapi: '3.0.3',
  info: { title: 'Generated shapes', version: '1' },
  paths: {
    '/projects': { get: { responses: { '200': ok({ type: 'array', items: ref('Project') }) } } },
    '/keys': {
      get: {
        parameters: [
          { name: 'include[]', in: 'query', schema: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } },
          { name: 'filter[status]', in: 'query', schema: { type: 'string' } },
        ],
        responses: { '200': ok({ type: 'array', items: ref('Key') }) },
      },
    },
    '/things': {
      get: { responses: { '200': ok({ type: 'array', items: ref('Thing') }) } },
      post: { requestBody: json(ref('Thing')), responses: { '201': ok(ref('Thing')) } },
    },
    '/things/{id}': {
      get: { parameters: [uuidPath('id')], responses: { '200': ok(ref('Thing')) } },
    },
    '/contacts': {
      post: {
        requestBody: { required: true, ...json(ref('EmailContact')) },
        responses: { '201': ok(ref('EmailContact')) },
      },
    },
    '/contacts/{id}': { get: { parameters: [uuidPath('id')], responses: { '200': ok(ref('EmailContact')) } } },
    '/applications': { get: { responses: { '200': ok({ type: 'array', items: ref('App') }) } } },
    '/applications/public': { post: application('public') },
    '/applications/dockerimage': { post: application('Docker image') },
    '/applications/{uuid}': { get: { parameters: [uuidPath('uuid')], responses: { '200': ok(ref('App')) } } },
    '/services': { get: { responses: { '200': ok({ type: 'array', items: ref('Service') }) } } },
    '/services/{uuid}': { get: { parameters: [uuidPath('uuid')], responses: { '200': ok(ref('Service')) } } },
    // Sentry's dashboards: a text id, read at a path of integers.
    '/dashboards': {
      get: { responses: { '200': ok({ type: 'array', items: ref('Dashboard') }) } },
      post: { requestBody: { required: true, ...json(ref('Dashboard')) }, responses: { '201': ok(ref('Dashboard')) } },
    },
    '/dashboards/{dashboard_id}': {
      get: {
        parameters: [{ name: 'dashboard_id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': ok(ref('Dashboard')) },
      },
    },
    ...envsOf('applications'),
    ...envsOf('services'),
  },
  components: {
    schemas: {
      Project: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'string' }, name: { type: 'string' } },
      },
      // Sentry's: an integer reference to projects keyed by texts; go-swagger's int64 number.
      Key: {
        type: 'object',
        required: ['id', 'projectId', 'expires'],
        properties: {
          id: { type: 'string' },
          projectId: { type: 'integer' },
          expires: { type: 'number', format: 'int64' },
        },
      },
      // PagerDuty's reference: a readOnly id in one part, required by another.
      Base: { type: 'object', properties: { id: { type: 'string', readOnly: true } } },
      Reference: { allOf: [ref('Base'), { type: 'object', required: ['id'] }] },
      Thing: {
        allOf: [ref('Base'), { type: 'object', properties: { name: { type: 'string' }, owner: ref('Reference') } }],
      },
      // PagerDuty's contact method: the base's readOnly type, declared again and required.
      Typed: {
        type: 'object',
        properties: { id: { type: 'string', readOnly: true }, type: { type: 'string', readOnly: true } },
      },
      EmailContact: {
        allOf: [
          ref('Typed'),
          {
            type: 'object',
            required: ['type', 'address'],
            properties: { type: { type: 'string', enum: ['email_contact_method'] }, address: { type: 'string' } },
          },
        ],
      },
      App: {
        type: 'object',
        required: ['uuid', 'name'],
        properties: { id: { type: 'integer' }, uuid: { type: 'string' }, name: { type: 'string' } },
      },
      NewApp: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      Service: {
        type: 'object',
        required: ['uuid'],
        properties: { uuid: { type: 'string' }, name: { type: 'string' } },
      },
      Env: {
        type: 'object',
        required: ['uuid', 'key'],
        properties: {
          id: { type: 'integer' },
          uuid: { type: 'string' },
          key: { type: 'string' },
          value: { type: 'string' },
        },
      },
      Dashboard: {
        type: 'object',
        required: ['id', 'title'],
        properties: { id: { type: 'string', readOnly: true }, title: { type: 'string' } },
      },
      NewEnv: { type: 'object', required: ['key'], properties: { key: { type: 'string' }, value: { type: 'string' } } },
    },
  },
};

const served = serveJudged(document);
const { judged } = served;
const http = () => served.mock().http;

describe('a generated document’s shapes', () => {
  it('draws an integer of an int64 number, and no text key into an integer reference', async () => {
    const keys = judged('GET', '/keys', await http().get('/keys'));
    expect(keys.status).toBe(200);
    expect(keys.body.length).toBeGreaterThan(0);
    for (const key of keys.body) {
      expect(Number.isInteger(key.expires)).toBe(true);
      expect(Number.isInteger(key.projectId)).toBe(true);
    }
  });

  it('seeds text keys without spaces, and children under the first parent', async () => {
    const projects = judged('GET', '/projects', await http().get('/projects')).body;
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) expect(project.id).not.toMatch(/\s/);
    const [first] = (await http().get('/services')).body;
    const envs = judged('GET', '/services/{uuid}/envs', await http().get(`/services/${first.uuid}/envs`));
    expect(envs.body.length).toBeGreaterThan(0);
  });

  it('keys records of a text id that their path reads as an integer in digits', async () => {
    const seeded = judged('GET', '/dashboards', await http().get('/dashboards')).body;
    expect(seeded.length).toBeGreaterThan(0);
    for (const dashboard of seeded) expect(dashboard.id).toMatch(/^\d+$/);
    const made = judged('POST', '/dashboards', await http().post('/dashboards').send({ title: 'Errors' }));
    expect(made.body.id).toMatch(/^\d+$/);
    const read = judged('GET', '/dashboards/{dashboard_id}', await http().get(`/dashboards/${made.body.id}`));
    expect(read.body).toEqual(made.body);
  });

  it('reads query names with brackets as the operation declares them', async () => {
    const both = await http().get('/keys?include[]=a&include[]=b&filter[status]=open');
    expect(judged('GET', '/keys', both).status).toBe(200);
    expect((await http().get('/keys?include%5B%5D=a')).status).toBe(200);
    const wrong = await http().get('/keys?include[]=c');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('include[]');
    // A name no operation declares is still unknown.
    expect((await http().get('/keys?other[a]=1')).status).toBe(400);
  });

  it('makes the readOnly id a sent reference lacks, and keeps the record readable', async () => {
    const made = judged('POST', '/things', await http().post('/things').send({ name: 'a', owner: {} }));
    expect(made.status).toBe(201);
    expect(typeof made.body.owner.id).toBe('string');
    expect(judged('GET', '/things', await http().get('/things')).status).toBe(200);
    expect(judged('GET', '/things/{id}', await http().get(`/things/${made.body.id}`)).body).toEqual(made.body);
  });

  it('takes a readOnly property a part declares again and requires as the part says: writable', async () => {
    const body = { type: 'email_contact_method', address: 'a@example.com' };
    const made = judged('POST', '/contacts', await http().post('/contacts').send(body));
    expect(made.status).toBe(201);
    expect(made.body.type).toBe('email_contact_method');
    expect((await http().post('/contacts').send({ address: 'a@example.com' })).status).toBe(400);
  });

  it('keeps the envs of an application and of a service apart, each keyed by its uuid', async () => {
    const [app] = (await http().get('/applications')).body;
    const [service] = (await http().get('/services')).body;
    const made = await http()
      .post(`/services/${encodeURIComponent(service.uuid)}/envs`)
      .send({ key: 'PORT' });
    expect(judged('POST', '/services/{uuid}/envs', made).status).toBe(201);
    // The new env's own uuid, not its parent's.
    expect(made.body.uuid).not.toBe(service.uuid);
    const ofService = judged(
      'GET',
      '/services/{uuid}/envs',
      await http().get(`/services/${encodeURIComponent(service.uuid)}/envs`),
    );
    expect(ofService.body.map((env: { uuid: string }) => env.uuid)).toContain(made.body.uuid);
    const ofApp = await http().get(`/applications/${encodeURIComponent(app.uuid)}/envs`);
    expect(ofApp.body.map((env: { uuid: string }) => env.uuid)).not.toContain(made.body.uuid);
    const gone = await http().delete(`/services/${encodeURIComponent(service.uuid)}/envs/${made.body.uuid}`);
    expect(judged('DELETE', '/services/{uuid}/envs/{env_uuid}', gone).status).toBe(200);
  });

  it('makes an application by each kind’s create, read back at its uuid', async () => {
    const made = judged(
      'POST',
      '/applications/public',
      await http().post('/applications/public').send({ name: 'web' }),
    );
    expect(made.status).toBe(201);
    const read = judged('GET', '/applications/{uuid}', await http().get(`/applications/${made.body.uuid}`));
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('web');
    const image = await http().post('/applications/dockerimage').send({ name: 'db' });
    const listed = (await http().get('/applications')).body.map((app: { uuid: string }) => app.uuid);
    expect(listed).toEqual(expect.arrayContaining([made.body.uuid, image.body.uuid]));
  });
});
