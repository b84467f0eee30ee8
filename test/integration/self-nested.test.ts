// A resource listed under a record of its own kind (Asana's subtasks: /tasks/{task_gid}/subtasks
// lists tasks): its item path, /tasks/{task_gid}, reads any task by its own key, the list under a
// task shows the tasks made under it, and a task that is not there is 404 as any parent is.
import { describe, expect, it } from '@jest/globals';
import { serveJudged } from '../support/judged-document.js';
import { TASKS_DOCUMENT } from '../support/tasks-document.js';

describe('a resource listed under a record of its own kind', () => {
  const served = serveJudged(TASKS_DOCUMENT);
  const http = () => served.mock().http;

  // First: before the other tests make tasks of their own.
  it('starts with tasks at the top level and subtasks drawn under some of them', async () => {
    const all = (await http().get('/tasks')).body as Array<{ gid: string }>;
    expect(all.length).toBeGreaterThan(0);
    let subtasks = 0;
    for (const { gid: task } of all) subtasks += ((await http().get(`/tasks/${task}/subtasks`)).body as []).length;
    expect(subtasks).toBeGreaterThan(0);
    // Each subtask is a task of the whole list, under one task only.
    expect(subtasks).toBeLessThan(all.length);
  });

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

  it("lists each task's subtasks under it only, and answers 404 under a task that is not there", async () => {
    const make = async (path: string, name: string) =>
      ((await http().post(path).send({ name })).body as { gid: string }).gid;
    const [one, other] = [await make('/tasks', 'one'), await make('/tasks', 'other')];
    const sub = await make(`/tasks/${one}/subtasks`, 'sub');
    const subSub = await make(`/tasks/${sub}/subtasks`, 'sub-sub');
    const subtasksOf = async (task: string) =>
      (
        served.judged('GET', '/tasks/{task_gid}/subtasks', await http().get(`/tasks/${task}/subtasks`)).body as Array<{
          gid: string;
        }>
      ).map((each) => each.gid);
    expect(await subtasksOf(one)).toEqual([sub]);
    expect(await subtasksOf(sub)).toEqual([subSub]);
    expect(await subtasksOf(other)).toEqual([]);

    const listed = served.judged('GET', '/tasks/{task_gid}/subtasks', await http().get('/tasks/no-such-task/subtasks'));
    expect(listed.status).toBe(404);
    const made = served.judged(
      'POST',
      '/tasks/{task_gid}/subtasks',
      await http().post('/tasks/no-such-task/subtasks').send({ name: 'orphan' }),
    );
    expect(made.status).toBe(404);
  });
});
