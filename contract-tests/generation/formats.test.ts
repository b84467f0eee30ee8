import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { validValue } from '../support/requests.js';
import { validValues } from './valid-values.js';

type AddFormats = (ajv: Ajv2020, options: { mode: 'fast' | 'full' }) => void;

/** The format's check as Ajv makes it with ajv-formats, in each of its modes. */
function ajvChecks(format: string): Array<[string, (value: unknown) => boolean]> {
  return (['fast', 'full'] as const).map((mode) => {
    const ajv = new Ajv2020({ strict: false, logger: false });
    (addFormatsModule as unknown as AddFormats)(ajv, { mode });
    const validate = ajv.compile({ type: 'string', format });
    return [mode, (value: unknown) => validate(value) === true];
  });
}

/** Every string format ajv-formats checks, and iri, which no validator checks but a URL fits. */
const FORMATS = [
  ...Object.entries(fullFormats)
    .filter(
      ([, definition]) => !(typeof definition === 'object' && 'type' in definition && definition.type === 'number'),
    )
    .map(([format]) => format),
  'idn-email',
  'iri',
];

/** Formats whose values are of one length, or a few. */
const FIXED_LENGTH = [
  'uuid',
  'date',
  'date-time',
  'iso-date-time',
  'time',
  'iso-time',
  'duration',
  'ipv4',
  'ipv6',
  'byte',
];

/** Values the suite makes of a schema: its edges, random ones from a fixed seed, and fixed ones. */
function madeValues(schema: Record<string, unknown>): string[] {
  const generated = validValues(schema, 'field', {});
  const random = fc.sample(generated.arbitrary, { numRuns: 300, seed: 36 });
  const fixed = Array.from({ length: 10 }, () => validValue(schema, 'field', {}));
  return [...generated.edges, ...random, ...fixed] as string[];
}

const codePoints = (text: string) => [...text].length;

describe('values of string formats', () => {
  it.each(FORMATS)('every %s the suite makes is taken by Ajv with ajv-formats, fast and full', (format) => {
    const checks = ajvChecks(format);
    // A value built on a token (an email, a URL, a host name) meets a lower bound too; a uuid is always 36 long.
    const lengths = FIXED_LENGTH.includes(format)
      ? [{}, { maxLength: 40 }]
      : [{}, { maxLength: 40 }, { minLength: 30 }];
    for (const bounds of lengths) {
      const schema: { minLength?: number; maxLength?: number } = { ...bounds };
      const values = madeValues({ type: 'string', format, ...schema });
      const refused = values.flatMap((value) =>
        checks.filter(([, check]) => !check(value)).map(([mode]) => `${JSON.stringify(value)} (${mode})`),
      );
      expect(refused).toEqual([]);
      const outside = values.filter(
        (value) => codePoints(value) > (schema.maxLength ?? Infinity) || codePoints(value) < (schema.minLength ?? 0),
      );
      expect(outside).toEqual([]);
    }
  });

  it('fixed emails, URLs and host names are unique, so that two writes never collide', () => {
    for (const format of ['email', 'uri', 'hostname']) {
      const values = Array.from({ length: 50 }, () =>
        validValue({ type: 'string', format, maxLength: 40 }, 'field', {}),
      );
      expect(new Set(values).size).toBe(50);
    }
    expect(validValue({ type: 'string', format: 'email' }, 'email', {})).toMatch(
      /^contract-email-[a-z0-9-]+@example\.com$/,
    );
    expect(validValue({ type: 'string', format: 'uri' }, 'url', {})).toMatch(/^https:\/\/example\.com\/contract-url-/);
  });

  it('a format the suite does not know is plain text', () => {
    expect(validValue({ type: 'string', format: 'x-colour' }, 'shade', {})).toMatch(/^contract-shade-/);
    const generated = validValues({ type: 'string', format: 'x-colour', maxLength: 5 }, 'shade', {});
    expect(generated.edges).toContain('');
  });

  it('bounds no value of a format meets give plain text rather than a run that never ends', () => {
    const generated = validValues({ type: 'string', format: 'uuid', maxLength: 10 }, 'token', {});
    const values = fc.sample(generated.arbitrary, { numRuns: 20, seed: 1 }) as string[];
    expect(values.filter((value) => codePoints(value) > 10)).toEqual([]);
  });
});
