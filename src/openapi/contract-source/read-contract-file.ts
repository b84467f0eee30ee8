// A version of the Pet Store contract given at run time (--contract FILE): read as untrusted
// input, bundled into one document, and checked, in that order. Anything that cannot be served
// is refused with every problem at its file and line (ContractRefusal); what is returned is safe
// to serve: one document with internal $refs only, made of the contract's own files.
import { resolve } from 'node:path';
import { stringify } from 'yaml';
import { type JsonObject, unescapePointerSegment } from '../json-pointer.js';
import { type Contract, describeContract } from '../load-contract.js';
import { schemaFactsOf } from '../schema-analysis/schema-facts.js';
import { unknownFormatsOf } from '../unknown-formats.js';
import { type BooleanBoundRead, readBooleanExclusiveBounds } from './boolean-exclusive-bounds.js';
import { bundleDocument, type Graft, toPointer } from './bundle-document.js';
import { checkBounds } from './check-bounds.js';
import { checkExamples, leaveOutDefault } from './check-examples.js';
import { checkFiniteNumbers } from './check-finite-numbers.js';
import { checkOpenApiSchema, type OpenApiFault, openApiVersion } from './check-openapi.js';
import { checkPatterns } from './check-patterns.js';
import { checkSchemaIds } from './check-schema-ids.js';
import { checkSchemas } from './check-schemas.js';
import { checkServable } from './check-servable.js';
import { collectSources } from './collect-sources.js';
import { type ContractLimits, DEFAULT_CONTRACT_LIMITS } from './contract-limits.js';
import { type ContractProblem, ContractRefusal, type SourcePosition, showPath } from './contract-refusal.js';
import { dropForeignComponents, type ReadAsTarget, readMisplacedRefs } from './misplaced-refs.js';
import type { OasVersion } from './oas-versions.js';
import { type ParsedSource, SourceSyntaxError } from './parsed-source.js';
import { dropRefSiblings } from './ref-siblings.js';
import { createSourceReader, SourceReadError } from './source-reader.js';
import { type Conversion, convertSwagger2, isSwagger2, SwaggerConversionError } from './swagger-2.js';
import { dropEmptyEnums, readTextEnumMembers, type TextEnumRead } from './text-enum-members.js';
import { dropUnknownSchemaFields } from './unknown-schema-fields.js';

export type ContractFileOptions = {
  /**
   * URL prefixes whose documents the contract's $refs may name (--contract-allow-urls), e.g.
   * "https://schemas.example.com/". None by default: a $ref to a URL is refused.
   */
  allowUrls?: readonly string[];
  /** Tighter (or looser) bounds than DEFAULT_CONTRACT_LIMITS. */
  limits?: Partial<ContractLimits>;
};

/** The rules of what reading a draft finds to say without refusing it, told apart from Spectral's. */
export const READING_RULES = [
  'pattern-without-u-flag',
  'example-breaks-schema',
  'reference-read-as-target',
  'unknown-schema-field',
  'enum-member-read-as-text',
  'empty-enum',
  'unknown-format',
  'ref-siblings-ignored',
  'boolean-exclusive-bound',
  'no-value-fits',
  'default-breaks-schema',
  'swagger-2-conversion',
  'yaml-closing-bracket',
] as const;

/** What reading a draft finds to say without refusing it, at its place; printed with Spectral's warnings. */
export type DraftWarning = {
  rule: (typeof READING_RULES)[number];
  message: string;
  pointer: string;
  file: string;
  line?: number;
  column?: number;
  severity: 'warning';
};

export type ContractDraft = {
  /** The first file, absolute, as given (before symlinks). */
  file: string;
  /** The first file as messages show it: relative to the working directory when under it. */
  shown: string;
  version: OasVersion;
  /** Set when the file is Swagger 2.0: served as its conversion to OpenAPI 3.0 (swagger-2.ts). */
  convertedFrom?: 'Swagger 2.0';
  /** One document, every $ref internal ("#/..."): what the validator, /openapi.json and /docs get. */
  document: JsonObject;
  /**
   * /openapi.yaml's text: the first file's own when it is YAML and names no other file, else
   * the bundled document written as YAML (on first read).
   */
  readonly text: string;
  /** Every file read (real paths) and URL fetched, the first file's first: what a watch follows. */
  sources: readonly string[];
  /** Where a value of `document` is written, by its JSON pointer (or segments). */
  locate(pointer: string | readonly string[]): SourcePosition | undefined;
  /** What reading it found to say without refusing it (a pattern valid only without the u flag). */
  warnings: readonly DraftWarning[];
  /** Values (objects, arrays, scalars) in its files: what linting it would cost. */
  values: number;
  /** The bounds it was read under. */
  limits: ContractLimits;
  /** The examples that break their own schema, as JSON texts: never answered. */
  brokenExamples: ReadonlySet<string>;
};

const splitPointer = (pointer: string) =>
  pointer === '' ? [] : pointer.split('/').slice(1).map(unescapePointerSegment);

type Locate = (pointer: string | readonly string[]) => SourcePosition | undefined;

function locator(grafts: ReadonlyMap<string, Graft>): Locate {
  return (pointer) => {
    const segments = typeof pointer === 'string' ? splitPointer(pointer) : [...pointer];
    for (let length = segments.length; length >= 0; length -= 1) {
      const graft = grafts.get(toPointer(segments.slice(0, length)));
      if (!graft) continue;
      const position = graft.source.positionOf([...graft.segments, ...segments.slice(length)]);
      return position ? { file: graft.source.shown, ...position } : undefined;
    }
    return undefined;
  };
}

/** Where a part of a converted document is written in its 2.0 text: that part, else the nearest one around it. */
function convertedLocator(locate: Locate, conversion: Conversion): Locate {
  return (pointer) => {
    const segments = conversion.originalSegments(typeof pointer === 'string' ? splitPointer(pointer) : pointer);
    for (let length = segments.length; length >= 0; length -= 1) {
      const position = locate(segments.slice(0, length));
      if (position) return position;
    }
    return undefined;
  };
}

/** A Swagger 2.0 document as OpenAPI 3.0, or its refusal in the converter's words. */
async function asOpenApi3(
  document: JsonObject,
  refuse: (problems: readonly ContractProblem[]) => never,
  shown: string,
): Promise<Conversion | undefined> {
  if (!isSwagger2(document)) return undefined;
  try {
    return await convertSwagger2(document);
  } catch (error) {
    if (!(error instanceof SwaggerConversionError)) throw error;
    return refuse([{ kind: 'openapi', file: shown, pointer: '/swagger', message: error.message }]);
  }
}

/**
 * The document's faults against OpenAPI's schema, once each reference that stands where OpenAPI
 * allows none is read as its target (misplaced-refs.ts): what was read so, for warnings.
 */
async function checkReadingRefs(
  document: JsonObject,
  version: OasVersion,
  budget: number,
): Promise<{ faults: OpenApiFault[]; readAsTargets: ReadAsTarget[]; leftOut: OpenApiFault[] }> {
  let faults = await checkOpenApiSchema(document, version);
  const readAsTargets: ReadAsTarget[] = [];
  const leftOut: OpenApiFault[] = [];
  let copied = 0;
  // A target may hold misplaced references of its own: a few rounds, each bounded.
  for (let round = 0; faults.length > 0 && round < 4; round += 1) {
    const { read, copied: more } = readMisplacedRefs(document, faults, budget - copied);
    copied += more;
    const dropped = read.length > 0 ? [] : dropForeignComponents(document);
    const strays = dropUnknownSchemaFields(document, faults);
    if (read.length === 0 && dropped.length === 0 && strays.length === 0) break;
    for (const note of [read, dropped].flat()) readAsTargets.push(note);
    for (const note of strays) leftOut.push(note);
    faults = await checkOpenApiSchema(document, version);
  }
  // Nothing is read otherwise than written unless the whole document then holds.
  return faults.length > 0 ? { faults, readAsTargets: [], leftOut: [] } : { faults, readAsTargets, leftOut };
}

/** Where a fault of the document is written, as a problem of `kind` (readContractFile's atPlace). */
type AtPlace = (kind: ContractProblem['kind']) => (fault: OpenApiFault) => ContractProblem & { pointer: string };

/** What a reading found to say without refusing the contract, each at its place. */
function readingWarnings(
  atPlace: AtPlace,
  found: {
    sources: readonly ParsedSource[];
    conversion: Conversion | undefined;
    avoidable: readonly OpenApiFault[];
    refSiblings: ReturnType<typeof dropRefSiblings>;
    booleanBounds: readonly BooleanBoundRead[];
    textEnums: readonly TextEnumRead[];
    emptyEnums: readonly TextEnumRead[];
    readAsTargets: readonly ReadAsTarget[];
    leftOut: readonly OpenApiFault[];
    patternNotes: readonly OpenApiFault[];
    examples: ReturnType<typeof checkExamples>;
    document: JsonObject;
  },
): DraftWarning[] {
  const warned =
    (kind: ContractProblem['kind'], rule: DraftWarning['rule']) =>
    (fault: OpenApiFault): DraftWarning => {
      const { kind: _kind, ...place } = atPlace(kind)(fault);
      return { ...place, rule, severity: 'warning' };
    };
  const closingBrackets = found.sources.flatMap((source) =>
    (source.relaxedLines ?? []).map(
      (line): DraftWarning => ({
        rule: 'yaml-closing-bracket',
        message:
          'this closing bracket stands no deeper than the key its collection belongs to, which YAML 1.2 forbids (strict readers refuse the file): it is read one space deeper, as most readers do. Indent it one more space',
        pointer: '',
        file: source.shown,
        line,
        column: 1,
        severity: 'warning',
      }),
    ),
  );
  return [
    ...closingBrackets,
    ...(found.conversion?.notes ?? []).map(({ segments, message }) =>
      warned(
        'openapi',
        'swagger-2-conversion',
      )({
        pointer: toPointer(segments),
        message: `reading Swagger 2.0 as OpenAPI 3.0: ${message}`,
      }),
    ),
    ...found.avoidable.map(warned('unservable', 'no-value-fits')),
    ...found.refSiblings.map(({ segments, ref, dropped }) => {
      const named = dropped.map((key) => `"${key}"`).join(', ');
      const message = `OpenAPI 3.0 ignores what stands beside a $ref: ${named} here ${dropped.length === 1 ? 'is' : 'are'} not applied, the schema is the one "${ref}" names. Move ${dropped.length === 1 ? 'it' : 'them'} into an allOf beside the $ref to apply ${dropped.length === 1 ? 'it' : 'them'}, or declare openapi: 3.1`;
      return warned('unservable', 'ref-siblings-ignored')({ pointer: toPointer(segments), message });
    }),
    ...found.textEnums.map(({ segments, message }) =>
      warned('openapi', 'enum-member-read-as-text')({ pointer: toPointer(segments), message }),
    ),
    ...found.emptyEnums.map(({ segments, message }) =>
      warned('openapi', 'empty-enum')({ pointer: toPointer(segments), message }),
    ),
    ...found.booleanBounds.map(({ segments, message }) =>
      warned('openapi', 'boolean-exclusive-bound')({ pointer: toPointer(segments), message }),
    ),
    ...found.readAsTargets.map(warned('openapi', 'reference-read-as-target')),
    ...found.leftOut.map(warned('openapi', 'unknown-schema-field')),
    ...found.patternNotes.map(warned('unservable', 'pattern-without-u-flag')),
    ...found.examples.map((fault) =>
      warned('unservable', fault.what === 'default' ? 'default-breaks-schema' : 'example-breaks-schema')(fault),
    ),
    ...unknownFormatsOf(found.document).map(({ name, pointer }) =>
      warned(
        'unservable',
        'unknown-format',
      )({
        pointer: toPointer(pointer),
        message: `the format "${name}" is known to no validator of the mock: its values are taken as any text of their type`,
      }),
    ),
  ];
}

/** The contract's files read (the first and every one its $refs name) and bundled into one document, or refused. */
async function readBundled(
  file: string,
  options: ContractFileOptions,
  limits: ContractLimits,
  refuse: (problems: readonly ContractProblem[]) => never,
): Promise<{ collected: Awaited<ReturnType<typeof collectSources>>; bundled: ReturnType<typeof bundleDocument> }> {
  const shown = showPath(file);
  try {
    const reader = await createSourceReader(file, { allowUrls: options.allowUrls ?? [], limits });
    const collected = await collectSources(reader, limits);
    if (collected.problems.length > 0) refuse(collected.problems);
    const bundled = bundleDocument(collected, limits);
    if (bundled.problems.length > 0) refuse(bundled.problems);
    return { collected, bundled };
  } catch (error) {
    if (error instanceof SourceReadError || error instanceof SourceSyntaxError)
      refuse([{ kind: error.kind, file: shown, ...(error.position ?? {}), message: error.message }]);
    throw error;
  }
}

/** Reads, bundles and checks the contract at `file` (relative to the working directory). */
export async function readContractFile(file: string, options: ContractFileOptions = {}): Promise<ContractDraft> {
  const limits: ContractLimits = { ...DEFAULT_CONTRACT_LIMITS, ...options.limits };
  const shown = showPath(file);
  const refuse = (problems: readonly ContractProblem[]): never => {
    throw new ContractRefusal(shown, problems);
  };
  const { collected, bundled } = await readBundled(file, options, limits, refuse);
  const conversion = await asOpenApi3(bundled.document, refuse, shown);
  const document = conversion?.document ?? bundled.document;
  const locate = conversion ? convertedLocator(locator(bundled.grafts), conversion) : locator(bundled.grafts);
  const atPlace = (kind: ContractProblem['kind']) => (fault: OpenApiFault) => ({
    kind,
    file: shown,
    ...locate(fault.pointer),
    pointer: fault.pointer,
    message: fault.message,
  });

  const declared = openApiVersion(document);
  if ('fault' in declared) return refuse([atPlace('openapi')(declared.fault)]);
  const booleanBounds = declared.version === '3.1' ? readBooleanExclusiveBounds(document) : [];
  const textEnums = readTextEnumMembers(document);
  const emptyEnums = dropEmptyEnums(document);
  const {
    faults: schemaFaults,
    readAsTargets,
    leftOut,
  } = await checkReadingRefs(document, declared.version, limits.nodes);
  if (schemaFaults.length > 0) refuse(schemaFaults.map(atPlace('openapi')));
  const refSiblings = declared.version === '3.0' ? dropRefSiblings(document) : [];
  // What the mock could not serve, every fault of it at once: the paths and schemas past a bound,
  // the patterns no linear-time engine matches, the schemas no value fits or that never end.
  const facts = schemaFactsOf(document);
  const bounds = checkBounds(document, facts.index, limits);
  const patterns = checkPatterns(document);
  const ids = checkSchemaIds(document, facts.openApi30);
  const nonFinite = checkFiniteNumbers(document);
  // A schema past a bound (a billion items) is not measured: its smallest value is that bound's fault.
  const checkedSchemas = bounds.length > 0 ? [] : checkSchemas(facts, limits);
  const schemas = checkedSchemas.flatMap((fault) =>
    fault.kind === 'avoidable' ? [] : [{ ...fault, kind: fault.kind }],
  );
  const avoidable = checkedSchemas.filter((fault) => fault.kind === 'avoidable');
  // Values are checked against schemas that can be: a cycle through allOf would hold the
  // validator for ever, a pattern refused above is not to be run, and an id of two schemas
  // makes Ajv refuse the document.
  const examples =
    bounds.length > 0 || schemas.length > 0 || patterns.faults.length > 0 || ids.length > 0
      ? []
      : checkExamples(document, facts.index, facts.openApi30);
  const servingFaults = [
    ...checkServable(document).map(atPlace('unservable')),
    ...patterns.faults.map(atPlace('unservable')),
    ...ids.map(atPlace('unservable')),
    ...nonFinite.map(atPlace('unservable')),
    ...bounds.map(atPlace('limit')),
    ...schemas.map((fault) => atPlace(fault.kind)(fault)),
  ];
  if (servingFaults.length > 0) refuse(servingFaults);
  // Published documents often hold a default or an example their schema refuses (Xero's "false"
  // for a boolean, Train Travel's UUIDs): each is warned of, and a default left out of requests.
  for (const fault of examples) leaveOutDefault(document, fault);
  const warnings = readingWarnings(atPlace, {
    sources: [...collected.byId.values()],
    conversion,
    avoidable,
    refSiblings,
    booleanBounds,
    textEnums,
    emptyEnums,
    readAsTargets,
    leftOut,
    patternNotes: patterns.notes,
    examples,
    document,
  });

  const { root, byId } = collected;
  // A converted document is served as converted: the validator, /docs and clients read the same one.
  const ownText = byId.size === 1 && !conversion && !/^\s*[[{]/.test(root.text) ? root.text : undefined;
  let text = ownText;
  return {
    file: resolve(file),
    shown,
    version: declared.version,
    ...(conversion ? { convertedFrom: 'Swagger 2.0' as const } : {}),
    document,
    get text() {
      text ??= stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
      return text;
    },
    sources: [...byId.keys()],
    locate,
    warnings,
    values: collected.values,
    limits,
    brokenExamples: new Set(
      examples.filter((fault) => fault.what === 'example').map((fault) => JSON.stringify(fault.value)),
    ),
  };
}

/** The draft as the server's Contract: its operations, base path and text, read from the bundled document. */
export function draftContract(draft: ContractDraft): Contract {
  const contract = describeContract(draft.document, '', draft.shown);
  contract.brokenExamples = draft.brokenExamples;
  // The text is written only if /openapi.yaml is asked for: a start does without it.
  return Object.defineProperty(contract, 'text', { get: () => draft.text, enumerable: true });
}
