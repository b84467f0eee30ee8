// Tasks listed under a task, as Asana lists subtasks: POST/GET /tasks, GET/DELETE
// /tasks/{task_gid}, GET/POST /tasks/{task_gid}/subtasks (subtasks are tasks). For the mock's
// tests and the contract suite's.
const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });
const gid = { name: 'task_gid', in: 'path', required: true, schema: { type: 'string' } };
const task = { $ref: '#/components/schemas/Task' };
const newTask = {
  required: true,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/NewTask' } } },
};

export const TASKS_DOCUMENT = {
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
