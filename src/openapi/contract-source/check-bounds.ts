// The bounds of what a draft's document may ask of the mock, beyond its files' size: its paths
// and operations, each enum's values, each schema's breadth, and the least a generated value
// must hold (minItems, minLength, minProperties), and how deep its schemas nest. Each fault is at the keyword that passes its
// bound, naming the bound and the option that raises it.
import { asObject, escapePointerSegment, type JsonObject, unescapePointerSegment } from '../json-pointer.js';
import { HTTP_METHODS } from '../load-contract.js';
import type { SchemaIndex } from '../schema-analysis/schema-index.js';
import { deepestNesting } from '../schema-analysis/schema-nesting.js';
import { mostSchemasOnOneValue } from '../schema-analysis/schemas-on-one-value.js';
import type { OpenApiFault } from './check-openapi.js';
import { type ContractLimitName, type ContractLimits, describeCount, raiseWith } from './contract-limits.js';

/** A schema keyword bounded by a limit, and what a message calls it. */
const LEAST_KEYWORDS: ReadonlyArray<{ keyword: string; limit: ContractLimitName; what: string }> = [
  { keyword: 'minItems', limit: 'minItems', what: 'items an array the mock generates may be asked to hold' },
  { keyword: 'minLength', limit: 'minLength', what: 'characters a text the mock generates may be asked to hold' },
  {
    keyword: 'minProperties',
    limit: 'minProperties',
    what: 'properties an object the mock generates may be asked to hold',
  },
];

const BROAD_KEYWORDS = ['properties', 'allOf', 'anyOf', 'oneOf', 'patternProperties'] as const;

function checkOperations(document: JsonObject, limits: ContractLimits): OpenApiFault[] {
  const paths = Object.keys(asObject(document.paths));
  if (paths.length > limits.paths) {
    return [
      {
        pointer: '/paths',
        message: `it has ${describeCount(paths.length)} paths, more than the ${describeCount(limits.paths)} a contract may have ${raiseWith('paths')}.`,
      },
    ];
  }
  const long = paths.find((path) => path.length > limits.pathLength);
  if (long !== undefined) {
    return [
      {
        pointer: `/paths/${escapePointerSegment(long)}`,
        message: `this path is ${describeCount(long.length)} characters long, more than the ${describeCount(limits.pathLength)} a path may have: Node reads at most 16 KiB of a request's line and headers, so no request could name it ${raiseWith('pathLength')}.`,
      },
    ];
  }
  let operations = 0;
  for (const path of paths) {
    const item = asObject(asObject(document.paths)[path]);
    for (const method of HTTP_METHODS) {
      if (item[method] === undefined) continue;
      operations += 1;
      if (operations > limits.operations) {
        return [
          {
            pointer: `/paths/${escapePointerSegment(path)}/${method}`,
            message: `it has more than ${describeCount(limits.operations)} operations, this one past the bound ${raiseWith('operations')}.`,
          },
        ];
      }
    }
  }
  return [];
}

function checkSchema(schema: JsonObject, pointer: string, limits: ContractLimits): OpenApiFault[] {
  const faults: OpenApiFault[] = [];
  if (Array.isArray(schema.enum) && schema.enum.length > limits.enumValues) {
    faults.push({
      pointer: `${pointer}/enum`,
      message: `this enum lists ${describeCount(schema.enum.length)} values, more than the ${describeCount(limits.enumValues)} an enum may have ${raiseWith('enumValues')}.`,
    });
  }
  for (const keyword of BROAD_KEYWORDS) {
    const members = schema[keyword];
    const count = Array.isArray(members) ? members.length : Object.keys(asObject(members)).length;
    if (count > limits.schemaBreadth) {
      faults.push({
        pointer: `${pointer}/${keyword}`,
        message: `its ${keyword} has ${describeCount(count)} members, more than the ${describeCount(limits.schemaBreadth)} one schema may have ${raiseWith('schemaBreadth')}.`,
      });
    }
  }
  for (const { keyword, limit, what } of LEAST_KEYWORDS) {
    const least = schema[keyword];
    if (typeof least === 'number' && least > limits[limit]) {
      faults.push({
        pointer: `${pointer}/${keyword}`,
        message: `${keyword} ${describeCount(least)} asks more than the ${describeCount(limits[limit])} ${what} ${raiseWith(limit)}.`,
      });
    }
  }
  return faults;
}

/** Every bound of contract-limits.ts the document's paths and schemas pass. */
export function checkBounds(document: JsonObject, index: SchemaIndex, limits: ContractLimits): OpenApiFault[] {
  const faults = checkOperations(document, limits);
  for (const [schema, pointer] of index.pointers) {
    for (const fault of checkSchema(schema as JsonObject, pointer, limits)) faults.push(fault);
  }
  const nesting = checkNesting(index, limits);
  if (nesting) faults.push(nesting);
  const applied = checkSchemasPerValue(index, limits);
  if (applied) faults.push(applied);
  return faults;
}

/** The named schemas a chain passes through, as a message lists them: the first few and the last. */
function namedSchemas(chain: readonly object[], index: SchemaIndex): string {
  const names = chain.flatMap((schema) => {
    const name = /^\/components\/schemas\/([^/]+)$/.exec(index.pointers.get(schema) ?? '')?.[1];
    return name === undefined ? [] : [unescapePointerSegment(name)];
  });
  if (names.length === 0) return '';
  const shown = names.length > 6 ? [...names.slice(0, 4), '…', ...names.slice(-1)] : names;
  return ` (through ${shown.join(' → ')})`;
}

/** Schemas nested deeper than a validator compiles and a generator walks without running out of stack. */
function checkNesting(index: SchemaIndex, limits: ContractLimits): OpenApiFault | undefined {
  const { depth, chain } = deepestNesting(index);
  const start = chain[0];
  if (depth <= limits.schemaDepth || start === undefined) return undefined;
  return {
    pointer: index.pointers.get(start) ?? '',
    message: `schemas nest ${describeCount(depth)} deep from here${namedSchemas(chain, index)}, through properties, items, allOf, anyOf, oneOf and $refs, more than the ${describeCount(limits.schemaDepth)} the mock compiles ${raiseWith('schemaDepth')}. Shorten the chain: a schema may name the one it extends once, not through every step.`,
  };
}

/** A schema that applies more schemas to one value than a validator may call for it. */
function checkSchemasPerValue(index: SchemaIndex, limits: ContractLimits): OpenApiFault | undefined {
  const { count, start } = mostSchemasOnOneValue(index);
  if (count <= limits.schemasPerValue || start === undefined) return undefined;
  const written = count > Number.MAX_SAFE_INTEGER ? `about 2^${Math.round(Math.log2(count))}` : describeCount(count);
  return {
    pointer: index.pointers.get(start) ?? '',
    message: `it applies ${written} schemas to one value, each schema counted on every path of $ref, allOf, anyOf, oneOf, not, if, then, else and dependentSchemas that names it, more than the ${describeCount(limits.schemasPerValue)} a validator may call for one value ${raiseWith('schemasPerValue')}. A schema that names the same part twice, at each level, doubles the count at each: name each part once.`,
  };
}
