import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink, unlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { dereference } from '@readme/openapi-parser';
import { parse, stringify } from 'yaml';
import { addNickname, writeSplitDraft } from '../../../test/support/contract-drafts.js';
import { loadPetstoreSpec } from '../../../test/support/spec.js';
import { useTempFolder } from '../../../test/support/temp-folder.js';
import { PETSTORE_SPEC_FILE } from '../../package-root.js';
import { loadContract } from '../load-contract.js';
import { ContractRefusal } from './contract-refusal.js';
import { type ContractFileOptions, draftContract, readContractFile } from './read-contract-file.js';

/** Every $ref string in a value. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === '$ref' && typeof child === 'string' ? [child] : refsIn(child),
  );
}

/** The refusal of a contract, or a failure of the test if it was served. */
async function refusalOf(file: string, options?: ContractFileOptions): Promise<ContractRefusal> {
  try {
    await readContractFile(file, options);
  } catch (error) {
    if (error instanceof ContractRefusal) return error;
    throw error;
  }
  throw new Error(`${file} was read, not refused`);
}

/** The 1-based line and column of the first place `text` is written in `file`. */
async function placeOf(file: string, text: string): Promise<{ line: number; column: number }> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const index = lines.findIndex((line) => line.includes(text));
  if (index < 0) throw new Error(`${text} is not in ${file}`);
  return { line: index + 1, column: (lines[index] as string).indexOf(text) + 1 };
}

const lineOf = async (file: string, text: string) => (await placeOf(file, text)).line;

describe('reading a contract given at run time', () => {
  const tempFolder = useTempFolder('contract-file');
  let folder: string;
  beforeEach(async () => {
    folder = join(tempFolder(), 'draft');
    await mkdir(folder);
  });

  it('bundles a contract split over YAML and JSON files, folders deep, into one document that means the same', async () => {
    const root = await writeSplitDraft(folder);
    const draft = await readContractFile(root);
    expect(draft.version).toBe('3.1');
    // schemas/, schemas/parts/, paths/ and the first file: every one read, the first one first.
    expect(draft.sources.length).toBeGreaterThan(20);
    expect(draft.sources[0]).toBe(root);
    expect(draft.sources.some((source) => source.endsWith(join('schemas', 'parts', 'id.yaml')))).toBe(true);
    expect(draft.sources.some((source) => source.endsWith('error.json'))).toBe(true);
    for (const ref of refsIn(draft.document)) expect(ref).toMatch(/^#\//);
    // Followed to the end, it is the built-in contract, value for value.
    const bundled = await dereference(structuredClone(draft.document) as Parameters<typeof dereference>[0]);
    const builtIn = await dereference(loadPetstoreSpec() as Parameters<typeof dereference>[0]);
    expect(bundled).toEqual(builtIn);
    // A schema is written out under its own name, and the paths point there.
    expect(refsIn(draft.document)).toContain('#/components/schemas/Pet');
    expect(draftContract(draft).operations.map((operation) => operation.operationId)).toEqual(
      loadContract(PETSTORE_SPEC_FILE).operations.map((operation) => operation.operationId),
    );
  });

  it('locates each value of the bundled document in the file and at the line where it is written', async () => {
    const root = await writeSplitDraft(folder, addNickname);
    const draft = await readContractFile(root);
    const petFile = join(folder, 'schemas', 'newpet.yaml');
    expect(draft.locate('/components/schemas/NewPet/properties/nickname/maxLength')).toEqual({
      file: petFile,
      ...(await placeOf(petFile, 'maxLength: 40')),
    });
    const pathFile = join(folder, 'paths', 'pets.yaml');
    expect(draft.locate('/paths/~1pets/get/operationId')).toMatchObject({
      file: pathFile,
      line: await lineOf(pathFile, 'operationId: listPets'),
    });
  });

  it('points later $refs to a part first written inside a path at that place, as a valid URI', async () => {
    const root = await writeSplitDraft(folder);
    // Two path files name one response file of their own: it is written out in the first path.
    await mkdir(join(folder, 'responses'));
    await writeFile(
      join(folder, 'responses', 'not-found.yaml'),
      [
        'description: No such pet.',
        'content:',
        '  application/json:',
        '    schema:',
        '      $ref: ../schemas/error.json',
        '    examples:',
        '      missing:',
        '        value: { code: PET_NOT_FOUND, message: No pet has id 7., status: 404 }',
        '',
      ].join('\n'),
    );
    for (const file of ['pets-by-id-petId.yaml', 'pets-petId.yaml']) {
      const path = join(folder, 'paths', file);
      const item = parse(await readFile(path, 'utf8'));
      item.get.responses['404'] = { $ref: '../responses/not-found.yaml' };
      await writeFile(path, JSON.stringify(item));
    }
    const draft = await readContractFile(root);
    const refs = refsIn(draft.document).filter((ref) => ref.includes('404'));
    expect(refs).toEqual([expect.stringMatching(/^#\/paths\/~1pets~1(by-id~1)?%7BpetId%7D\/get\/responses\/404$/)]);
    // The mock reads it as the validator does: the second operation's 404 is the same answer.
    const operations = draftContract(draft).operations;
    const notFound = (id: string) => operations.find((operation) => operation.operationId === id)?.responses.get('404');
    expect(notFound('getPetLegacy')).toEqual(notFound('getPet'));
    expect(notFound('getPet')?.examples).toEqual({
      missing: { code: 'PET_NOT_FOUND', message: 'No pet has id 7.', status: 404 },
    });
  });

  it('serves a contract without servers at the root, and refuses one whose paths the mock takes', async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    delete document.servers;
    await writeFile(file, JSON.stringify(document));
    expect(draftContract(await readContractFile(file)).basePath).toBe('');
    document.paths['/docs'] = document.paths['/categories'];
    delete document.paths['/categories'];
    for (const operation of Object.values(document.paths['/docs'] as Record<string, { operationId?: string }>)) {
      if (operation.operationId) operation.operationId = `${operation.operationId}Docs`;
    }
    await writeFile(file, JSON.stringify(document, null, 2));
    expect((await refusalOf(file)).problems).toEqual([
      expect.objectContaining({
        kind: 'unservable',
        line: await lineOf(file, '"/docs": {'),
        message: expect.stringContaining("/docs is under the mock's own /docs"),
      }),
    ]);
  });

  it('takes JSON and YAML by their content, whatever the file is called', async () => {
    const document = loadPetstoreSpec();
    await writeFile(join(folder, 'contract.yaml'), JSON.stringify(document));
    expect((await readContractFile(join(folder, 'contract.yaml'))).document).toEqual(document);
    await writeFile(
      join(folder, 'contract.json'),
      (await readFile(new URL('../../../spec/petstore.yaml', import.meta.url))).toString(),
    );
    const fromYaml = await readContractFile(join(folder, 'contract.json'));
    expect(fromYaml.document).toEqual(document);
    // A single YAML file is served as written (comments and all); JSON is served as YAML.
    expect(fromYaml.text).toContain('# ');
    expect(parse((await readContractFile(join(folder, 'contract.yaml'))).text)).toEqual(document);
  });

  it('refuses what is not OpenAPI, at its file and line', async () => {
    const file = join(folder, 'notes.yaml');
    await writeFile(file, 'title: a shopping list\nitems: [milk]\n');
    const refusal = await refusalOf(file);
    expect(refusal.exitCode).toBe(2);
    expect(refusal.problems).toEqual([
      expect.objectContaining({
        kind: 'openapi',
        file,
        line: 1,
        message: expect.stringContaining('no "openapi" field'),
      }),
    ]);
    await writeFile(file, 'swagger: "1.2"\ninfo: {title: t, version: "1"}\npaths: {}\n');
    expect((await refusalOf(file)).message).toContain('swagger: "1.2" is not a version the mock serves');
    await writeFile(file, 'openapi: 3.1.0\ninfo:\n  title: t\n  version: 1\n paths: {}\n');
    expect((await refusalOf(file)).problems[0]).toMatchObject({ kind: 'syntax', file, line: 5 });
  });

  it('refuses a schema fault in a referenced file at that file and line, every fault at once', async () => {
    const root = await writeSplitDraft(folder, (document) => {
      document.components.schemas.NewPet.properties.name.type = 'strin';
      document.paths['/pets'].get.responses['200'].colour = 'blue';
    });
    const refusal = await refusalOf(root);
    const petFile = join(folder, 'schemas', 'newpet.yaml');
    const pathFile = join(folder, 'paths', 'pets.yaml');
    expect(refusal.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'openapi',
          file: petFile,
          line: await lineOf(petFile, 'type: strin'),
          message: expect.stringContaining(
            'must be one of "array", "boolean", "integer", "null", "number", "object", "string" (it is "strin")',
          ),
        }),
        expect.objectContaining({
          file: pathFile,
          line: await lineOf(pathFile, 'colour: blue'),
          message: expect.stringContaining('"colour" is not a field of a response'),
        }),
      ]),
    );
    expect(refusal.message).toMatch(/cannot be served \(\d+ problems\)/);
    expect(refusal.message).toContain(`${petFile}:${await lineOf(petFile, 'type: strin')}:`);
  });

  it("keeps a 2.0 enum's null, and reads draft 4's list of items and type null as their authors mean them", async () => {
    const file = join(folder, 'swagger.json');
    const presence = {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['away', null], 'x-nullable': true },
        bot_id: { items: [{ type: 'string' }, { type: 'null' }] },
        pins: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] },
      },
    };
    await writeFile(
      file,
      JSON.stringify({
        swagger: '2.0',
        info: { title: 'Presence', version: '1' },
        paths: {},
        definitions: { Presence: presence },
      }),
    );
    const read = (
      draftContract(await readContractFile(file)).document as { components: { schemas: { Presence: typeof presence } } }
    ).components.schemas.Presence.properties;
    // The converter deletes every null, leaving a hole no null fits.
    expect(read.status.enum).toEqual(['away', null]);
    expect(1 in read.status.enum).toBe(true);
    expect(read.bot_id).toEqual({ anyOf: [{ type: 'string' }, { enum: [null] }] });
    // An array's own list of items stays the converter's: an array of any of them.
    expect(read.pins).toEqual({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } });
  });

  it('reads Swagger 2.0 as OpenAPI 3.0, and refuses its faults at their lines in the 2.0 text', async () => {
    const file = join(folder, 'swagger.yaml');
    const text = [
      "swagger: '2.0'",
      'info: {title: Bookshop, version: "1"}',
      'basePath: /v2',
      'paths:',
      '  /books/{code}:',
      '    get:',
      '      parameters:',
      '        - {name: verbose, in: query, type: boolean}',
      '        - name: code',
      '          in: path',
      '          required: true',
      '          type: string',
      "          pattern: '[a-'",
      '      responses:',
      "        '200': {description: The book., schema: {$ref: '#/definitions/Book'}}",
      'definitions:',
      '  Book:',
      '    type: object',
      '    properties:',
      "      isbn: {type: string, pattern: '(x'}",
      '',
    ].join('\n');
    await writeFile(file, text);
    const problems = (await refusalOf(file)).problems;
    expect(problems.map(({ line, message }) => ({ line, message: message.slice(0, 14) }))).toEqual([
      { line: 20, message: 'the pattern "(' },
      { line: 13, message: 'the pattern "[' },
    ]);
    await writeFile(
      file,
      text.replace("pattern: '[a-'", () => "pattern: '^[a-z]+$'").replace("pattern: '(x'", 'format: isbn'),
    );
    const draft = await readContractFile(file);
    expect(draft).toMatchObject({ version: '3.0', convertedFrom: 'Swagger 2.0' });
    expect(draft.document.servers).toEqual([{ url: '/v2' }]);
    expect(draft.warnings).toContainEqual(expect.objectContaining({ rule: 'unknown-format', line: 20 }));
    expect(draft.text).toContain('openapi: 3.0.0');
  });

  it("finds a 2.0 fault's line under a name the conversion made safe, in a form field, in a shared parameter", async () => {
    const file = join(folder, 'swagger.yaml');
    const text = [
      "swagger: '2.0'",
      'info: {title: Pages, version: "1"}',
      'parameters:',
      '  code:',
      '    {name: code, in: query, type: string, pattern: "(y"}',
      'paths:',
      '  /things:',
      '    post:',
      '      consumes: [application/x-www-form-urlencoded]',
      '      parameters:',
      "        - {$ref: '#/parameters/code'}",
      '        - {name: note, in: formData, type: string}',
      '        - {name: label, in: formData, type: string, pattern: "(x"}',
      '      responses:',
      "        '200': {description: A page., schema: {$ref: '#/definitions/Page«Thing»'}}",
      'definitions:',
      '  Page«Thing»:',
      '    type: object',
      '    properties:',
      '      next: {type: string, pattern: "(z"}',
      '',
    ].join('\n');
    await writeFile(file, text);
    const lines = (await refusalOf(file)).problems.map(({ line, message }) => `${line} ${message.slice(0, 15)}`);
    expect(lines.sort()).toEqual(['13 the pattern "(x', '20 the pattern "(z', '5 the pattern "(y']);
  });

  it('reads `swagger: 2.0` unquoted, and a definition named "__proto__" as a name like any other', async () => {
    const file = join(folder, 'swagger.yaml');
    const text = [
      'swagger: 2.0',
      'info: {title: Names, version: "1"}',
      'paths:',
      '  /things:',
      '    get:',
      '      responses:',
      "        '200': {description: A thing., schema: {$ref: '#/definitions/__proto__'}}",
      'definitions:',
      '  __proto__:',
      '    type: object',
      '    properties: {constructor: {type: string}}',
      '',
    ].join('\n');
    await writeFile(file, text);
    const draft = await readContractFile(file);
    const schemas = (draft.document.components as { schemas: object }).schemas;
    expect(Object.getOwnPropertyDescriptor(schemas, '__proto__')?.value).toEqual({
      type: 'object',
      properties: { constructor: { type: 'string' } },
    });
    expect(Object.getPrototypeOf(schemas)).toBe(Object.prototype);
    expect(JSON.stringify(draft.document.paths)).toContain('"$ref":"#/components/schemas/__proto__"');
  });

  it('refuses what the mock cannot serve: an operationId used twice, a broken pattern', async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    document.paths['/categories'].get.operationId = 'createPet';
    // Valid for the OpenAPI schema, but every answer would be a 500: the validator cannot compile it.
    document.components.schemas.NewPet.properties.name.pattern = '[a-';
    await writeFile(file, JSON.stringify(document, null, 2));
    const problems = (await refusalOf(file)).problems;
    expect(problems.map((problem) => problem.kind)).toEqual(['unservable', 'unservable']);
    expect(problems[0]?.message).toContain('operationId "createPet" is also POST /pets');
    expect(problems[1]).toMatchObject({
      line: await lineOf(file, '"pattern": "[a-"'),
      message: expect.stringContaining('the pattern "[a-" is not a regular expression JavaScript reads'),
    });
  });

  it("refuses two paths that differ only in their parameters' names and share a method, at the second one's line", async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    const answer = document.paths['/pets/{petId}'].get.responses;
    document.paths['/pets/{id}'] = {
      get: {
        operationId: 'getPetOther',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: answer,
      },
    };
    // Another method only: told apart by the method, served.
    document.paths['/categories/{id}'] = {
      post: {
        operationId: 'touchCategory',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: answer,
      },
    };
    await writeFile(file, JSON.stringify(document, null, 2));
    const problems = (await refusalOf(file)).problems;
    expect(problems).toEqual([
      expect.objectContaining({
        kind: 'unservable',
        line: await lineOf(file, '"/pets/{id}"'),
        message: expect.stringContaining('/pets/{id} is the same route as /pets/{petId}'),
      }),
    ]);
  });

  it('refuses a path naming one parameter twice, at its line', async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    document.paths['/pets/{petId}/{petId}'] = {
      get: {
        operationId: 'twice',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: document.paths['/pets/{petId}'].get.responses,
      },
    };
    await writeFile(file, JSON.stringify(document, null, 2));
    expect((await refusalOf(file)).problems).toEqual([
      expect.objectContaining({
        kind: 'unservable',
        line: await lineOf(file, '"/pets/{petId}/{petId}"'),
        message: expect.stringContaining('/pets/{petId}/{petId} names the path parameter {petId} more than once'),
      }),
    ]);
  });

  it('refuses a path longer than a request line can be, at its line; one at the bound is read', async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    const at = (length: number) => `/${'a'.repeat(length - 1)}`;
    document.paths[at(8_193)] = {
      get: { operationId: 'long', responses: document.paths['/pets/{petId}'].get.responses },
    };
    await writeFile(file, JSON.stringify(document, null, 2));
    expect((await refusalOf(file)).problems).toEqual([
      expect.objectContaining({
        line: await lineOf(file, `"${at(8_193)}"`),
        message: expect.stringMatching(
          /^this path is 8,193 characters long, more than the 8,192 a path may have: .*\(raise it with --contract-limit path-length=N\)\.$/,
        ),
      }),
    ]);
    delete document.paths[at(8_193)];
    document.paths[at(8_192)] = {
      get: { operationId: 'long', responses: document.paths['/pets/{petId}'].get.responses },
    };
    await writeFile(file, JSON.stringify(document, null, 2));
    expect(Object.keys((await readContractFile(file)).document.paths as object)).toContain(at(8_192));
  });

  it('refuses a path with two parameters side by side, at its line', async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    const parameter = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer' } });
    document.paths['/tiles/{x}{y}'] = {
      get: {
        operationId: 'tile',
        parameters: [parameter('x'), parameter('y')],
        responses: document.paths['/pets/{petId}'].get.responses,
      },
    };
    await writeFile(file, JSON.stringify(document, null, 2));
    expect((await refusalOf(file)).problems).toEqual([
      expect.objectContaining({
        kind: 'unservable',
        line: await lineOf(file, '"/tiles/{x}{y}"'),
        message: expect.stringContaining(
          "/tiles/{x}{y} puts the path parameters {x} and {y} side by side: nothing in a request's path says where one ends",
        ),
      }),
    ]);
  });

  it('refuses an answer header whose name is no HTTP token, at its line, in an operation and in components', async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    const text = { required: true, schema: { type: 'string' }, example: 'ok' };
    document.paths['/pets/{petId}'].get.responses['200'].headers = { 'Bad Header': text, 'X-Fine': text };
    document.components.responses.NotFound.headers = { 'X-Colon:': text };
    await writeFile(file, JSON.stringify(document, null, 2));
    expect((await refusalOf(file)).problems).toEqual([
      expect.objectContaining({
        kind: 'unservable',
        line: await lineOf(file, '"Bad Header"'),
        message: expect.stringContaining('"Bad Header" is no header name'),
      }),
      expect.objectContaining({
        kind: 'unservable',
        line: await lineOf(file, '"X-Colon:"'),
        message: expect.stringContaining('Rename it (e.g. "X-Colon")'),
      }),
    ]);
  });

  it('refuses an API key named so that no request can send it, at its line; a cookie named __proto__ is a name', async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    document.components.securitySchemes = {
      ...document.components.securitySchemes,
      Empty: { type: 'apiKey', in: 'header', name: '' },
      Broken: { type: 'apiKey', in: 'cookie', name: 'X-K\r\nY' },
      NoQuery: { type: 'apiKey', in: 'query', name: '' },
      Proto: { type: 'apiKey', in: 'cookie', name: '__proto__' },
    };
    await writeFile(file, JSON.stringify(document, null, 2));
    const problems = (await refusalOf(file)).problems;
    expect(problems).toEqual([
      expect.objectContaining({
        line: (await lineOf(file, '"Empty"')) + 3,
        message: expect.stringMatching(/^"" is no name an API key can be sent under in the header: .* Rename it/),
      }),
      expect.objectContaining({
        line: (await lineOf(file, '"Broken"')) + 3,
        message: expect.stringContaining('"X-K\\r\\nY" is no name an API key can be sent under in the cookie'),
      }),
      expect.objectContaining({
        line: (await lineOf(file, '"NoQuery"')) + 3,
        message: expect.stringContaining('a query parameter needs a name'),
      }),
    ]);
  });

  it("refuses two schemas of one $id, or of one anchor, at the second one's line; one of each is served", async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    const schemas = document.components.schemas;
    schemas.A = { $id: 'https://example.com/a', type: 'string' };
    schemas.B = { $id: 'https://example.com/a', type: 'integer' };
    schemas.Tree = { $id: 'https://example.com/tree', $defs: { node: { $anchor: 'node' }, leaf: { $anchor: 'node' } } };
    await writeFile(file, JSON.stringify(document, null, 2));
    expect((await refusalOf(file)).problems).toEqual([
      expect.objectContaining({
        kind: 'unservable',
        line: (await lineOf(file, '"B"')) + 1,
        message: expect.stringContaining('$id "https://example.com/a" names the schema at /components/schemas/A too'),
      }),
      expect.objectContaining({
        line: (await lineOf(file, '"leaf"')) + 1,
        message: expect.stringContaining('$anchor "node" names the schema at /components/schemas/Tree/$defs/node too'),
      }),
    ]);
    delete schemas.B;
    schemas.Tree = { $id: 'https://example.com/tree', $defs: { node: { $anchor: 'node' } } };
    // An $id in data (a default) names no schema.
    schemas.Other = { type: 'object', default: { $id: 'https://example.com/a' } };
    await writeFile(file, JSON.stringify(document, null, 2));
    await expect(readContractFile(file)).resolves.toBeDefined();
  });

  it('refuses an error code of the catalogue whose status no error has, at its line', async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    const codes = document['x-error-codes'];
    codes.PET_NOT_FOUND.status = 1000;
    codes.CATEGORY_NOT_FOUND.status = 200;
    codes.ORDER_NOT_FOUND.status = 101;
    codes.INVENTORY_ITEM_NOT_FOUND.status = 304;
    await writeFile(file, JSON.stringify(document, null, 2));
    const lines = (await readFile(file, 'utf8')).split('\n');
    const statusLine = (code: string) => lines.findIndex((line) => line.includes(`"${code}"`)) + 2;
    expect((await refusalOf(file)).problems).toEqual(
      ['PET_NOT_FOUND', 'CATEGORY_NOT_FOUND', 'ORDER_NOT_FOUND', 'INVENTORY_ITEM_NOT_FOUND'].map((code) =>
        expect.objectContaining({
          kind: 'unservable',
          line: statusLine(code),
          message: expect.stringContaining(`the error code ${code} has the status`),
        }),
      ),
    );
  });

  it("refuses YAML's .nan and .inf where any value may stand, at their lines: JSON cannot carry them", async () => {
    const file = join(folder, 'openapi.yaml');
    const fields = [
      '        score: { type: number, default: .nan }',
      '        weight: { type: number, example: -.inf }',
      '        size: { type: number, enum: [1, .Inf] }',
    ];
    const text = (await readFile(PETSTORE_SPEC_FILE, 'utf8')).replace(
      '      required: [name, categoryId]\n      properties:\n',
      `      required: [name, categoryId]\n      properties:\n${fields.join('\n')}\n`,
    );
    await writeFile(file, text);
    const expected = await Promise.all(
      [
        ['NaN', 'score:'],
        ['-Infinity', 'weight:'],
        ['Infinity', 'size:'],
      ].map(async ([value, field]) =>
        expect.objectContaining({
          kind: 'unservable',
          line: await lineOf(file, field as string),
          message: expect.stringContaining(`${value} is no number JSON can carry`),
        }),
      ),
    );
    expect((await refusalOf(file)).problems).toEqual(expected);
  });

  it('serves an operation without operationId by its method and path, and a base path with variables at their defaults', async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    delete document.paths['/pets'].get.operationId;
    document.servers = [
      {
        url: 'https://{region}.example.com/{version}',
        variables: { region: { default: 'eu' }, version: { default: 'v2', enum: ['v1', 'v2'] } },
      },
    ];
    await writeFile(file, JSON.stringify(document, null, 2));
    const contract = draftContract(await readContractFile(file));
    expect(contract.basePath).toBe('/v2');
    expect(
      contract.operations.find((operation) => operation.path === '/pets' && operation.method === 'get'),
    ).toMatchObject({
      operationId: 'GET /pets',
      named: false,
    });
  });

  it('reads a $ref to a code sample or a Markdown file as its text, as Redocly bundles them', async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    document.info.description = { $ref: './docs/intro.md' };
    document.paths['/pets'].get['x-codeSamples'] = [{ lang: 'PHP', source: { $ref: 'samples/list.php' } }];
    await mkdir(join(folder, 'docs'));
    await mkdir(join(folder, 'samples'));
    // Neither is JSON or YAML: the PHP is a YAML syntax error, the Markdown a YAML mapping.
    await writeFile(join(folder, 'docs', 'intro.md'), '# Pets\n\nkey: value, and more.\n');
    await writeFile(join(folder, 'samples', 'list.php'), '<?php\n$api->listPets(["limit" => 20]);\n');
    await writeFile(file, JSON.stringify(document, null, 2));
    const read = (await readContractFile(file)).document as typeof document;
    expect(read.info.description).toBe('# Pets\n\nkey: value, and more.\n');
    expect(read.paths['/pets'].get['x-codeSamples']).toEqual([
      { lang: 'PHP', source: '<?php\n$api->listPets(["limit" => 20]);\n' },
    ]);
  });

  it("serves a 3.0 schema's $ref without what stands beside it, as 3.0 says, with a warning at its line; 3.1 applies it", async () => {
    const file = join(folder, 'openapi.yaml');
    const amount = { type: 'object', properties: { value: { type: 'number' }, currency: { type: 'string' } } };
    const document = (openapi: string) => ({
      openapi,
      info: { title: 'Projects', version: '1' },
      paths: {
        '/tasks/{taskId}': {
          get: {
            operationId: 'getTask',
            parameters: [{ name: 'taskId', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': {
                description: 'A task',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Task' } } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Amount: amount,
          Task: {
            type: 'object',
            required: ['rate'],
            properties: {
              taskId: { type: 'string' },
              rate: { $ref: '#/components/schemas/Amount', type: 'number', description: 'Per hour' },
              // A property named as a keyword is a name: it is kept.
              example: { type: 'string' },
            },
          },
        },
      },
    });
    await writeFile(file, JSON.stringify(document('3.0.3'), null, 2));
    const draft = await readContractFile(file);
    const task = (draft.document as ReturnType<typeof document>).components.schemas.Task;
    expect(task.properties.rate).toEqual({ $ref: '#/components/schemas/Amount', description: 'Per hour' });
    expect(task.properties.example).toEqual({ type: 'string' });
    const warned = draft.warnings.filter((warning) => warning.rule === 'ref-siblings-ignored');
    expect(warned).toHaveLength(1);
    expect(warned[0]?.line).toBe((await lineOf(file, '"$ref": "#/components/schemas/Amount"')) - 1);
    expect(warned[0]?.message).toContain('"type" here is not applied');

    // In 3.1 a $ref's siblings are schema keywords like any other: no value is both an object and a number.
    await writeFile(file, JSON.stringify(document('3.1.0'), null, 2));
    expect((await refusalOf(file)).message).toMatch(/no value fits Task\.rate/);
  });

  it('reads an optional property no value fits with a warning at its line; a required one is refused', async () => {
    const file = join(folder, 'openapi.json');
    const document = loadPetstoreSpec();
    document.components.schemas.NewPet.properties.retired = { type: 'integer', minimum: 5, maximum: 2 };
    await writeFile(file, JSON.stringify(document, null, 2));
    const draft = await readContractFile(file);
    const warned = draft.warnings.filter((warning) => warning.rule === 'no-value-fits');
    expect(warned).toHaveLength(1);
    expect(warned[0]?.line).toBe(await lineOf(file, '"retired": {'));
    expect(warned[0]?.message).toMatch(/^no value fits NewPet\.retired: .*leaves it out of what it draws/);
    document.components.schemas.NewPet.required.push('retired');
    await writeFile(file, JSON.stringify(document, null, 2));
    expect((await refusalOf(file)).message).toMatch(/no value fits NewPet\.retired/);
  });

  it('reads the booleans and numbers of an enum of text as their text, with a warning at its line', async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    // Plaid's, unquoted in YAML: required, so no value would fit its object as written.
    document.components.schemas.NewPet.properties.restricted = { type: 'string', nullable: true, enum: [true, false] };
    document.components.schemas.NewPet.properties.grade = { type: ['string', 'null'], enum: ['A', 1.5, null] };
    document.components.schemas.NewPet.required.push('restricted');
    await writeFile(file, stringify(document));
    const draft = await readContractFile(file);
    const properties = (draftContract(draft).document as typeof document).components.schemas.NewPet.properties;
    expect(properties.restricted?.enum).toEqual(['true', 'false']);
    expect(properties.grade?.enum).toEqual(['A', '1.5', null]);
    const warned = draft.warnings.filter((warning) => warning.rule === 'enum-member-read-as-text');
    expect(warned.map((warning) => warning.message)).toEqual([
      expect.stringContaining('holds true, false, not text'),
      expect.stringContaining('read as the text "1.5"'),
    ]);
    const lines = (await readFile(file, 'utf8')).split('\n');
    // The line of the enum written under a property.
    const enumOf = (key: string) => {
      const at = lines.findIndex((line) => line.trim() === key);
      return at + lines.slice(at).findIndex((line) => line.trim() === 'enum:') + 1;
    };
    expect(warned.map((warning) => warning.line)).toEqual([enumOf('restricted:'), enumOf('grade:')]);
    expect(draft.warnings.filter((warning) => warning.rule === 'no-value-fits')).toEqual([]);
    // A number's own enum is not text: left as it is.
    document.components.schemas.NewPet.properties.grade = { type: 'integer', enum: [1, 2] };
    await writeFile(file, stringify(document));
    const again = await readContractFile(file);
    expect(again.warnings.filter((warning) => warning.rule === 'enum-member-read-as-text')).toHaveLength(1);
  });

  it("reads a 3.1 document's boolean exclusive bounds as 2020-12's numbers, each with a warning at its line", async () => {
    const file = join(folder, 'openapi.json');
    const bounded = (schema: Record<string, unknown>) => ({
      openapi: '3.1.0',
      info: { title: 'Moved from 3.0', version: '1' },
      paths: {
        '/sizes': {
          get: {
            operationId: 'listSizes',
            parameters: [{ name: 'size', in: 'query', required: true, schema }],
            responses: { '204': { description: 'None' } },
          },
        },
      },
    });
    const schema = { type: 'number', minimum: 10, maximum: 20, exclusiveMinimum: true, exclusiveMaximum: false };
    await writeFile(file, JSON.stringify(bounded(schema), null, 2));
    const draft = await readContractFile(file);
    const read = (draft.document as ReturnType<typeof bounded>).paths['/sizes'].get.parameters[0]?.schema;
    expect(read).toEqual({ type: 'number', exclusiveMinimum: 10, maximum: 20 });
    const warned = draft.warnings.filter((warning) => warning.rule === 'boolean-exclusive-bound');
    expect(warned.map((warning) => warning.line)).toEqual([
      await lineOf(file, '"exclusiveMinimum": true'),
      await lineOf(file, '"exclusiveMaximum": false'),
    ]);
    expect(warned[0]?.message).toMatch(
      /"exclusiveMinimum: true" is OpenAPI 3\.0's form: read as "exclusiveMinimum: 10"/,
    );
    // An example's member of that name is data, never rewritten.
    const example = { type: 'object', example: { exclusiveMinimum: true } };
    await writeFile(file, JSON.stringify(bounded(example), null, 2));
    const kept = await readContractFile(file);
    expect((kept.document as ReturnType<typeof bounded>).paths['/sizes'].get.parameters[0]?.schema).toEqual(example);
  });

  it('serves an operation whose request no value fits, with a warning at its line; the same schema answered is refused', async () => {
    const file = join(folder, 'openapi.json');
    const document = loadPetstoreSpec();
    // ReadMe's oas-examples: a request body that must be a text and an integer at once.
    const neither = { description: 'a text and a number', allOf: [{ type: 'string' }, { type: 'integer' }] };
    document.paths['/v1/quirks'] = {
      put: {
        operationId: 'putQuirk',
        requestBody: { required: true, content: { 'application/json': { schema: neither } } },
        responses: { '204': { description: 'Kept' } },
      },
    };
    await writeFile(file, JSON.stringify(document, null, 2));
    const draft = await readContractFile(file);
    const warned = draft.warnings.filter((warning) => warning.rule === 'no-value-fits');
    expect(warned).toHaveLength(1);
    expect(warned[0]?.line).toBe((await lineOf(file, '"a text and a number"')) - 1);
    expect(warned[0]?.message).toMatch(
      /^no value fits the schema at \/paths\/~1v1~1quirks\/put\/requestBody\/content\/application~1json\/schema: .*refuses every request that sends one \(400\)/,
    );
    // A query parameter's likewise; a path parameter's is refused: the keys the mock makes must meet it.
    const parameter = (where: string) => ({ name: 'tight', in: where, required: true, schema: neither });
    document.paths['/v1/quirks'].put.parameters = [parameter('query')];
    await writeFile(file, JSON.stringify(document, null, 2));
    expect((await readContractFile(file)).warnings.filter((warning) => warning.rule === 'no-value-fits')).toHaveLength(
      2,
    );
    document.paths['/v1/quirks/{tight}'] = {
      get: { ...document.paths['/v1/quirks'].put, parameters: [parameter('path')] },
    };
    delete document.paths['/v1/quirks/{tight}'].get.requestBody;
    document.paths['/v1/quirks/{tight}'].get.operationId = 'getQuirk';
    await writeFile(file, JSON.stringify(document, null, 2));
    expect((await refusalOf(file)).message).toMatch(
      /no value fits the schema at \/paths\/~1v1~1quirks~1\{tight\}\/get\/parameters\/0\/schema/,
    );
    delete document.paths['/v1/quirks/{tight}'];
    document.paths['/v1/quirks'].put.responses = {
      '200': { description: 'Kept', content: { 'application/json': { schema: neither } } },
    };
    await writeFile(file, JSON.stringify(document, null, 2));
    expect((await refusalOf(file)).message).toMatch(
      /no value fits the schema at \/paths\/~1v1~1quirks\/put\/responses/,
    );
  });

  it('reads a default its schema refuses with a warning at its line, and leaves it out of the document served', async () => {
    const file = join(folder, 'openapi.json');
    const document = loadPetstoreSpec();
    // Xero's: a boolean whose default is the text "false"; InfluxDB's: a default no value of the enum.
    document.components.schemas.NewPet.properties.retired = { type: 'boolean', default: 'false' };
    document.components.schemas.NewPet.properties.size = { type: 'string', enum: ['s', 'm'], default: '' };
    await writeFile(file, JSON.stringify(document, null, 2));
    const draft = await readContractFile(file);
    const warned = draft.warnings.filter((warning) => warning.rule === 'default-breaks-schema');
    expect(warned.map((warning) => warning.line)).toEqual([
      await lineOf(file, '"default": "false"'),
      await lineOf(file, '"default": ""'),
    ]);
    expect(warned[0]?.message).toMatch(
      /^this default \("false"\) does not fit its own schema: .*The mock leaves it out/,
    );
    const served = draftContract(draft).document as typeof document;
    expect(served.components.schemas.NewPet.properties.retired).toEqual({ type: 'boolean' });
    expect(served.components.schemas.NewPet.properties.size).toEqual({ type: 'string', enum: ['s', 'm'] });
  });

  it('serves a 3.0 schema with a field OpenAPI 3.0 does not have, leaving it out with a warning at its line', async () => {
    const file = join(folder, 'openapi.yaml');
    const text = [
      'openapi: 3.0.3',
      'info: {title: Settings, version: "1"}',
      'paths:',
      '  /settings:',
      '    get:',
      '      responses:',
      '        "200":',
      '          description: the settings',
      '          content:',
      '            application/json:',
      '              schema:',
      '                type: object',
      '                properties:',
      '                  provider:',
      '                    type: string',
      '                    optional: true',
      '                  external:',
      '                    type: object',
      '                    patternProperties:',
      '                      "[a-z]+": {type: boolean}',
      '                  tags:',
      '                    type: array',
      '                    items: {$ref: "#/components/schemas/Tag"}',
      'components:',
      '  schemas:',
      '    Tag:',
      '      allOf:',
      '        - type: object',
      '          requried: [name]',
      '          properties: {name: {type: string}}',
      '',
    ].join('\n');
    await writeFile(file, text);
    const draft = await readContractFile(file);
    const warned = draft.warnings.filter((warning) => warning.rule === 'unknown-schema-field');
    expect(
      warned.map((warning) => [
        warning.line,
        /^"(\w+)" is not a field of a schema in OpenAPI 3\.0: it is left out/.exec(warning.message)?.[1],
      ]),
    ).toEqual(
      expect.arrayContaining([
        [16, 'optional'],
        [19, 'patternProperties'],
        [29, 'requried'],
      ]),
    );
    expect(warned).toHaveLength(3);
    const served = draftContract(draft).document as unknown as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
      components: { schemas: { Tag: { allOf: unknown[] } } };
    };
    const schema = served.paths['/settings']?.get.responses['200']?.content['application/json']?.schema;
    expect(schema).toMatchObject({ properties: { provider: { type: 'string' }, external: { type: 'object' } } });
    expect(JSON.stringify(schema)).not.toMatch(/optional|patternProperties/);
    expect(served.components.schemas.Tag.allOf[0]).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
    });
    // A field unknown to another object is still refused: it may be a whole answer misplaced.
    await writeFile(
      file,
      text.replace('description: the settings', 'description: the settings\n          colour: blue'),
    );
    expect((await refusalOf(file)).problems[0]?.message).toContain('"colour" is not a field of a response');
  });

  it('reads a $ref where OpenAPI allows none as its target, with a warning at its line; one it cannot follow is refused', async () => {
    const file = join(folder, 'openapi.yaml');
    const document = loadPetstoreSpec();
    const listed = document.paths['/pets'].get.responses['200'];
    document.components.mediaTypes = { pets: listed.content };
    listed.content = { $ref: '#/components/mediaTypes/pets' };
    await writeFile(file, JSON.stringify(document, null, 2));
    const draft = await readContractFile(file);
    const contract = draftContract(draft);
    const read = contract.document.paths as Record<string, { get?: { responses: Record<string, unknown> } }>;
    expect(read['/pets']?.get?.responses['200']).toMatchObject({ content: { 'application/json': { schema: {} } } });
    expect(contract.document.components).not.toHaveProperty('mediaTypes');
    const warned = draft.warnings.filter((warning) => warning.rule === 'reference-read-as-target');
    expect(warned.map((warning) => warning.line)).toEqual(
      expect.arrayContaining([
        // The place the reference stands: its member's line, just above it.
        (await lineOf(file, '"$ref": "#/components/mediaTypes/pets"')) - 1,
        await lineOf(file, '"mediaTypes"'),
      ]),
    );

    // A target that is not there, or that holds the reference's own place, is no value to read.
    listed.content = { $ref: '#/components/mediaTypes/none' };
    await writeFile(file, JSON.stringify(document, null, 2));
    expect((await refusalOf(file)).problems[0]?.line).toBe(
      await lineOf(file, '"$ref": "#/components/mediaTypes/none"'),
    );
    listed.content = { $ref: '#/paths/~1pets/get/responses/200' };
    await writeFile(file, JSON.stringify(document, null, 2));
    await refusalOf(file);
  });

  describe('$refs of an untrusted draft', () => {
    it('refuses a $ref outside the folder, with .. or an absolute path, and reads nothing there', async () => {
      await writeFile(join(tempFolder(), 'secret.yaml'), 'password: hunter2\n');
      await writeFile(join(tempFolder(), 'other.yaml'), 'password: hunter3\n');
      const root = await writeSplitDraft(folder, (document) => {
        document.components.schemas.Pet = { $ref: '../secret.yaml' };
        document.components.schemas.Category = { $ref: join(tempFolder(), 'other.yaml') };
      });
      const refusal = await refusalOf(root);
      expect(refusal.problems).toEqual([
        expect.objectContaining({
          kind: 'reference',
          file: root,
          line: await lineOf(root, '../secret.yaml'),
          message: expect.stringContaining("leads outside the contract's folder"),
        }),
        expect.objectContaining({ kind: 'reference', line: await lineOf(root, `${tempFolder()}/other.yaml`) }),
      ]);
      expect(refusal.message).not.toMatch(/hunter/);
    });

    it('refuses a symbolic link that leads out of the folder', async () => {
      await writeFile(join(tempFolder(), 'elsewhere.yaml'), 'type: object\n');
      const root = await writeSplitDraft(folder);
      await symlink(join(tempFolder(), 'elsewhere.yaml'), join(folder, 'schemas', 'linked.yaml'));
      await writeFile(join(folder, 'schemas', 'pets.yaml'), 'type: array\nitems:\n  $ref: ./linked.yaml\n');
      const refusal = await refusalOf(root);
      expect(refusal.problems).toEqual([
        expect.objectContaining({
          kind: 'reference',
          file: join(folder, 'schemas', 'pets.yaml'),
          line: 3,
          message: expect.stringContaining('symbolic link'),
        }),
      ]);
    });

    it('refuses a named pipe where a file should be, without waiting on it', async () => {
      const root = await writeSplitDraft(folder);
      await unlink(join(folder, 'schemas', 'pets.yaml'));
      execFileSync('mkfifo', [join(folder, 'schemas', 'pets.yaml')]);
      expect((await refusalOf(root)).problems).toEqual([
        expect.objectContaining({ kind: 'unreadable', message: expect.stringContaining('is not a file') }),
      ]);
    });

    it('refuses a $ref to a missing file, and to a place that file lacks', async () => {
      const root = await writeSplitDraft(folder, (document) => {
        document.components.schemas.Pet = { $ref: './schemas/nope.yaml' };
        document.components.schemas.Category = { $ref: './schemas/newpet.yaml#/properties/nope' };
      });
      const messages = (await refusalOf(root)).problems.map((problem) => problem.message);
      expect(messages).toEqual([expect.stringContaining('schemas/nope.yaml does not exist')]);
      await writeSplitDraft(folder, (document) => {
        document.components.schemas.Category = { $ref: './schemas/newpet.yaml#/properties/nope' };
      });
      expect((await refusalOf(root)).problems).toEqual([
        expect.objectContaining({
          kind: 'reference',
          message: expect.stringContaining('has nothing at /properties/nope'),
        }),
      ]);
    });

    describe('URLs', () => {
      let server: Server;
      let origin: string;
      const asked: string[] = [];
      beforeEach(async () => {
        asked.length = 0;
        server = createServer((req, res) => {
          asked.push(req.url ?? '');
          if (req.url === '/schemas/status.yaml') res.end('type: string\nenum: [available, pending, sold]\n');
          else if (req.url === '/schemas/moved.yaml') res.writeHead(302, { Location: '/schemas/status.yaml' }).end();
          else res.writeHead(404).end();
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      });
      afterEach(async () => {
        await new Promise((resolve) => server.close(resolve));
      });

      it('refuses a $ref to a URL unless its prefix is allowed, then reads it', async () => {
        const root = await writeSplitDraft(folder, (document) => {
          document.components.schemas.PetStatus = { $ref: `${origin}/schemas/status.yaml` };
        });
        const refusal = await refusalOf(root);
        expect(refusal.problems).toEqual([
          expect.objectContaining({
            kind: 'reference',
            line: await lineOf(root, `${origin}/schemas/status.yaml`),
            message: expect.stringContaining(`--contract-allow-urls ${origin}/`),
          }),
        ]);
        expect(asked).toEqual([]);
        const draft = await readContractFile(root, { allowUrls: [`${origin}/schemas/`] });
        expect(draft.sources).toContain(`${origin}/schemas/status.yaml`);
        expect((draft.document.components as { schemas: { PetStatus: unknown } }).schemas.PetStatus).toEqual({
          type: 'string',
          enum: ['available', 'pending', 'sold'],
        });
        expect(asked).toEqual(['/schemas/status.yaml']);
      });

      it('refuses a URL outside the allowed prefix, and a redirect', async () => {
        const root = await writeSplitDraft(folder, (document) => {
          document.components.schemas.PetStatus = { $ref: `${origin}/schemas/moved.yaml` };
          document.components.schemas.Id = { $ref: `${origin}/private/id.yaml` };
        });
        const refusal = await refusalOf(root, { allowUrls: [`${origin}/schemas/`] });
        expect(refusal.problems.map((problem) => problem.message)).toEqual([
          expect.stringContaining('is not under a prefix given to --contract-allow-urls'),
          expect.stringContaining('redirects (302)'),
        ]);
        expect(asked).toEqual(['/schemas/moved.yaml']);
      });
    });
  });

  describe('bounds that keep a hostile draft from hanging or exhausting the server', () => {
    it('refuses a YAML alias bomb', async () => {
      const levels = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
      for (let level = 1; level < 9; level += 1) {
        const previous = String.fromCharCode(96 + level);
        const name = String.fromCharCode(97 + level);
        levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`);
      }
      const file = join(folder, 'bomb.yaml');
      await writeFile(file, `openapi: 3.1.0\n${levels.join('\n')}\n`);
      // Named at g, the first value whose aliases write out over 2,000,000 (9 times f's 597,871).
      expect((await refusalOf(file)).problems).toEqual([
        expect.objectContaining({ kind: 'limit', line: 8, message: expect.stringContaining('alias bomb') }),
      ]);
    });

    it('refuses a cycle of $refs that never reaches a value, and keeps a recursive schema', async () => {
      const root = await writeSplitDraft(folder, (document) => {
        document.components.schemas.Category = { $ref: './schemas/loop-a.yaml' };
      });
      await writeFile(join(folder, 'schemas', 'loop-a.yaml'), '$ref: ./loop-b.yaml\n');
      await writeFile(join(folder, 'schemas', 'loop-b.yaml'), '$ref: ./loop-a.yaml\n');
      expect((await refusalOf(root)).problems).toEqual([
        expect.objectContaining({ kind: 'reference', message: expect.stringContaining('cycle of $refs') }),
      ]);
      await writeSplitDraft(folder, (document) => {
        document.components.schemas.Tree = {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
        };
      });
      const tree = (await readContractFile(root)).document.components as { schemas: { Tree: unknown } };
      expect(tree.schemas.Tree).toEqual({
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
      });
    });

    it('refuses a file larger than the bound, before reading it', async () => {
      const root = await writeSplitDraft(folder);
      const refusal = await refusalOf(root, { limits: { fileBytes: 2_000 } });
      expect(refusal.problems[0]).toMatchObject({
        kind: 'limit',
        message: expect.stringContaining('more than the 2 KiB'),
      });
    });

    it('keeps "__proto__" a key like any other', async () => {
      const file = join(folder, 'openapi.yaml');
      const document = loadPetstoreSpec();
      await writeFile(file, `${JSON.stringify(document).slice(0, -1)},"x-extra":{"__proto__":{"polluted":true}}}`);
      const draft = await readContractFile(file);
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
      expect(Object.keys(draft.document['x-extra'] as object)).toEqual(['__proto__']);
      await writeFile(
        file,
        `${await readFile(PETSTORE_SPEC_FILE, 'utf8')}\nx-extra:\n  __proto__:\n    polluted: true\n`,
      );
      const fromYaml = await readContractFile(file);
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
      expect(Object.keys(fromYaml.document['x-extra'] as object)).toEqual(['__proto__']);
    });
  });
});
