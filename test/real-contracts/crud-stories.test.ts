// The story's own requests keep to what a truthful server would show: a list whose filter has a
// default is asked about a record that holds it, the update's marker never goes into the key the
// record is read back by (a rename would rightly move it), a child is made under a parent that
// exists, and an example whose types break its schema is not sent.
import { describe, expect, it } from '@jest/globals';
import { answeredFields, markerField, shows, withFilterDefaults } from './crud-stories.js';
import { typesFit } from './draw-value.js';
import { sameItemPath } from './judge-document.js';
import { bodyOf, type Operation } from './operations.js';

const json = (properties: Record<string, unknown>) => ({
  requestBody: { content: { 'application/json': { schema: { type: 'object', properties } } } },
});
const operation = (method: string, path: string, body: Record<string, unknown>, parameters: unknown[] = []) =>
  ({ method, path, label: `${method} ${path}`, operation: body, parameters }) as Operation;

describe('the create body of a story', () => {
  const create = operation('POST', '/pet', json({ name: { type: 'string' }, status: { type: 'string' } }));
  const byStatus = operation('GET', '/pet/findByStatus', {}, [
    { name: 'status', in: 'query', schema: { type: 'string', default: 'available' } },
  ]);

  it("holds the value a list's filter takes when none is asked", () => {
    const body = { contentType: 'application/json', value: { name: 'doggie' } };
    expect(withFilterDefaults(body, create, byStatus)?.value).toEqual({ name: 'doggie', status: 'available' });
  });

  it('keeps a value it already holds, and a field the create does not take stays out', () => {
    const body = { contentType: 'application/json', value: { name: 'doggie', status: 'sold' } };
    expect(withFilterDefaults(body, create, byStatus)?.value).toEqual({ name: 'doggie', status: 'sold' });
    const byTag = operation('GET', '/pet/findByTags', {}, [
      { name: 'tag', in: 'query', schema: { type: 'string', default: 'x' } },
    ]);
    expect(withFilterDefaults(body, create, byTag)?.value).toEqual({ name: 'doggie', status: 'sold' });
  });
});

describe("an update's marker", () => {
  it('goes into a plain field other than the key the record is read back by', () => {
    const user = json({ username: { type: 'string' }, firstName: { type: 'string' } });
    expect(markerField(user)?.field).toBe('username');
    expect(markerField(user, 'username')?.field).toBe('firstName');
  });
});

describe("a child's parent", () => {
  it('is the collection whose item path the child goes through, whatever each calls the key', () => {
    const call = '/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json';
    expect(sameItemPath(call, '/2010-04-01/Accounts/{AccountSid}/Calls/{CallSid}')).toBe(true);
    expect(sameItemPath('/pets/{petId}', '/pets/{id}')).toBe(true);
    expect(sameItemPath(call, '/2010-04-01/Accounts/{AccountSid}/Queues/{QueueSid}')).toBe(false);
    expect(sameItemPath('/pets/{petId}/photos', '/pets/{id}')).toBe(false);
  });
});

describe("a document's own request example", () => {
  const qrCode = { type: 'object', properties: { width: { type: 'number' }, pages: { type: 'string' } } };
  const schema = {
    type: 'object',
    properties: { qr_code: qrCode, tags: { type: 'array', items: { type: 'string' } } },
  };

  it("is sent where its types are its schema's, and a drawn body where they are not", () => {
    expect(typesFit({ qr_code: { width: 2.5, pages: 'front' }, tags: ['a'] }, schema)).toBe(true);
    expect(typesFit({ qr_code: { width: '2.5' } }, schema)).toBe(false);
    expect(typesFit({ tags: [1] }, schema)).toBe(false);
    const broken = { content: { 'application/json': { schema, example: { qr_code: { width: '2.5' } } } } };
    expect(bodyOf({ requestBody: broken })?.value).not.toEqual({ qr_code: { width: '2.5' } });
    const kept = { content: { 'application/json': { schema, example: { qr_code: { width: 2.5 } } } } };
    expect(bodyOf({ requestBody: kept })?.value).toEqual({ qr_code: { width: 2.5 } });
  });
});

describe('a marker read back', () => {
  it('is found anywhere in the body, past the start the report keeps', () => {
    const body = { droplet: { region: { name: 'x'.repeat(5000) }, name: 'mock3-created' } };
    const answer = { status: 200, headers: {}, body, text: JSON.stringify(body).slice(0, 2000) };
    expect(shows(answer as never, 'mock3-created')).toBe(true);
    expect(shows(answer as never, 'mock3-updated')).toBe(false);
  });

  it('goes into a field the read answers, one whose pattern the marker fits included', () => {
    const create = json({
      user_data: { type: 'string' },
      name: { type: 'string', pattern: '^[a-zA-Z0-9]?[a-z0-9A-Z.\\-]*[a-z0-9A-Z]$' },
    });
    const read = operation('GET', '/droplets/{id}', {
      responses: { 200: { content: { 'application/json': { schema: { type: 'object', properties: { name: {} } } } } } },
    });
    expect(markerField(create, undefined, answeredFields(read))?.field).toBe('name');
    expect(markerField(create)?.field).toBe('name');
    const digitsOnly = json({ name: { type: 'string', pattern: '^[0-9]+$' }, user_data: { type: 'string' } });
    expect(markerField(digitsOnly, undefined, answeredFields(read))).toBeUndefined();
  });
});
