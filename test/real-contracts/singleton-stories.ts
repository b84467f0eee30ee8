// The singletons of a document, found by their shape (a path that ends in no parameter, read with
// GET and changed with PUT or PATCH, that nothing creates at and whose read answers one record,
// not a page of them: Conduit's /user), and the story told of each: read → update → read. The
// update writes a marker text, and the read after it must give the marker back.
import {
  answerSchema,
  brief,
  markerField,
  type Step,
  type StoryContext,
  shows,
  succeeded,
  withMarker,
} from './crud-stories.js';
import { type Schema, shapeOf } from './draw-value.js';
import { bodyOf, type Operation, planRequest } from './operations.js';

export type Singleton = { path: string; read: Operation; update: Operation };

/** The record an answer's schema is: itself, or the one object a single-key envelope wraps. */
function recordSchema(schema: Schema | undefined): Schema {
  const shape = shapeOf(schema);
  const properties = Object.values((shape.properties ?? {}) as Record<string, Schema>);
  const only = properties.length === 1 ? shapeOf(properties[0]) : undefined;
  return only?.type === 'object' ? only : shape;
}

/** Whether a record holds a list of records: a page of a collection, not one record. */
function holdsRecords(record: Schema): boolean {
  return Object.values((record.properties ?? {}) as Record<string, Schema>).some((property) => {
    const shape = shapeOf(property);
    return shape.type === 'array' && shapeOf(shape.items).type === 'object';
  });
}

export function singletonsOf(operations: Operation[]): Singleton[] {
  const singletons: Singleton[] = [];
  for (const path of new Set(operations.map((entry) => entry.path))) {
    if (/\}[^/]*$/.test(path)) continue;
    const at = (method: string) => operations.find((entry) => entry.method === method && entry.path === path);
    const read = at('GET');
    const update = at('PUT') ?? at('PATCH');
    if (!read || !update || at('POST')) continue;
    const record = recordSchema(answerSchema(read));
    if (record.type !== 'object' || holdsRecords(record)) continue;
    singletons.push({ path, read, update });
  }
  return singletons;
}

/** Runs one singleton's story; returns its steps, each kept or not (with why not). */
export async function runSingletonStory(singleton: Singleton, context: StoryContext): Promise<{ steps: Step[] }> {
  const { document, send, parentKeys, tag } = context;
  const steps: Step[] = [];
  const step = (name: string, kept: boolean, why?: string) =>
    steps.push({ step: name, kept, ...(kept ? {} : { why }) });

  const read = await send(planRequest(document, singleton.read, parentKeys));
  step('read', succeeded(read), brief(read));
  const marker = markerField(singleton.update.operation);
  const updated = `${tag}-updated`;
  const body = withMarker(bodyOf(singleton.update.operation), marker, updated);
  const update = await send(planRequest(document, singleton.update, parentKeys, body));
  step('update', succeeded(update), brief(update));
  const after = await send(planRequest(document, singleton.read, parentKeys));
  const readBack = marker === undefined || shows(after, updated);
  step(
    'read after update',
    succeeded(after) && readBack,
    succeeded(after) ? `"${updated}" is not in the answer` : brief(after),
  );
  return { steps };
}
