// The resources the suite makes, finds and removes on a draft: never a record it did not make,
// never a path with a parameter left in it, never a key another resource already answers to.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { CONTRACT_DOCUMENT_VARIABLE } from './target.js';

const item = (schema: string) => ({
  description: 'One.',
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});
const list = (schema: string) => ({
  description: 'A page.',
  content: { 'application/json': { schema: { type: 'array', items: { $ref: `#/components/schemas/${schema}` } } } },
});
const record = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', readOnly: true }, note: { type: 'string' } },
};
const parameter = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer' } });
/** A path item whose POST makes a `schema`. */
const creates = (operationId: string, schema: string) => ({
  post: {
    operationId,
    requestBody: { content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } },
    responses: { '201': item(schema) },
  },
});

/** The built-in contract with vets (listed and read, never made), reservations keyed by {petId}, and owners. */
function draft(): string {
  const document = parse(readFileSync(new URL('../../spec/petstore.yaml', import.meta.url), 'utf8'));
  Object.assign(document.components.schemas, { Vet: record, Reservation: record, Owner: record, Note: record });
  Object.assign(document.paths, {
    '/vets': { get: { operationId: 'listVets', responses: { '200': list('Vet') } } },
    '/vets/{vetId}': {
      parameters: [parameter('vetId')],
      get: { operationId: 'getVet', responses: { '200': item('Vet') } },
      delete: { operationId: 'deleteVet', responses: { '204': { description: 'Gone.' } } },
    },
    '/reservations': creates('reserve', 'Reservation'),
    '/reservations/{petId}': {
      parameters: [parameter('petId')],
      get: { operationId: 'getReservation', responses: { '200': item('Reservation') } },
      delete: { operationId: 'unreserve', responses: { '204': { description: 'Gone.' } } },
    },
    '/reservations/{petId}/notes': {
      parameters: [parameter('petId')],
      get: { operationId: 'listNotes', responses: { '200': list('Note') } },
      ...creates('addNote', 'Note'),
    },
    '/reservations/{petId}/notes/{noteId}': {
      parameters: [parameter('petId'), parameter('noteId')],
      get: { operationId: 'getNote', responses: { '200': item('Note') } },
    },
    '/owners': creates('createOwner', 'Owner'),
    '/owners/{ownerId}': {
      parameters: [parameter('ownerId')],
      get: { operationId: 'getOwner', responses: { '200': item('Owner') } },
      put: { operationId: 'replaceOwner', responses: { '200': item('Owner') } },
      delete: { operationId: 'deleteOwner', responses: { '204': { description: 'Gone.' } } },
    },
  });
  const file = join(mkdtempSync(join(tmpdir(), 'petstore-resources-')), 'contract.json');
  writeFileSync(file, JSON.stringify(document));
  return file;
}

process.env[CONTRACT_DOCUMENT_VARIABLE] = draft();
const { deletionPath, newResources, pathIdsOf, recordKeyOf, resourceMadeBy, resourceNamed } = await import(
  './resources.js'
);
const { listOperations } = await import('./contract-spec.js');
const { pathOf } = await import('./requests.js');

describe("a draft's resources, as the suite makes and removes them", () => {
  it('makes records of every new resource, parents first, though one shares a parameter with a pet', () => {
    const made = newResources().map(({ resource, keyParameter }) => [resource.name, keyParameter]);
    expect(made).toContainEqual(['owners', 'ownerId']);
    // Reservations answer to {petId}, a pet's parameter: their records are kept apart from the pets'.
    expect(made).toContainEqual(['reservations', 'petId']);
    const names = made.map(([name]) => name);
    expect(names.indexOf('notes')).toBeGreaterThan(names.indexOf('reservations'));
  });

  it('removes a record at its delete path with every parameter filled, or not at all', () => {
    const owners = resourceNamed('owners');
    expect(owners && deletionPath(owners, 12, {})).toBe('/owners/12');
    const pets = resourceMadeBy('createPet');
    expect(pets && deletionPath(pets, 7, {})).toBe('/pets/7');
  });

  it('sends no write to a record the suite did not make: the check is skipped, saying why', () => {
    const deleteVet = listOperations().find((operation) => operation.operationId === 'deleteVet');
    const getVet = listOperations().find((operation) => operation.operationId === 'getVet');
    if (!deleteVet || !getVet) throw new Error('The draft lost its vets.');
    expect(() => pathOf(deleteVet, {})).toThrow('the suite has no {vetId} of its own for deleteVet to change');
    expect(pathOf(getVet, {})).toBe('/vets/1');
    expect(pathOf(deleteVet, { vetId: 4 })).toBe('/vets/4');
  });

  it("fills each parameter with the record of the resource it names there, never another's", () => {
    const reservations = resourceNamed('reservations');
    const pets = resourceMadeBy('createPet');
    if (!reservations || !pets) throw new Error('The draft lost its reservations.');
    const ids = { petId: 7, [recordKeyOf(reservations)]: 31, noteId: 4 };
    // {petId} of a reservation (and of its notes) names the reservation; of a pet, the pet.
    expect(pathIdsOf('/reservations/{petId}', ids)).toEqual({ petId: 31 });
    expect(pathIdsOf('/reservations/{petId}/notes/{noteId}', ids)).toEqual({ petId: 31, noteId: 4 });
    expect(pathIdsOf('/pets/{petId}', ids)).toEqual({ petId: 7 });
    const unreserve = listOperations().find((operation) => operation.operationId === 'unreserve');
    const owners = resourceNamed('owners');
    if (!unreserve || !owners) throw new Error('The draft lost unreserve.');
    expect(pathOf(unreserve, ids)).toBe('/reservations/31');
    // Another resource's record is none of a reservation's: a write with none of its own is skipped.
    expect(() => pathOf(unreserve, { [recordKeyOf(owners)]: 5 })).toThrow(
      'the suite has no {petId} of its own for unreserve to change',
    );
  });

  it('reads a parameter named __proto__ or constructor as a name, never a member every object has', () => {
    // Nothing of its own: the template stays as it is (never "[object Object]", Object's own).
    expect(pathIdsOf('/things/{__proto__}/{constructor}', {})).toEqual({});
    const ids = JSON.parse('{"__proto__": 3, "constructor": 4}') as Record<string, number>;
    const filled = pathIdsOf('/things/{__proto__}/{constructor}', ids);
    expect(Object.getOwnPropertyDescriptor(filled, '__proto__')?.value).toBe(3);
    expect(Object.getOwnPropertyDescriptor(filled, 'constructor')?.value).toBe(4);
  });
});
