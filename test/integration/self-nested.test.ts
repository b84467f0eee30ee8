// A resource listed under a record of its own kind (Asana's subtasks: /tasks/{task_gid}/subtasks
// lists tasks): its item path, /tasks/{task_gid}, reads any task by its own key, and the list
// under a task shows the tasks made under it.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const gid = { name: 'task_gid', in: 'path', required: true, schema: { type: 'string' } };
const task = { $ref: '#/components/schemas/Task' };
const newTask = {
  required: true,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/NewTask' } } },
};

const document = {
  openapi: '3.0.3',
  info: { title: 'Tasks', version: '1' },
  paths: {
    '/tasks': {
      get: { operationId: 'getTasks', responses: { 200: json({ type: 'array', items: task }) } },
      post: { operationId: 'createTask', requestBody: newTask, responses: { 201: json(task) } },
    },
    '/tasks/{task_gid}': {
      parameters: [gid],
      get: { operationId: 'getTask', responses: { 200: json(task), 404: { description: 'none' } } },
      delete: { operationId: 'deleteTask', responses: { 204: { description: 'gone' }, 404: { description: 'none' } } },
    },
    '/tasks/{task_gid}/subtasks': {
      parameters: [gid],
      get: {
        operationId: 'getSubtasks',
        responses: { 200: json({ type: 'array', items: task }), 404: { description: 'none' } },
      },
      post: {
        operationId: 'createSubtask',
        requestBody: newTask,
        responses: { 201: json(task), 404: { description: 'none' } },
      },
    },
  },
  components: {
    schemas: {
      NewTask: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 40 } } },
      Task: {
        type: 'object',
        required: ['gid', 'name'],
        properties: { gid: { type: 'string', readOnly: true }, name: { type: 'string', maxLength: 40 } },
      },
    },
  },
};

describe('a resource listed under a record of its own kind', () => {
  const served = serveJudged(document);
  const http = () => served.mock().http;

  it('reads, lists and deletes tasks by their own key, and subtasks under their task', async () => {
    const made = served.judged('POST', '/tasks', await http().post('/tasks').send({ name: 'top' }));
    expect(made.status).toBe(201);
    const { gid: top } = made.body as { gid: string };
    const read = served.judged('GET', '/tasks/{task_gid}', await http().get(`/tasks/${top}`));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ gid: top, name: 'top' });

    const sub = served.judged(
      'POST',
      '/tasks/{task_gid}/subtasks',
      await http().post(`/tasks/${top}/subtasks`).send({ name: 'below' }),
    );
    expect(sub.status).toBe(201);
    const { gid: below } = sub.body as { gid: string };
    const listed = served.judged('GET', '/tasks/{task_gid}/subtasks', await http().get(`/tasks/${top}/subtasks`));
    expect((listed.body as Array<{ gid: string }>).map((each) => each.gid)).toEqual([below]);
    expect(served.judged('GET', '/tasks/{task_gid}', await http().get(`/tasks/${below}`)).status).toBe(200);

    expect((await http().delete(`/tasks/${top}`)).status).toBe(204);
    expect((await http().get(`/tasks/${top}`)).status).toBe(404);
  });
});
