// How much a contract file given at run time may ask of the mock. A draft often comes from a pull
// request: these bounds keep a hostile one (a huge file, a YAML alias bomb, a maze of $refs, an
// array of a billion items to generate, a URL that answers a byte at a time) from hanging or
// exhausting the server. The Pet Store's own contract uses a few percent of each. Every refusal
// names its bound and the option that raises it (--contract-limit NAME=N).

export type ContractLimits = Readonly<{
  /** Bytes of one file (or URL) of the contract. */
  fileBytes: number;
  /** Bytes of all its files together. */
  totalBytes: number;
  /** Files (and URLs) read, the first one included. */
  files: number;
  /** Values (objects, arrays, scalars) in the bundled document. */
  nodes: number;
  /**
   * Values of a document the project's Spectral rules are run on: Spectral holds ~300 bytes a
   * value, so a larger one is served unlinted, with a note that says so.
   */
  lintValues: number;
  /** Objects and arrays nested in one another. */
  depth: number;
  /**
   * Arrays on one path of the document, objects between them not counted: Ajv's check of a
   * schema for $refs walks each array twice, so its work doubles with each (30 deep: minutes).
   */
  arrayDepth: number;
  /** YAML aliases (*name) in one file; what they expand into counts against `nodes`. */
  aliases: number;
  /** Seconds one URL may take, its whole body read (with the option that allows URLs). */
  urlSeconds: number;
  /** Seconds all the contract's URLs may take together. */
  urlsSeconds: number;
  /** Paths of the document. */
  paths: number;
  /**
   * Characters of one path template: Node takes 16 KiB of request line and headers, so no request
   * reaches a longer one, and the validator's matcher of a path of megabytes is past V8's size of a
   * regular expression, which failed every request.
   */
  pathLength: number;
  /** Operations of the document. */
  operations: number;
  /** Values of one enum. */
  enumValues: number;
  /** Members of one schema: its properties, or the parts of one allOf, anyOf or oneOf. */
  schemaBreadth: number;
  /** The minItems of a schema: items every generated array of it holds. */
  minItems: number;
  /** The minLength of a schema: characters every generated text of it holds. */
  minLength: number;
  /** The minProperties of a schema: properties every generated object of it holds. */
  minProperties: number;
  /** Bytes of the smallest value of any schema, written as JSON: what the mock must generate at least. */
  valueBytes: number;
  /** Objects and arrays nested in one another in the smallest value of any schema. */
  valueDepth: number;
  /**
   * Schemas nested in one another (properties, items, allOf, anyOf, oneOf, $refs), a recursion's
   * schemas counted once each: how deep a validator compiles and a generator walks.
   */
  schemaDepth: number;
  /**
   * Schemas applied to one value (its schema, its $ref's target, the parts of allOf, anyOf, oneOf
   * and theirs), each counted on every path to it: a validator calls each once per path, per value.
   */
  schemasPerValue: number;
}>;

export type ContractLimitName = keyof ContractLimits;

export const DEFAULT_CONTRACT_LIMITS: ContractLimits = Object.freeze({
  fileBytes: 10 * 1024 * 1024,
  totalBytes: 32 * 1024 * 1024,
  files: 1_000,
  nodes: 2_000_000,
  lintValues: 300_000,
  depth: 200,
  arrayDepth: 16,
  aliases: 10_000,
  urlSeconds: 10,
  urlsSeconds: 60,
  paths: 10_000,
  pathLength: 8_192,
  operations: 20_000,
  enumValues: 100_000,
  schemaBreadth: 10_000,
  minItems: 10_000,
  minLength: 100_000,
  minProperties: 1_000,
  valueBytes: 1024 * 1024,
  valueDepth: 64,
  schemaDepth: 128,
  schemasPerValue: 10_000,
});

/** The name of each bound on the command line: --contract-limit enum-values=200000. */
export const CONTRACT_LIMIT_OPTIONS: Readonly<Record<ContractLimitName, string>> = Object.freeze({
  fileBytes: 'file-bytes',
  totalBytes: 'total-bytes',
  files: 'files',
  nodes: 'nodes',
  lintValues: 'lint-values',
  depth: 'depth',
  arrayDepth: 'array-depth',
  aliases: 'aliases',
  urlSeconds: 'url-seconds',
  urlsSeconds: 'urls-seconds',
  paths: 'paths',
  pathLength: 'path-length',
  operations: 'operations',
  enumValues: 'enum-values',
  schemaBreadth: 'schema-breadth',
  minItems: 'min-items',
  minLength: 'min-length',
  minProperties: 'min-properties',
  valueBytes: 'value-bytes',
  valueDepth: 'value-depth',
  schemaDepth: 'schema-depth',
  schemasPerValue: 'schemas-per-value',
});

/** The bound of an option's name ("enum-values"), or undefined for a name that is none. */
export function limitNamed(option: string): ContractLimitName | undefined {
  return (Object.keys(CONTRACT_LIMIT_OPTIONS) as ContractLimitName[]).find(
    (name) => CONTRACT_LIMIT_OPTIONS[name] === option,
  );
}

/** What a refusal adds to say how to raise a bound: "(raise it with --contract-limit nodes=N)". */
export const raiseWith = (name: ContractLimitName) =>
  `(raise it with --contract-limit ${CONTRACT_LIMIT_OPTIONS[name]}=N)`;

/** Bytes as a person reads them: 10 MiB, 512 KiB, 300 bytes. */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

/** A count as a person reads it: 100,000. */
export const describeCount = (count: number) => count.toLocaleString('en');
