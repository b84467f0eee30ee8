// One document judged: the built mock started on it as users start it, Prism's validation proxy
// in front as the judge, one valid request per operation, then the CRUD story of each collection
// and of each singleton;
// the same requests sent to Prism's own mock (behind a proxy of its own) for comparison.
import { readFile } from 'node:fs/promises';
import { dereference } from '@readme/openapi-parser';
import s2o from 'swagger2openapi';
import { parse } from 'yaml';
import { documentPath, MOCK_COMMAND, PRISM_COMMAND, PROJECT_ROOT, type RealDocument } from './catalogue.js';
import { type Collection, collectionsOf, keyOf, runStory, type Sender } from './crud-stories.js';
import type { Schema } from './draw-value.js';
import { type DocumentFigures, emptyFigures, type TargetFigures, tally } from './figures.js';
import { mediaProblems } from './media-check.js';
import { type Operation, operationsOf, planRequest } from './operations.js';
import { OUTSIDE_STOP, type Server, startServer } from './processes.js';
import { type Answer, notSent, send } from './send.js';
import { runSingletonStory, singletonsOf } from './singleton-stories.js';

const MOCK_BANNER = /API\s+(http:\/\/\S+)/;
const PRISM_BANNER = /Prism is listening on (http:\/\/\S+)/;
/**
 * Bounds on a hang at start, not measures: the mock takes 10 s of CPU to start on PetClinic today
 * (its \p{L} patterns), minutes on a machine whose cores other work keeps busy.
 */
const MOCK_START_SECONDS = 300;
const PRISM_START_SECONDS = 300;
/** After this many requests left unanswered, the rest of a server's are not sent (and count as 5xx). */
const MAX_UNANSWERED = 3;

export type JudgeOptions = { withPrismMock: boolean };

const mockArgs = (file: string) => [MOCK_COMMAND, 'serve', '--contract', file, '--port', '0', '--data', ':memory:'];
const prismArgs = (command: 'mock' | 'proxy', file: string, upstream?: string) => [
  PRISM_COMMAND,
  command,
  file,
  ...(upstream ? [upstream] : []),
  '--host',
  '127.0.0.1',
  '--port',
  '0',
  '--errors',
  'false',
];

/**
 * Whether a parent's item path is the one a child's path goes through, whatever the parameter is
 * called on each and an extension on the item's (Twilio's /Calls/{Sid}.json under /Calls/{CallSid}/…).
 */
export function sameItemPath(itemPath: string, prefix: string): boolean {
  const plain = (path: string) => path.replace(/\{[^}]+\}/g, '{}').replace(/(\{\})\.[a-z]+$/i, '$1');
  return plain(itemPath) === plain(prefix);
}

/** Each parameter of `path`, with the collections whose item path ends at it (a parent's). */
function parametersWithOwners(path: string, collections: Collection[]) {
  return [...path.matchAll(/\{([^}]+)\}/g)].map(([, name = '']) => {
    const prefix = path.slice(0, path.indexOf(`{${name}}`) + name.length + 2);
    return { name, owners: collections.filter((candidate) => sameItemPath(candidate.itemPath, prefix)) };
  });
}

/** The parent keys a collection's or singleton's path needs (/domains/{domain_name}/records), each from a record created for it. */
async function parentKeysFor(
  collection: Pick<Collection, 'path'>,
  collections: Collection[],
  document: Schema,
  sender: (request: ReturnType<typeof planRequest>) => Promise<Answer>,
) {
  const keys: Record<string, string> = {};
  for (const { name, owners } of parametersWithOwners(collection.path, collections)) {
    const parent = owners[0];
    if (!parent) continue;
    const answer = await sender(planRequest(document, parent.create, keys));
    const key = answer.status >= 200 && answer.status < 300 ? keyOf(answer, parent.keyParameter) : undefined;
    if (key) keys[name] = key.value;
  }
  return keys;
}

/**
 * The keys of `path`'s parameters that name a record some collection listed: a client reads,
 * changes and deletes what the server has, not a sample key (which a server without a 404 in its
 * document must still answer with one).
 */
function keysOfPath(path: string, collections: Collection[], listed: ReadonlyMap<Collection, string>) {
  const keys: Record<string, string> = {};
  for (const { name, owners } of parametersWithOwners(path, collections)) {
    const owner = owners.find((candidate) => listed.has(candidate));
    const key = owner && listed.get(owner);
    if (key !== undefined) keys[name] = key;
  }
  return keys;
}

/** A key of the first record each collection lists, parents first (a child's list needs its parent's key). */
async function listedKeys(collections: Collection[], document: Schema, sender: Sender) {
  const listed = new Map<Collection, string>();
  const parameters = (path: string) => path.split('{').length - 1;
  for (const collection of [...collections].sort((one, other) => parameters(one.path) - parameters(other.path))) {
    if (!collection.list) continue;
    // A parent of no collection is named as every request names it (its example: Twilio's account);
    // one of a collection that listed nothing has no record to list under.
    const path = collection.list.path;
    const unlisted = parametersWithOwners(path, collections).some(({ owners }) =>
      owners.some((candidate) => !listed.has(candidate)),
    );
    if (unlisted) continue;
    const answer = await sender(planRequest(document, collection.list, keysOfPath(path, collections, listed)));
    const first = firstListed(answer.body);
    const key = first === undefined ? undefined : keyOf({ ...answer, body: first }, collection.keyParameter);
    if (key) listed.set(collection, key.value);
  }
  return listed;
}

/** The first item of a list's answer: the array itself, or the one its envelope holds. */
function firstListed(body: unknown): unknown {
  if (Array.isArray(body)) return body[0];
  if (body === null || typeof body !== 'object') return undefined;
  const array = Object.values(body).find(Array.isArray);
  return array?.[0];
}

/** Reads and changes before deletes, and a child's delete before its parent's: each names a record still there. */
function inClientOrder(operations: Operation[]): Operation[] {
  const deletes = operations.filter((entry) => entry.method === 'DELETE');
  const rest = operations.filter((entry) => entry.method !== 'DELETE');
  return rest.concat(deletes.sort((one, other) => other.path.length - one.path.length));
}

/** Every request of a document sent to one server (its judge's URL), the figures of its answers. */
async function exercise(
  judgeUrl: string,
  document: Schema,
  operations: Operation[],
  tag: string,
): Promise<TargetFigures> {
  const figures = emptyFigures(true);
  const byLabel = new Map(operations.map((entry) => [entry.label, entry.operation]));
  let unanswered = 0;
  const sender = async (request: ReturnType<typeof planRequest>) => {
    const answer =
      unanswered >= MAX_UNANSWERED
        ? notSent(request, `not sent: ${MAX_UNANSWERED} requests went unanswered`)
        : await send(judgeUrl, request);
    if (answer.status === 0) unanswered += 1;
    return tally(figures, answer, mediaProblems(byLabel.get(request.label), answer));
  };
  const collections = collectionsOf(operations);
  const listed = await listedKeys(collections, document, sender);
  for (const operation of inClientOrder(operations))
    await sender(planRequest(document, operation, keysOfPath(operation.path, collections, listed)));
  for (const [index, collection] of collections.entries()) {
    const parentKeys = await parentKeysFor(collection, collections, document, sender);
    const { steps } = await runStory(collection, { document, send: sender, parentKeys, tag: `${tag}${index}` });
    figures.stories.push({ collection: collection.path, steps });
    figures.crudSteps += steps.length;
    figures.crudKept += steps.filter((step) => step.kept).length;
  }
  for (const [index, singleton] of singletonsOf(operations).entries()) {
    const parentKeys = await parentKeysFor(singleton, collections, document, sender);
    const { steps } = await runSingletonStory(singleton, {
      document,
      send: sender,
      parentKeys,
      tag: `${tag}-singleton${index}`,
    });
    figures.stories.push({ collection: singleton.path, steps });
    figures.crudSteps += steps.length;
    figures.crudKept += steps.filter((step) => step.kept).length;
  }
  return figures;
}

/** Starts a server behind Prism's proxy: the server's own start first, then the judge in front of it. */
async function judged(start: () => Promise<Server>, file: string, servers: Server[]): Promise<string> {
  const server = await start();
  servers.push(server);
  const proxy = await startServer(
    prismArgs('proxy', file, server.url),
    PRISM_BANNER,
    PRISM_START_SECONDS,
    PROJECT_ROOT,
  );
  servers.push(proxy);
  return proxy.url;
}

/** Why a server did not start: its output's first lines, without Ajv's warnings of formats it does not know. */
const firstLines = (error: unknown) =>
  String(error instanceof Error ? error.message : error)
    .split('\n')
    .filter((line) => line.trim() && !/^unknown format .* ignored/.test(line))
    .slice(0, 12)
    .join('\n');

/**
 * The document as the requests are planned from it: dereferenced, and a Swagger 2.0 one read as
 * OpenAPI 3.0 first (Prism judges the 2.0 file itself).
 */
async function plannedDocument(file: string): Promise<Schema> {
  const value = parse(await readFile(file, 'utf8')) as Schema;
  // `swagger: 2.0` unquoted in YAML is the number 2.
  if (value.swagger !== '2.0' && value.swagger !== 2) return (await dereference(file)) as Schema;
  const { openapi } = await s2o.convertObj({ ...value, swagger: '2.0' } as Parameters<typeof s2o.convertObj>[0], {
    patch: true,
    warnOnly: true,
    resolve: false,
  });
  return (await dereference(openapi)) as Schema;
}

export async function judgeDocument(entry: RealDocument, options: JudgeOptions): Promise<DocumentFigures> {
  const file = documentPath(entry);
  const startedAt = Date.now();
  const document = await plannedDocument(file);
  const operations = operationsOf(document);
  const servers: Server[] = [];
  const target = async (start: () => Promise<Server>, tag: string): Promise<TargetFigures> => {
    let url: string;
    const startedAt = Date.now();
    try {
      url = await judged(start, file, servers).catch((error: unknown) => {
        // A signal from elsewhere on a shared machine says nothing of the server: once more.
        if (String(error).includes(OUTSIDE_STOP)) return judged(start, file, servers);
        throw error;
      });
    } catch (error) {
      return { ...emptyFigures(false), startError: firstLines(error) };
    }
    const startSeconds = (Date.now() - startedAt) / 1000;
    return { ...(await exercise(url, document, operations, tag)), startSeconds };
  };
  let mockServer: Server | undefined;
  try {
    const [mock, prism] = await Promise.all([
      target(async () => {
        mockServer = await startServer(mockArgs(file), MOCK_BANNER, MOCK_START_SECONDS, PROJECT_ROOT);
        return mockServer;
      }, 'mock'),
      options.withPrismMock
        ? target(() => startServer(prismArgs('mock', file), PRISM_BANNER, PRISM_START_SECONDS, PROJECT_ROOT), 'prism')
        : Promise.resolve(undefined),
    ]);
    return {
      name: entry.name,
      operations: operations.length,
      collections: collectionsOf(operations).length,
      seconds: (Date.now() - startedAt) / 1000,
      mock,
      ...(prism ? { prism } : {}),
      mockLog: mockServer?.output() ?? '',
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
