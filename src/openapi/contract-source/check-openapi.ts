// Is the bundled document OpenAPI 3.0 or 3.1? Checked against the OpenAPI Initiative's schemas
// (oas-schemas.ts), compiled by the build, and each fault said as a person would: which field,
// what it must be, what it is. Ajv reports every branch a value failed; only the faults that
// say something are kept (as @readme/openapi-parser's reduceAjvErrors does, whose messages have
// no pointer to map back to a file and line).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { COMPILED_OAS_VALIDATOR_FILES } from '../../package-root.js';
import { escapePointerSegment, rawValueAt } from '../json-pointer.js';
import { OAS_SCHEMAS_VERSION, type OasVersion } from './oas-versions.js';

export type OpenApiFault = {
  pointer: string;
  message: string;
  /** A field the object at `holder` may not have, by its name. */
  unknownField?: { holder: string; name: string };
};

export type VersionCheck = { version: OasVersion } | { fault: OpenApiFault };

/** Which OpenAPI the document says it is, or why it is none the mock takes. */
export function openApiVersion(document: unknown): VersionCheck {
  const root = typeof document === 'object' && document !== null ? (document as Record<string, unknown>) : {};
  const declared = root.openapi;
  if (typeof declared === 'string' && /^3\.0\.\d+(-.+)?$/.test(declared)) return { version: '3.0' };
  if (typeof declared === 'string' && /^3\.1\.\d+(-.+)?$/.test(declared)) return { version: '3.1' };
  if (root.swagger !== undefined) {
    return {
      fault: {
        pointer: '/swagger',
        message: `swagger: ${JSON.stringify(root.swagger)} is not a version the mock serves; give Swagger 2.0 or OpenAPI 3.0.x or 3.1.x.`,
      },
    };
  }
  if (declared === undefined) {
    return {
      fault: {
        pointer: '',
        message: 'this is not an OpenAPI document: it has no "openapi" field (e.g. openapi: 3.1.0 on its first line).',
      },
    };
  }
  return {
    fault: {
      pointer: '/openapi',
      message: `openapi: ${JSON.stringify(declared)} is not a version the mock serves; give 3.0.x or 3.1.x (e.g. 3.1.0).`,
    },
  };
}

const validators = new Map<OasVersion, ValidateFunction>();

/**
 * The build's compiled validator when it matches the installed schemas, else one compiled now
 * (the schemas and Ajv's compiler are loaded for that only).
 */
async function validatorFor(version: OasVersion): Promise<ValidateFunction> {
  const known = validators.get(version);
  if (known) return known;
  const file = COMPILED_OAS_VALIDATOR_FILES[version];
  let validate: ValidateFunction | undefined;
  if (existsSync(file)) {
    const compiled = createRequire(import.meta.url)(file) as ValidateFunction & { schemasVersion?: string };
    if (compiled.schemasVersion === OAS_SCHEMAS_VERSION) validate = compiled;
  }
  validate ??= (await import('./oas-schemas.js')).compileOasValidator(version);
  validators.set(version, validate);
  return validate;
}

/** Branches that only say "one of the others failed": what the others say is kept instead. */
const NOISE = new Set(['anyOf', 'oneOf', 'if', 'then', 'else', 'not']);
/** Per place, the keyword that says most; the others there are dropped. */
const RANK = ['required', 'additionalProperties', 'unevaluatedProperties', 'enum', 'const', 'type'];
const rank = (error: ErrorObject) => {
  const index = RANK.indexOf(error.keyword);
  return index === -1 ? RANK.length : index;
};

/** What holds a value in OpenAPI, by the name of the member it is in: responses/200 is a response. */
const KIND_IN_MAP: Record<string, string> = {
  responses: 'response',
  parameters: 'parameter',
  headers: 'header',
  content: 'media type',
  examples: 'example',
  paths: 'path item',
  servers: 'server',
  securitySchemes: 'security scheme',
  requestBodies: 'request body',
  schemas: 'schema',
  properties: 'schema',
  tags: 'tag',
};
const KIND_OF_MEMBER: Record<string, string> = {
  requestBody: 'request body',
  schema: 'schema',
  items: 'schema',
  info: 'info object',
  components: 'components object',
  get: 'operation',
  put: 'operation',
  post: 'operation',
  delete: 'operation',
  patch: 'operation',
  head: 'operation',
  options: 'operation',
  trace: 'operation',
};

/** The kind of OpenAPI object at a pointer, for messages: "response", or undefined when unsure. */
function objectKind(pointer: string): string | undefined {
  if (pointer === '') return 'document';
  const [holder = '', last = ''] = pointer.split('/').slice(-2);
  return KIND_IN_MAP[holder] ?? KIND_OF_MEMBER[last];
}

function describeFault(error: ErrorObject, document: unknown): string {
  const kind = objectKind(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const value = rawValueAt(document as Record<string, unknown>, error.instancePath);
  const got = value === undefined ? '' : ` (it is ${JSON.stringify(value)?.slice(0, 60)})`;
  switch (error.keyword) {
    case 'required':
      return `${kind ? `this ${kind}` : 'this object'} lacks "${String(params.missingProperty)}", which OpenAPI requires.`;
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const field = String(params.additionalProperty ?? params.unevaluatedProperty);
      return `"${field}" is not a field of ${kind ? `a ${kind}` : 'this object'} in OpenAPI (check its spelling and indentation; extensions start with x-).`;
    }
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((allowed) => JSON.stringify(allowed)).join(', ')}${got}.`;
    case 'type':
      return `must be ${String(params.type)}${got}.`;
    default:
      return `${error.message ?? 'is not valid'}${got}.`;
  }
}

/** The faults worth reading: the deepest, the most telling at each place, each once. */
function reduceFaults(errors: readonly ErrorObject[]): ErrorObject[] {
  // A reference is one branch of most places: "lacks $ref" only says the other branch failed too.
  const telling = errors.filter(
    (error) =>
      !NOISE.has(error.keyword) &&
      !(error.keyword === 'required' && (error.params as Record<string, unknown>).missingProperty === '$ref'),
  );
  const kept = telling.length > 0 ? telling : [...errors];
  const best = new Map<string, number>();
  for (const error of kept)
    best.set(error.instancePath, Math.min(best.get(error.instancePath) ?? RANK.length, rank(error)));
  const seen = new Set<string>();
  return kept.filter((error) => {
    if (rank(error) !== best.get(error.instancePath)) return false;
    const key = `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The document's faults against the OpenAPI schema of its version; none when it is valid. */
export async function checkOpenApiSchema(document: unknown, version: OasVersion): Promise<OpenApiFault[]> {
  const validate = await validatorFor(version);
  if (validate(document)) return [];
  return reduceFaults(validate.errors ?? []).map((error) => {
    const params = error.params as Record<string, unknown>;
    const field = params.additionalProperty ?? params.unevaluatedProperty;
    const message = describeFault(error, document);
    if (field === undefined) return { pointer: error.instancePath, message };
    // A field that is not allowed is pointed at itself, not at the object that holds it.
    const name = String(field);
    const pointer = `${error.instancePath}/${escapePointerSegment(name)}`;
    return { pointer, message, unknownField: { holder: error.instancePath, name } };
  });
}
